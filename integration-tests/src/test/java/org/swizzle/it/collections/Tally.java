package org.swizzle.it.collections;

/** Counts of what a model run did, for its summary line. */
final class Tally {
    int operations;
    int heldOperations;
    int commits;
    int aborts;
    int detachedChecks;
    int staleTreeIterators;
    int kills;
    int trackedOnlyChildren;
    int killedInCommit;
    int inFlightKept;
    int differences;

    void add(ChildOutput output) {
        operations += output.count("OP");
        heldOperations += output.heldOperations();
        commits += output.count("ACK");
        aborts += output.count("ABORT");
        detachedChecks += output.detachedChecks();
        staleTreeIterators += output.count("DROP");
        kills++;
        trackedOnlyChildren += output.trackedOnly() ? 1 : 0;
        int last = output.lines().size() - 1;
        killedInCommit += last >= 0 && output.lines().get(last).kind().equals("PENDING") ? 1 : 0;
    }

    @Override
    public String toString() {
        return "operations=" + operations + " commits=" + commits + " aborts=" + aborts + " kills=" + kills
            + " differences=" + differences + " (operations on values held across a commit=" + heldOperations
            + ", children changing tracked collections only=" + trackedOnlyChildren + ", detached values refusing a change after abort=" + detachedChecks
            + ", tree iterators dropped once stale=" + staleTreeIterators + ", kills in a commit=" + killedInCommit
            + ", of which found committed=" + inFlightKept + ")";
    }
}
