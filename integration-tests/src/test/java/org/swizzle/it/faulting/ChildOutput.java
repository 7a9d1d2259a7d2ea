package org.swizzle.it.faulting;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reading what the child JVMs of this package print. */
public final class ChildOutput {

    private static final Pattern FACT = Pattern.compile("^FACT ([^=\\s]+)=(.*)$", Pattern.MULTILINE);
    private static final Pattern ACK = Pattern.compile("^ACK (\\d+)$", Pattern.MULTILINE);

    private ChildOutput() {
    }

    /** The first group of the first match of {@code regex} in {@code output}; fails naming the scheme if none. */
    static String find(String regex, String output, String scheme) {
        Matcher matcher = Pattern.compile(regex, Pattern.MULTILINE).matcher(output);
        assertTrue(matcher.find(), scheme + ": no " + regex + " in the child's output:\n" + output);
        return matcher.group(1);
    }

    /** The {@code FACT key=value} lines, in order. */
    static Map<String, String> facts(String output) {
        Map<String, String> facts = new LinkedHashMap<>();
        Matcher matcher = FACT.matcher(output);
        while (matcher.find()) {
            facts.put(matcher.group(1), matcher.group(2).trim());
        }
        return facts;
    }

    /** The highest {@code ACK n} in a log file, or {@code floor} if none. */
    public static long lastAck(Path log, long floor) {
        try {
            long last = floor;
            Matcher matcher = ACK.matcher(Files.readString(log));
            while (matcher.find()) {
                last = Math.max(last, Long.parseLong(matcher.group(1)));
            }
            return last;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String read(Path log) {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
