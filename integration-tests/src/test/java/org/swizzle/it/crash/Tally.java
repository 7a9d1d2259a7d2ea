package org.swizzle.it.crash;

/** Counts of what a crash harness run did, for its summary line. */
final class Tally {
    int clusterSize;
    int kills;
    int acks;
    int aborts;
    int killedBeforeStart;
    int killedInCommit;
    int inFlightKept;
    int inFlightLost;
    int withCrashWindows;
    int withSmallCheckpoints;
    int withResidentBudget;
    int checkedInTestJvm;
    int checkedByNextChild;

    @Override
    public String toString() {
        return kills + " kills on a store with clusters of " + clusterSize + " bytes (" + killedBeforeStart
            + " before the child's START, " + killedInCommit + " with a commit in flight: " + inFlightKept + " found committed, " + inFlightLost + " found not committed; "
            + withCrashWindows + " with crash windows, " + withSmallCheckpoints + " with 1 MiB checkpoints, "
            + withResidentBudget + " with a resident budget of 1000 objects), "
            + acks + " acknowledged commits, " + aborts + " aborts; stores checked " + checkedInTestJvm
            + " times in the test JVM and " + checkedByNextChild + " times by the next child";
    }
}
