package org.swizzle.store;

import java.nio.file.Path;

/**
 * The compaction that {@link CompactionCrashTest} kills: opens the store in {@code args[0]} with
 * {@link ChurnedStore#CONFIG}, prints {@code opened}, compacts it in steps of about {@code args[1]} bytes, printing
 * {@code step <n> <allocated end>} once each is applied, then {@code compacted <allocated end>}, and closes it.
 */
public final class CompactingProcess {
    private CompactingProcess() {
    }

    public static void main(String[] args) {
        try (SegmentStore store = SegmentStore.open(Path.of(args[0]), ChurnedStore.CONFIG)) {
            say("opened");
            int[] steps = {0};
            CompactionResult result = store.compact((moved, toMove, end) -> say("step " + ++steps[0] + " " + end),
                Long.parseLong(args[1]));
            say("compacted " + result.allocatedAfter());
        }
    }

    private static void say(String line) {
        System.out.println(line);
        System.out.flush();
    }
}
