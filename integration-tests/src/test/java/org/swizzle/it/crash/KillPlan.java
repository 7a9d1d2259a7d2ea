package org.swizzle.it.crash;

import java.nio.file.Path;
import java.util.Random;

import org.swizzle.it.Jvm;

/**
 * How one child run of the crash harness is set up and when it is killed, drawn from the harness's
 * random source so that a seed replays the same sequence of plans.
 *
 * @param childSeed        the seed of the child's transactions
 * @param trigger          what the kill waits for
 * @param count            for {@link Trigger#AFTER_ACKS} and {@link Trigger#IN_COMMIT}: which ACK or PENDING line
 * @param delayMillis      how long after the trigger the kill comes
 * @param crashWindowsMs   {@code swizzle.store.crashWindows} of the child (0: none)
 * @param checkpointBytes  the child's checkpoint threshold (0: the default)
 * @param residentBudget   the child's resident-object budget (0: none), so that objects are rehollowed and faulted again
 * @param heavy            whether each transaction also writes a large array, to fill the log fast
 * @param verifyAfter      whether the test JVM opens and checks the store after the kill (else the next
 *                         child's START line is checked)
 */
record KillPlan(long childSeed, Trigger trigger, int count, int delayMillis, int crashWindowsMs, long checkpointBytes,
                int residentBudget, boolean heavy, boolean verifyAfter) {

    /** What a kill waits for before its delay starts. */
    enum Trigger {
        /** The launch of the JVM: the kill may land in JVM start, open, recovery or the checkpoint after it. */
        LAUNCH,
        /** The child's START line: it has opened the store and begins transactions. */
        START,
        /** The {@code count}-th ACK line. */
        AFTER_ACKS,
        /** The {@code count}-th PENDING line: the kill lands inside that commit, or just after it. */
        IN_COMMIT
    }

    /**
     * A random plan.
     *
     * @param startupMillis how long the last child took from launch to START, to aim kills during startup
     */
    static KillPlan random(Random random, long startupMillis) {
        long childSeed = random.nextLong();
        int windows = random.nextInt(20) < 10 ? 0 : random.nextInt(20) < 14 ? 20 : 3;
        long checkpointBytes = random.nextBoolean() ? 1 << 20 : 0;
        int residentBudget = random.nextInt(4) == 0 ? 1000 : 0;
        boolean heavy = checkpointBytes != 0 && random.nextInt(10) < 7;
        boolean verifyAfter = random.nextInt(10) < 7;
        int draw = random.nextInt(20);
        Trigger trigger = draw < 2 ? Trigger.LAUNCH
            : draw < 9 ? Trigger.START
            : draw < 13 ? Trigger.AFTER_ACKS
            : Trigger.IN_COMMIT;
        int count = 1 + random.nextInt(trigger == Trigger.AFTER_ACKS ? 6 : 4);
        int delay = switch (trigger) {
            case LAUNCH -> (int) (startupMillis / 2 + random.nextInt((int) Math.max(1, startupMillis)));
            case START -> 50 + random.nextInt(450);
            case AFTER_ACKS -> 0;
            case IN_COMMIT -> random.nextInt(4 * windows + 3);
        };
        return new KillPlan(childSeed, trigger, count, delay, windows, checkpointBytes, residentBudget, heavy, verifyAfter);
    }

    /** The child JVM, with the agent ({@code agentOptions}, may be empty) and the crash windows. */
    Jvm jvm(String agentOptions) {
        Jvm jvm = Jvm.withAgent(agentOptions).jvmOption("-XX:+UseSerialGC").jvmOption("-Xmx256m");
        return crashWindowsMs == 0 ? jvm : jvm.jvmOption("-Dswizzle.store.crashWindows=" + crashWindowsMs);
    }

    /** The arguments of {@link CrashWorkload}, for a store created with clusters of {@code clusterSize} bytes. */
    String[] args(Path store, int clusterSize) {
        String options = "cluster=" + clusterSize + (checkpointBytes == 0 ? "" : ",checkpoint=" + checkpointBytes)
            + (residentBudget == 0 ? "" : ",budget=" + residentBudget);
        return new String[] {store.toString(), Long.toString(childSeed), options, heavy ? "heavy" : "light"};
    }

    /** Whether what the child wrote so far is what the kill waits for. */
    boolean triggered(ChildLog log) {
        return switch (trigger) {
            case LAUNCH -> true;
            case START -> log.has("START");
            case AFTER_ACKS -> log.count("ACK") >= count;
            case IN_COMMIT -> log.count("PENDING") >= count;
        };
    }
}
