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

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.swizzle.it.Announcer;
import org.swizzle.it.Jvm;

/**
 * Deterministic kills during a checkpoint: a child JVM running a {@link Workload} with a fixed seed
 * is stopped by the debugger at one line of the static {@code SegmentStore.writeCheckpoint} and killed there with
 * SIGKILL ({@link CheckpointKiller}), once for every line of the method. The store must reopen with
 * exactly the committed state, and go on committing. Each test runs with the object graph of
 * {@link CrashWorkload} and with {@link FreeWorkload}, whose commits free objects and reuse their space.
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
        reopenWithTheCommitInFlightWhenKilledAtAnyLineOfTheCheckpointAfterIt(Workload.GRAPH);
    }

    /** The same with the workload that frees objects and reuses their space, with the extended tests (about 15 s). */
    @Tag("extended")
    @Test
    void shouldReopenWithTheCommitInFlightAfterACheckpointWhenCommitsFreeSpace() throws Exception {
        reopenWithTheCommitInFlightWhenKilledAtAnyLineOfTheCheckpointAfterIt(Workload.FREES);
    }

    private void reopenWithTheCommitInFlightWhenKilledAtAnyLineOfTheCheckpointAfterIt(Workload workload)
        throws Exception {
        LineKills kills = new LineKills(workload, "commit", index -> {
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
     * second process was killed at. With the extended tests (about 13 s): the default suite kills a process at every
     * line of a checkpoint after recovery in
     * {@link #shouldReopenWithEveryAcknowledgedCommitWhenKilledTwiceInTheCheckpointAfterRecovery}.
     */
    @Tag("extended")
    @Test
    void shouldReopenWithEveryAcknowledgedCommitWhenKilledAtAnyLineOfTheCheckpointAfterRecovery() throws Exception {
        reopenWithEveryAcknowledgedCommitWhenKilledAtAnyLineOfTheCheckpointAfterRecovery(Workload.GRAPH);
    }

    /** The same with the workload that frees objects and reuses their space, with the extended tests (about 10 s). */
    @Tag("extended")
    @Test
    void shouldReopenWithEveryAcknowledgedCommitAfterRecoveryWhenCommitsFreeSpace() throws Exception {
        reopenWithEveryAcknowledgedCommitWhenKilledAtAnyLineOfTheCheckpointAfterRecovery(Workload.FREES);
    }

    private void reopenWithEveryAcknowledgedCommitWhenKilledAtAnyLineOfTheCheckpointAfterRecovery(Workload workload)
        throws Exception {
        Path prepared = dir.resolve("prepared");
        String acknowledged = leaveCommitsInTheLog(workload, prepared);
        recoverKilledAtEveryLine(workload, prepared, "recovery-", acknowledged);
    }

    /**
     * Two processes in a row killed in the checkpoint that ends recovery: the first once that checkpoint has written
     * its slot and not reset the log, so that the second finds a log that follows the checkpoint before the last one,
     * which holds its blocks; the second at each line of its checkpoint. The store must reopen with every
     * acknowledged commit (outside trial 65: the second checkpoint took the slot of the checkpoint the log followed,
     * and once it was stopped before it reset the log, no open accepted the store).
     */
    @Test
    void shouldReopenWithEveryAcknowledgedCommitWhenKilledTwiceInTheCheckpointAfterRecovery() throws Exception {
        Workload workload = Workload.GRAPH;
        Path prepared = dir.resolve("prepared");
        String acknowledged = leaveCommitsInTheLog(workload, prepared);
        Path killedOnce = dir.resolve("killed-once");
        copy(prepared, killedOnce);
        CheckpointKiller.Outcome first = new CheckpointKiller("open").runToLogReset(workload.main(),
            dir.resolve("killed-once.log"), killedOnce.toString(), SEED, "-", "light");
        assertTrue(first.killed(), "the first recovery was not killed before it reset the log: " + first.where());
        recoverKilledAtEveryLine(workload, killedOnce, "killed-twice-", acknowledged);
    }

    /** Runs 40 transactions of {@code workload} into {@code store}, leaving their commits in the log; returns the last one acknowledged. */
    private static String leaveCommitsInTheLog(Workload workload, Path store) {
        String written = Jvm.withAgent().run(workload.main(), store.toString(), SEED, "-", "light", "40").ok().output;
        return ChildLog.of(written).last("ACK").words()[1];
    }

    /** Opens copies of {@code store}, killed at each line of the checkpoint that ends recovery; each must reopen with {@code acknowledged}. */
    private void recoverKilledAtEveryLine(Workload workload, Path store, String prefix, String acknowledged)
        throws Exception {
        LineKills kills = new LineKills(workload, "open", index -> {
            Path copy = dir.resolve(prefix + index);
            copy(store, copy);
            return new Run(copy, copy.toString(), SEED, "-", "light");
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
     * Kills children of {@code workload} at each line of the checkpoint called from {@code caller}: the
     * first run aims at the first line and learns the others.
     *
     * @param expected the digest the store must hold after a run, from the child's output
     */
    private record LineKills(Workload workload, String caller, RunMaker runs, Function<ChildLog, String> expected) {

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
            System.out.println("checkpoint called from " + caller + " (" + workload + "): killed at lines " + reached
                + "; not reached: " + missed);
            assertTrue(reached.size() >= 3, "the child was killed at only " + reached + " lines of the checkpoint; " + missed);
        }

        private CheckpointKiller.Outcome killAndCheck(CheckpointKiller killer, int index, int line, List<Integer> reached,
            List<String> missed) throws Exception {
            Run run = runs.make(index);
            Path log = run.store().resolveSibling(run.store().getFileName() + ".log");
            CheckpointKiller.Outcome outcome = killer.run(workload.main(), log, line, run.args());
            if (outcome.killed()) {
                String where = "killed at line " + outcome.line() + " of the checkpoint called from " + caller
                    + outcome.where() + "\n(" + workload + ", store " + run.store() + ", seed " + SEED + ")";
                reopenAndCheck(workload, run.store(), expected.apply(ChildLog.read(log)), where);
                reached.add(outcome.line());
            } else {
                missed.add(outcome.line() + " (" + outcome.where() + ")");
            }
            return outcome;
        }
    }

    /**
     * Reopens the store, checks its state and what the run did to it ({@link Workload#checkRun}), commits more to
     * it and checks that those commits stay.
     */
    private static void reopenAndCheck(Workload workload, Path store, String expected, String where) {
        assertEquals(expected, workload.digest(store), "the state of the reopened store, " + where);
        workload.checkRun(store);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        workload.commitMore(store, 7, 12, new Announcer(bytes));
        String acknowledged = ChildLog.of(bytes.toString(StandardCharsets.UTF_8)).last("ACK").words()[1];
        assertEquals(acknowledged, workload.digest(store), "the state after more commits and a clean close, " + where);
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
