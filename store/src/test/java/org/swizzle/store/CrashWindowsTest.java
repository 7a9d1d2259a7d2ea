package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The test hooks that widen crash windows: off by default, four pauses per commit and checkpoint when on, and
 * one more before a compaction cuts the cluster file.
 */
class CrashWindowsTest {
    private static final int MILLIS = 150;

    @TempDir
    Path dir;

    @Test
    void shouldBeOffUnlessThePropertyIsSet() {
        assertEquals(0, CrashWindows.millis(), "the suite runs without " + CrashWindows.PROPERTY);
        assertEquals(0, CrashWindows.parse(null));
        assertEquals(0, CrashWindows.parse(" "));
        assertEquals(25, CrashWindows.parse("25"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CrashWindows.parse("ten"));
        assertTrue(e.getMessage().contains(CrashWindows.PROPERTY) && e.getMessage().contains("ten"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> CrashWindows.parse("-1"));
    }

    @Test
    void shouldPauseInEachWindowWhenOn() throws IOException, InterruptedException {
        Process child = ChildJvm.builder(OneCommit.class, List.of("-D" + CrashWindows.PROPERTY + "=" + MILLIS),
            dir.toString()).redirectErrorStream(true).start();
        assertTrue(child.waitFor(60, TimeUnit.SECONDS), "the child did not finish");
        String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertEquals(0, child.exitValue(), out);
        long millis = Long.parseLong(out.substring(out.lastIndexOf(' ') + 1));
        assertTrue(millis >= 4 * MILLIS, "a commit and a checkpoint pause in four windows of " + MILLIS
            + " ms, but took " + millis + " ms");
    }

    @Test
    void shouldPauseInTheWindowsOfACompaction() throws IOException, InterruptedException {
        ChurnedStore.create(dir, 5, 600, 80);
        Process child = ChildJvm.builder(OneCompaction.class, List.of("-D" + CrashWindows.PROPERTY + "=" + MILLIS),
            dir.toString()).redirectErrorStream(true).start();
        assertTrue(child.waitFor(60, TimeUnit.SECONDS), "the child did not finish");
        String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertEquals(0, child.exitValue(), out);
        String[] words = out.substring(out.lastIndexOf("steps ")).split(" ");
        int steps = Integer.parseInt(words[1]);
        long millis = Long.parseLong(words[3]);
        int windows = 3 * (steps + 1) + 2;
        assertTrue(steps > 0 && millis >= windows * MILLIS, "a compaction of " + steps + " steps pauses in " + windows
            + " windows of " + MILLIS + " ms (three per step and in the block that lowers the allocated end, one in"
            + " its checkpoint and one before the cut), but took " + millis + " ms");
    }

    /** Compacts the store; prints its steps and the time it took. */
    public static final class OneCompaction {
        private OneCompaction() {
        }

        public static void main(String[] args) {
            try (SegmentStore store = SegmentStore.open(Path.of(args[0]), ChurnedStore.CONFIG)) {
                long start = System.nanoTime();
                CompactionResult result = store.compact(CompactionListener.NONE);
                System.out.println("steps " + result.steps() + " took "
                    + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
            }
        }
    }

    /** Commits once with sync and checkpoints; prints the time it took. */
    public static final class OneCommit {
        private OneCommit() {
        }

        public static void main(String[] args) {
            try (SegmentStore store = SegmentStore.open(Path.of(args[0]), StoreDirs.smallNoCheckpoint())) {
                long start = System.nanoTime();
                Transaction transaction = store.begin();
                TestBytes.putNew(transaction, 1, 100);
                transaction.commit(1);
                store.checkpoint();
                System.out.println("windows " + CrashWindows.millis() + " took "
                    + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
            }
        }
    }
}
