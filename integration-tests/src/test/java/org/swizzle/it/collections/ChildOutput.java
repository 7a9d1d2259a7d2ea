package org.swizzle.it.collections;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The protocol lines a {@link CollectionsWorkload} child has written so far. Only lines ended by a
 * newline count: a kill may cut the last one, and the child acts on a line only after writing it.
 */
final class ChildOutput {
    private static final List<String> KINDS = List.of("START", "OP", "PENDING", "ACK", "ABORT", "DETACHED", "DROP", "FAILED");

    /** One protocol line: its kind and the words after it. */
    record Line(String kind, String[] words, String text) {
    }

    private final List<Line> lines = new ArrayList<>();
    private final String text;

    private ChildOutput(String text) {
        this.text = text;
        int start = 0;
        for (int end = text.indexOf('\n'); end >= 0; start = end + 1, end = text.indexOf('\n', start)) {
            String line = text.substring(start, end);
            String[] words = line.split(" ");
            if (KINDS.contains(words[0])) {
                lines.add(new Line(words[0], words, line));
            }
        }
    }

    static ChildOutput read(Path file) {
        try {
            return new ChildOutput(Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    List<Line> lines() {
        return lines;
    }

    int count(String kind) {
        return (int) lines.stream().filter(line -> line.kind().equals(kind)).count();
    }

    /** The sum of the numbers of the {@code DETACHED} lines: held values found refusing a change after an abort. */
    int detachedChecks() {
        return lines.stream().filter(line -> line.kind().equals("DETACHED")).mapToInt(line -> Integer.parseInt(line.words()[1])).sum();
    }

    /** Whether the child said it changes tracked collections only. */
    boolean trackedOnly() {
        return lines.stream().anyMatch(line -> line.kind().equals("START") && line.text().endsWith(" tracked-only"));
    }

    /** {@code OP} lines on a value held since before a commit. */
    int heldOperations() {
        return (int) lines.stream().filter(line -> line.text().startsWith("OP held ")).count();
    }

    /** The last {@code max} characters, for failure messages. */
    String tail(int max) {
        return text.length() <= max ? text : "..." + text.substring(text.length() - max);
    }
}
