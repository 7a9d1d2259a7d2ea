package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kills a compacting JVM with SIGKILL at many points (in its scan and first step, after each of several steps
 * with delays that land in the next step's WAL write, apply or checkpoint, and in the last block, checkpoint and
 * cut; the {@link CrashWindows} widen each), each time on a fresh copy of one churned store. Each time, the store must
 * pass {@code verify} as the crash left it (pending blocks included), reopen with every object byte-identical
 * with its class id, pass {@code verify} again, and compact to the end from where it was left.
 */
class CompactionCrashTest {
    private static final long SEED = 23;
    private static final long STEP_BYTES = 64 * 1024;
    private static final int WINDOW_MILLIS = 15;

    @TempDir
    Path dir;

    @Test
    void shouldKeepEveryObjectWhenTheCompactionIsKilledAtAnyPoint() throws Exception {
        Path prepared = dir.resolve("prepared");
        ChurnedStore churned = ChurnedStore.create(prepared, SEED, 3000, 75);
        long allocatedBefore;
        long fullyCompacted;
        int steps;
        try (SegmentStore store = SegmentStore.open(copy(prepared, dir.resolve("reference")), ChurnedStore.CONFIG)) {
            allocatedBefore = store.allocatedBytes();
            CompactionResult result = store.compact(CompactionListener.NONE, STEP_BYTES);
            steps = result.steps();
            assertTrue(steps >= 8, "enough steps to kill in: " + result);
            fullyCompacted = result.allocatedAfter();
        }
        Random random = new Random(SEED);
        List<String> outcomes = new ArrayList<>();
        // After the last step come the block that lowers the allocated end, the checkpoint and the cut.
        int[] afterSteps = {0, 1, 2, 3, 5, steps - 1, steps};
        for (int i = 0; i < afterSteps.length; i++) {
            for (int delay : new int[] {random.nextInt(2 * WINDOW_MILLIS), 2 * WINDOW_MILLIS + random.nextInt(4 * WINDOW_MILLIS)}) {
                Path store = copy(prepared, dir.resolve("run-" + i + "-" + delay));
                String where = killDuringCompaction(store, afterSteps[i], delay);
                outcomes.add(where);
                checkAfterCrash(store, churned, allocatedBefore, fullyCompacted, where);
            }
        }
        System.out.println("compaction killed " + outcomes);
    }

    /**
     * Starts a compaction of {@code store} and kills it {@code delay} ms after its {@code steps}-th step (after it
     * opened the store for 0); says where it was.
     */
    private static String killDuringCompaction(Path store, int steps, int delay) throws Exception {
        Process child = ChildJvm.builder(CompactingProcess.class,
            List.of("-D" + CrashWindows.PROPERTY + "=" + WINDOW_MILLIS), store.toString(), Long.toString(STEP_BYTES))
            .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String last = "nothing";
        try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.US_ASCII))) {
            int seen = 0;
            String line;
            while ((steps == 0 ? !last.equals("opened") : seen < steps) && (line = out.readLine()) != null) {
                last = line;
                seen += line.startsWith("step") ? 1 : 0;
            }
            Thread.sleep(delay);
            ChildJvm.kill(child);
            while ((line = out.readLine()) != null) {
                last = line;
            }
        } finally {
            child.destroyForcibly();
        }
        return delay + " ms after step " + steps + ", last line '" + last + "'";
    }

    private static void checkAfterCrash(Path store, ChurnedStore churned, long allocatedBefore, long fullyCompacted,
        String where) {
        assertEquals(Tool.CLEAN, verify(store, where), where);
        try (SegmentStore opened = SegmentStore.open(store, ChurnedStore.CONFIG)) {
            churned.check(opened, "killed " + where);
            assertTrue(opened.allocatedBytes() <= allocatedBefore, where);
        }
        assertEquals(Tool.CLEAN, verify(store, where), where);
        try (SegmentStore opened = SegmentStore.open(store, ChurnedStore.CONFIG)) {
            opened.compact(CompactionListener.NONE, STEP_BYTES);
            assertTrue(opened.allocatedBytes() <= fullyCompacted + 2L * StoreConfig.MIN_CLUSTER_SIZE,
                where + ": compacting on ends near where one run ends, " + fullyCompacted + ", at " + opened.allocatedBytes());
            churned.check(opened, "compacted on after " + where);
        }
    }

    private static int verify(Path store, String where) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = Tool.run(new String[] {"verify", store.toString()}, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        if (code != Tool.CLEAN) {
            System.out.println("verify after a kill " + where + ":\n" + out.toString(StandardCharsets.UTF_8));
        }
        return code;
    }

    private static Path copy(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        for (String name : new String[] {StoreDirs.CLUSTERS, StoreDirs.SEGMENTS, StoreDirs.WAL}) {
            StoreDirs.copy(from, to, name);
        }
        return to;
    }
}
