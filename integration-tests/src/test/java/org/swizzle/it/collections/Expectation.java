package org.swizzle.it.collections;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What the store may hold after a kill, from the children's lines: the state of the last
 * acknowledged commit (or found on the last open), or that of the commit in flight ({@code PENDING}
 * without its {@code ACK}). Anything else is a lost update; the failure then shows the first line
 * where the store differs from the acknowledged state, from the renderings the child wrote.
 */
final class Expectation {
    private final Path states;
    private String committed = Rendering.digest(Rendering.EMPTY);
    private String committedBy = "the empty store";
    private String pending;
    private int inFlightKept;

    Expectation(Path states) {
        this.states = states;
    }

    /** Takes in the lines of one child run; {@code run} names it in failures. */
    void follow(ChildOutput output, String run) {
        for (ChildOutput.Line line : output.lines()) {
            switch (line.kind()) {
                case "START" -> check(line.words()[1], null, run + ", state found by the child on open");
                case "PENDING" -> pending = line.words()[1];
                case "ACK" -> {
                    if (!line.words()[2].equals(pending)) {
                        throw new AssertionError(run + ": " + line.text() + " does not match the PENDING before it, " + pending);
                    }
                    settle(pending, line.text());
                }
                case "FAILED" -> throw new AssertionError(run + ": the child found a difference: " + line.text());
                default -> {
                }
            }
        }
    }

    /**
     * Checks the state a store was found in and settles on it.
     *
     * @param rendering the state's rendering, to show the first difference; null if unknown
     */
    void check(String digest, String rendering, String where) {
        if (digest.equals(pending) && !digest.equals(committed)) {
            inFlightKept++;
        }
        if (!digest.equals(committed) && !digest.equals(pending)) {
            throw new AssertionError(where + ": the store holds state " + digest + ", expected " + committed + " ("
                + committedBy + ")" + (pending == null ? "" : " or " + pending + " (the commit in flight)")
                + difference(rendering));
        }
        settle(digest, where);
    }

    private void settle(String digest, String by) {
        committed = digest;
        committedBy = by;
        pending = null;
    }

    private String difference(String found) {
        Path expected = states.resolve(committed);
        if (found == null || !Files.exists(expected)) {
            return "";
        }
        try {
            return "; first difference from the acknowledged state at " + Rendering.firstDifference(Files.readString(expected), found);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The digest of the state the store was last found in or acknowledged. */
    String committed() {
        return committed;
    }

    /** How many checks found the commit in flight at the kill committed. */
    int inFlightKept() {
        return inFlightKept;
    }
}
