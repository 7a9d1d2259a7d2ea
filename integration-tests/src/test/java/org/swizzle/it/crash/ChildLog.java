package org.swizzle.it.crash;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The protocol lines a {@link CrashWorkload} child has written so far, read from its output file.
 * Only lines ended by a newline count: a kill may cut the last one, and the child acts on a line
 * only after writing it whole. The store's own log output shares the file and is skipped.
 */
final class ChildLog {
    private static final Pattern LINE = Pattern.compile("(START|PENDING|ACK|ABORT|FAILED) ?(.*)$");

    /** One protocol line: its kind and its words after the kind. */
    record Line(String kind, String[] words, String text) {
        long number(int word) {
            return Long.parseLong(words[word]);
        }
    }

    private final List<Line> lines;
    private final String text;

    private ChildLog(List<Line> lines, String text) {
        this.lines = lines;
        this.text = text;
    }

    /** The lines in {@code file} so far (none if it does not exist yet). */
    static ChildLog read(Path file) {
        try {
            return of(Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The lines in {@code text}. */
    static ChildLog of(String text) {
        List<Line> lines = new ArrayList<>();
        int start = 0;
        for (int end = text.indexOf('\n'); end >= 0; start = end + 1, end = text.indexOf('\n', start)) {
            Matcher matcher = LINE.matcher(text.substring(start, end));
            if (matcher.find()) {
                String rest = matcher.group(2).trim();
                lines.add(new Line(matcher.group(1), rest.isEmpty() ? new String[0] : rest.split(" "), matcher.group()));
            }
        }
        return new ChildLog(lines, text);
    }

    List<Line> lines() {
        return lines;
    }

    /** The last line of this kind; fails if there is none. */
    Line last(String kind) {
        for (int i = lines.size() - 1; i >= 0; i--) {
            if (lines.get(i).kind().equals(kind)) {
                return lines.get(i);
            }
        }
        throw new AssertionError("No " + kind + " line in:\n" + tail(4000));
    }

    /** The last protocol line; fails if there is none. */
    Line last() {
        if (lines.isEmpty()) {
            throw new AssertionError("No protocol line in:\n" + tail(4000));
        }
        return lines.get(lines.size() - 1);
    }

    /** How many lines of this kind there are. */
    int count(String kind) {
        return (int) lines.stream().filter(line -> line.kind().equals(kind)).count();
    }

    boolean has(String kind) {
        return count(kind) > 0;
    }

    /** The last {@code max} characters of the output, for failure messages. */
    String tail(int max) {
        return text.length() <= max ? text : "..." + text.substring(text.length() - max);
    }
}
