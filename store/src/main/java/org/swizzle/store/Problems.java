package org.swizzle.store;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What the tool found wrong with a store: problems (damage: the store is not clean) and warnings
 * (what a crash leaves, which the next open repairs), each naming its file and offset.
 */
final class Problems {
    /** At most this many lines are kept; the rest are only counted. */
    private static final int MAX_LINES = 1000;

    private final List<String> lines = new ArrayList<>();
    private int problems;
    private int warnings;

    void problem(Path file, long offset, String message) {
        problems++;
        add("PROBLEM " + file.getFileName() + " offset " + offset + ": " + message);
    }

    void warning(Path file, long offset, String message) {
        warnings++;
        add("WARNING " + file.getFileName() + " offset " + offset + ": " + message);
    }

    /** A problem of no one file and offset: {@code subject} says what it is about. */
    void problem(String subject, String message) {
        problems++;
        add("PROBLEM " + subject + ": " + message);
    }

    void warning(String subject, String message) {
        warnings++;
        add("WARNING " + subject + ": " + message);
    }

    private void add(String line) {
        if (lines.size() < MAX_LINES) {
            lines.add(line);
        }
    }

    int problems() {
        return problems;
    }

    int warnings() {
        return warnings;
    }

    void print(PrintStream out) {
        lines.forEach(out::println);
        int dropped = problems + warnings - lines.size();
        if (dropped > 0) {
            out.println("... and " + dropped + " more");
        }
    }
}
