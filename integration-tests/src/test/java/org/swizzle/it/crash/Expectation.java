package org.swizzle.it.crash;

import java.util.ArrayList;
import java.util.List;

/**
 * What a crashed store may hold, from the protocol lines of the children so far: the digest of the
 * last state known committed (the last ACK, or the last state found on open), and, if a commit was
 * in flight when the child died ({@code PENDING} without its {@code ACK}), the digest that commit
 * makes. Exactly these two are acceptable: anything else is a lost acknowledged commit or a half
 * commit. Also checks that acknowledged commit numbers grow: by one within a run, and past every
 * earlier acknowledged number across runs.
 */
final class Expectation {
    private String committed = StateDigest.EMPTY;
    private String committedBy = "the empty store";
    private String pending;
    private String pendingBy;
    private long lastAck;
    private int inFlightKept;
    private int inFlightLost;

    /**
     * Takes in the protocol lines of one child run.
     *
     * @param run names the run in failure messages (seed, kill number)
     * @throws AssertionError when the lines contradict what was expected
     */
    void follow(ChildLog log, String run) {
        long previousInRun = -1;
        for (ChildLog.Line line : log.lines()) {
            switch (line.kind()) {
                case "START" -> {
                    check(line.words()[1], run + ", state found on open (START seq " + line.words()[0] + ")");
                    settle(line.words()[1], "START seq " + line.words()[0] + " of " + run);
                }
                case "PENDING" -> {
                    pending = line.words()[1];
                    pendingBy = "PENDING seq " + line.words()[0] + " of " + run;
                }
                case "ACK" -> {
                    long number = line.number(0);
                    if (pending == null || !pending.equals(line.words()[1])) {
                        throw new AssertionError(run + ": ACK " + number + " " + line.words()[1]
                            + " does not match the PENDING before it (" + pendingBy + " " + pending + ")");
                    }
                    // a commit that changed nothing is not recorded and returns the last commit's number
                    boolean unchanged = pending.equals(committed) && number == lastAck;
                    if (!unchanged && (number <= lastAck || previousInRun >= 0 && number != previousInRun + 1)) {
                        throw new AssertionError(run + ": commit number " + number + " follows commit "
                            + (previousInRun >= 0 ? previousInRun + " in the same run" : lastAck + " of an earlier run"));
                    }
                    previousInRun = number;
                    lastAck = number;
                    settle(pending, "ACK " + number + " (" + pendingBy + ")");
                }
                case "FAILED" -> throw new AssertionError(run + ": the child failed: " + line.text() + "\n" + log.tail(6000));
                default -> {
                }
            }
        }
    }

    /**
     * Checks the digest of the state a store was found in.
     *
     * @throws AssertionError naming the acceptable states and where they come from
     */
    void check(String actual, String where) {
        if (pending != null && !pending.equals(committed)) {
            if (actual.equals(pending)) {
                inFlightKept++;
            } else {
                inFlightLost++;
            }
        }
        if (actual.equals(committed) || actual.equals(pending)) {
            return;
        }
        throw new AssertionError(where + ": the store holds state " + actual + ", expected " + acceptable()
            + " (last acknowledged commit number " + lastAck + ")");
    }

    /** Records that the store was found in state {@code digest}: a commit in flight is now decided. */
    void settle(String digest, String by) {
        committed = digest;
        committedBy = by;
        pending = null;
        pendingBy = null;
    }

    /** How many checks found the commit that was in flight committed. */
    int inFlightKept() {
        return inFlightKept;
    }

    /** How many checks found the commit that was in flight not committed. */
    int inFlightLost() {
        return inFlightLost;
    }

    String acceptable() {
        List<String> states = new ArrayList<>();
        states.add(committed + " (" + committedBy + ")");
        if (pending != null) {
            states.add(pending + " (" + pendingBy + ", in flight)");
        }
        return String.join(" or ", states);
    }

    long lastAck() {
        return lastAck;
    }
}
