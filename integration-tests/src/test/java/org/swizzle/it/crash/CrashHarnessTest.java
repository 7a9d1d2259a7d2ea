package org.swizzle.it.crash;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The crash harness of issue 3: a child JVM ({@link CrashWorkload}) runs random transactions on a
 * store and is killed with SIGKILL at random moments, many times over on the same store; after
 * each kill the store must hold exactly the state of the last acknowledged commit or of the commit
 * that was in flight, never a lost acknowledged commit and never a half commit. The states are
 * compared by digest: the child prints the digest of its own plain-Java model before each commit
 * ({@code PENDING}) and after it ({@code ACK}); the test reads the reopened store back into the same
 * model and digests it alike.
 *
 * <p>Kills land 50 to 500 ms after the child opened the store, right after its n-th ACK, a few
 * milliseconds after its n-th PENDING (inside that commit), or during JVM start and recovery. Some
 * children run with {@code -Dswizzle.store.crashWindows=3|20} (the store sleeps inside commit, apply
 * and checkpoint, widening those windows), some with 1 MiB checkpoints and a large array in every
 * transaction (frequent checkpoints), some with a resident budget of 1000 objects (rehollowing);
 * the store has the smallest clusters allowed or 64 KiB ones. See {@link CrashHarness},
 * {@link Expectation} and {@link KillPlan}.
 *
 * <p>It runs twice: with the object graph of {@link CrashWorkload}, and with {@link FreeWorkload}, whose
 * transactions free stored objects and reuse their space (the {@code budget} of a plan means nothing to it).
 *
 * <p>System properties (with Maven: {@code mvn -o -pl integration-tests verify
 * -Dtest='org.swizzle.it.crash.**' -Dswizzle.crash.kills=2000}):
 * <ul>
 *   <li>{@code swizzle.crash.kills}: how many kills of each workload (default 60); thousands is the long mode, at
 *       about half a second per kill on two cores (progress is printed every 100 kills);</li>
 *   <li>{@code swizzle.crash.seed}: the seed that decides every plan and every child's seed
 *       (default: a new one each run, printed in every failure message);</li>
 *   <li>{@code swizzle.crash.agent}: agent options for the children, such as {@code barrier=remset}.</li>
 * </ul>
 */
@Tag("extended")
class CrashHarnessTest {

    @TempDir
    Path dir;

    @Test
    void shouldKeepExactlyTheAcknowledgedCommitsAcrossRandomKills() throws Exception {
        killAndCheck(Workload.GRAPH);
    }

    /**
     * The same kills on a store that {@link FreeWorkload} changes through the store's API: objects created,
     * patched, resized and freed, whole segments emptied, most new objects in space that frees and released
     * tables gave back. After every check in this JVM the store's {@code verify} must pass (no live object
     * shares space with another or with a table) and find no empty segment that keeps its table; at the end,
     * tables of emptied segments must have been released.
     */
    @Test
    void shouldKeepExactlyTheAcknowledgedCommitsAndFreesAcrossRandomKills() throws Exception {
        killAndCheck(Workload.FREES);
        System.out.println("crash harness (FREES): " + Workload.FREES.checkRun(dir.resolve("store")));
    }

    private void killAndCheck(Workload workload) throws Exception {
        int kills = Integer.getInteger("swizzle.crash.kills", 60);
        long seed = Long.getLong("swizzle.crash.seed", System.nanoTime() ^ 0x5DEECE66DL);
        long start = System.nanoTime();
        Tally tally = new CrashHarness(workload, dir, seed, System.getProperty("swizzle.crash.agent", "")).run(kills);
        System.out.printf("crash harness (%s) seed=%d: %s, in %.1f s%n", workload, seed, tally,
            (System.nanoTime() - start) / 1e9);
        assertTrue(tally.acks > kills,
            "seed=" + seed + ": the children acknowledged only " + tally.acks + " commits in " + tally);
    }
}
