package org.swizzle.it.crash;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import org.swizzle.StoreOptions;

/**
 * Kills the children of a {@link Workload} with SIGKILL, one after another on the same store, and
 * checks after each kill that the store holds exactly the last acknowledged state or the state of
 * the commit that was in flight (see {@link Expectation}). The check is done by opening the store
 * in this JVM, or, for some kills, by the next child, which reports the state it found on open
 * (so that recovery also runs in a fresh JVM and can itself be killed).
 */
final class CrashHarness {
    private static final long CHILD_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(60);

    private final Workload workload;
    private final Path work;
    private final Path store;
    private final long seed;
    private final String agentOptions;
    private final Random random;
    private final int clusterSize;
    private final Expectation expectation = new Expectation();
    private final Tally tally = new Tally();
    private long startupMillis = 700;
    private String previousOutput = "";
    private boolean unchecked;

    /**
     * @param workload     what the children run
     * @param work         a directory for the store and the children's output
     * @param seed         the seed of the whole run: it decides every plan and every child's seed
     * @param agentOptions the children's agent options, may be empty
     */
    CrashHarness(Workload workload, Path work, long seed, String agentOptions) {
        this.workload = workload;
        this.work = work;
        this.store = work.resolve("store");
        this.seed = seed;
        this.agentOptions = agentOptions;
        this.random = new Random(seed);
        this.clusterSize = random.nextBoolean() ? StoreOptions.MIN_CLUSTER_SIZE : 64 * 1024;
        tally.clusterSize = clusterSize;
    }

    /** Runs {@code kills} child runs, each ended by a kill, then checks the store a last time. */
    Tally run(int kills) throws InterruptedException {
        for (int kill = 1; kill <= kills; kill++) {
            KillPlan plan = KillPlan.random(random, startupMillis);
            boolean last = kill == kills;
            runAndKill(kill, kills, plan, last || plan.verifyAfter());
            tally.inFlightKept = expectation.inFlightKept();
            tally.inFlightLost = expectation.inFlightLost();
            if (kills >= 200 && kill % 100 == 0) {
                System.out.println("crash harness seed=" + seed + ": " + tally);
            }
        }
        return tally;
    }

    private void runAndKill(int kill, int kills, KillPlan plan, boolean verify) throws InterruptedException {
        String run = "seed=" + seed + " kill " + kill + "/" + kills + " (clusters of " + clusterSize + " bytes) " + plan;
        Path log = work.resolve("child-" + kill + ".log");
        ChildLog output;
        try {
            output = startAndKill(plan, log, run);
            count(plan, output);
            expectation.follow(output, run);
            if (verify) {
                verifyInThisJvm(run);
            }
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "\nReplay the plans with -Dswizzle.crash.seed=" + seed
                + " (kill timing varies); last acknowledged commit number " + expectation.lastAck()
                + "\n--- output of this child:\n" + ChildLog.read(log).tail(4000)
                + "\n--- output of the child before:\n" + previousOutput, e);
        }
        unchecked = !verify;
        previousOutput = output.tail(3000);
        delete(log);
    }

    /** Starts the child, kills it with SIGKILL when the plan says, and returns what it wrote. */
    private ChildLog startAndKill(KillPlan plan, Path log, String run) throws InterruptedException {
        long launched = System.nanoTime();
        Process child = plan.jvm(agentOptions).start(log, workload.main(), plan.args(store, clusterSize));
        long killAt = Long.MAX_VALUE;
        boolean started = false;
        try {
            while (System.nanoTime() < killAt) {
                ChildLog output = ChildLog.read(log);
                if (!started && output.has("START")) {
                    started = true;
                    startupMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - launched);
                }
                if (killAt == Long.MAX_VALUE && plan.triggered(output)) {
                    killAt = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(plan.delayMillis());
                }
                if (!child.isAlive()) {
                    throw new AssertionError(run + ": the child exited by itself with " + child.exitValue());
                }
                if (System.nanoTime() - launched > CHILD_TIMEOUT_NANOS) {
                    throw new AssertionError(run + ": the child did not reach " + plan.trigger() + " in 60 s");
                }
                Thread.sleep(1);
            }
        } finally {
            child.toHandle().destroyForcibly();
            if (!child.waitFor(30, TimeUnit.SECONDS)) {
                throw new AssertionError(run + ": the child did not die within 30 s of SIGKILL");
            }
        }
        return ChildLog.read(log);
    }

    private void count(KillPlan plan, ChildLog output) {
        tally.kills++;
        tally.acks += output.count("ACK");
        tally.aborts += output.count("ABORT");
        tally.killedBeforeStart += output.has("START") ? 0 : 1;
        tally.withCrashWindows += plan.crashWindowsMs() > 0 ? 1 : 0;
        tally.withSmallCheckpoints += plan.checkpointBytes() > 0 ? 1 : 0;
        tally.withResidentBudget += plan.residentBudget() > 0 ? 1 : 0;
        if (output.has("START") && unchecked) {
            tally.checkedByNextChild++;
        }
        if (!output.lines().isEmpty() && output.lines().get(output.lines().size() - 1).kind().equals("PENDING")) {
            tally.killedInCommit++;
        }
    }

    /** Opens the store in this JVM and checks its state; the close checkpoints it. */
    private void verifyInThisJvm(String run) {
        String found;
        try {
            found = workload.digest(store);
        } catch (RuntimeException e) {
            throw new AssertionError(run + ": reopening the store in the test JVM failed: " + e, e);
        }
        expectation.check(found, run + ", reopened in the test JVM");
        expectation.settle(found, "the store reopened in the test JVM after " + run);
        tally.checkedInTestJvm++;
    }

    private static void delete(Path log) {
        try {
            Files.deleteIfExists(log);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
