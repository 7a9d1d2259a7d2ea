package org.swizzle.it.crash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.swizzle.ObjectStore;
import org.swizzle.it.Jvm;

/**
 * Deterministic kills during a checkpoint: a child JVM running {@link CrashWorkload} with a fixed
 * seed is stopped by the debugger at one line of {@code SegmentStore.checkpoint} and killed there
 * with SIGKILL ({@link CheckpointKiller}), once for every line of the method. The store must reopen
 * with exactly the committed state, and go on committing.
 */
class CheckpointCrashTest {
    private static final String SEED = "20261122";
    private static final String SMALL_CHECKPOINTS = "checkpoint=" + (1 << 20);

    @TempDir
    Path dir;

    /**
     * The checkpoint that a commit starts when the log passes 1 MiB: the commit was forced to the log
     * before its checkpoint began, so the reopened store must hold it, though it was never acknowledged.
     */
    @Test
    void shouldReopenWithTheCommitInFlightWhenKilledAtAnyLineOfTheCheckpointAfterIt() throws Exception {
        LineKills kills = new LineKills("commit", index -> {
            Path store = dir.resolve("after-commit-" + index);
            return new Run(store, store.toString(), SEED, SMALL_CHECKPOINTS, "heavy");
        }, output -> {
            ChildLog.Line last = output.last();
            assertEquals("PENDING", last.kind(), "the child was killed inside a commit:\n" + output.tail(2000));
            return last.words()[1];
        });
        kills.atEveryLine();
    }

    /**
     * The checkpoint that ends recovery on open, after a process died with commits in its log: the
     * store must reopen with every commit of that process, whichever line of that checkpoint the
     * second process was killed at.
     */
    @Test
    void shouldReopenWithEveryAcknowledgedCommitWhenKilledAtAnyLineOfTheCheckpointAfterRecovery() throws Exception {
        Path prepared = dir.resolve("prepared");
        String written = Jvm.withAgent().run(CrashWorkload.class, prepared.toString(), SEED, "-", "light", "40").ok().output;
        String acknowledged = ChildLog.of(written).last("ACK").words()[1];
        LineKills kills = new LineKills("open", index -> {
            Path store = dir.resolve("recovery-" + index);
            copy(prepared, store);
            return new Run(store, store.toString(), SEED, "-", "light");
        }, output -> {
            assertFalse(output.has("START"), "the child was killed before it finished opening:\n" + output.tail(2000));
            return acknowledged;
        });
        kills.atEveryLine();
    }

    /** A child run: its store and the arguments of {@link CrashWorkload}. */
    private record Run(Path store, String... args) {
    }

    /** Makes the store and arguments of the {@code index}-th run. */
    private interface RunMaker {
        Run make(int index) throws IOException;
    }

    /**
     * Kills children at each line of the checkpoint called from {@code caller}: the first run aims at
     * the first line and learns the others.
     *
     * @param expected the digest the store must hold after a run, from the child's output
     */
    private record LineKills(String caller, RunMaker runs, Function<ChildLog, String> expected) {

        void atEveryLine() throws Exception {
            CheckpointKiller killer = new CheckpointKiller(caller);
            List<Integer> reached = new ArrayList<>();
            List<String> missed = new ArrayList<>();
            CheckpointKiller.Outcome first = killAndCheck(killer, 0, 0, reached, missed);
            int index = 1;
            for (int line : first.lines()) {
                if (line != first.line()) {
                    killAndCheck(killer, index++, line, reached, missed);
                }
            }
            System.out.println("checkpoint called from " + caller + ": killed at lines " + reached + "; not reached: " + missed);
            assertTrue(reached.size() >= 3, "the child was killed at only " + reached + " lines of the checkpoint; " + missed);
        }

        private CheckpointKiller.Outcome killAndCheck(CheckpointKiller killer, int index, int line, List<Integer> reached,
            List<String> missed) throws Exception {
            Run run = runs.make(index);
            Path log = run.store().resolveSibling(run.store().getFileName() + ".log");
            CheckpointKiller.Outcome outcome = killer.run(log, line, run.args());
            if (outcome.killed()) {
                String where = "killed at line " + outcome.line() + " of the checkpoint called from " + caller
                    + outcome.where() + "\n(store " + run.store() + ", seed " + SEED + ")";
                reopenAndCheck(run.store(), expected.apply(ChildLog.read(log)), where);
                reached.add(outcome.line());
            } else {
                missed.add(outcome.line() + " (" + outcome.where() + ")");
            }
            return outcome;
        }
    }

    /** Reopens the store, checks its state, commits more to it and checks that those commits stay. */
    private static void reopenAndCheck(Path store, String expected, String where) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectStore opened = ObjectStore.open(store)) {
            String found = StateDigest.of(GraphReader.read(opened.root(CrashWorkload.ROOT, CrashRoot.class)));
            assertEquals(expected, found, "the state of the reopened store, " + where);
            new CrashWorkload(opened, 7, false, new Announcer(bytes)).run(12);
        }
        String acknowledged = ChildLog.of(bytes.toString(StandardCharsets.UTF_8)).last("ACK").words()[1];
        try (ObjectStore opened = ObjectStore.open(store)) {
            String found = StateDigest.of(GraphReader.read(opened.root(CrashWorkload.ROOT, CrashRoot.class)));
            assertEquals(acknowledged, found, "the state after more commits and a clean close, " + where);
        }
    }

    private static void copy(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        try (Stream<Path> files = Files.list(from)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Files.copy(file, to.resolve(file.getFileName()));
            }
        }
    }
}
