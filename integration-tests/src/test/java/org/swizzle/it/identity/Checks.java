package org.swizzle.it.identity;

import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Soft checks of one phase of one scenario in a child JVM: each prints a line and the phase goes on, so that one
 * run shows which checks hold and which do not. {@link IdentityTest} reads the lines:
 * <pre>
 * CHECK scenario phase kind PASS|FAIL label[: what was found]
 * CRASH scenario phase exception, at its first frames       (the phase stopped there)
 * DONE scenario phase                                       (the phase ran to its end)
 * </pre>
 * The kind says what a check is about: {@link #IDENTITY}, the identity of a shared collection or what only one
 * shared instance can show (a change made through one holder seen through another, a change through a
 * collection kept while its holder was unloaded); {@link #CONTENT}, what the holder a change was made through
 * shows, the type and order of a collection, the identity of persistent objects; {@link #DETACH}, a collection
 * taken before {@code abort()}; {@link #SETUP}, what a scenario needs to mean what it says.
 */
final class Checks {

    static final String IDENTITY = "identity";
    static final String CONTENT = "content";
    static final String DETACH = "detach";
    static final String SETUP = "setup";

    private final String scenario;
    private final String phase;

    Checks(String scenario, String phase) {
        this.scenario = scenario;
        this.phase = phase;
    }

    /** {@code actual == expected}: the same Java instance. */
    void same(String label, Object expected, Object actual) {
        that(IDENTITY, label, expected == actual, () -> "two instances, " + describe(expected) + " and " + describe(actual));
    }

    /** {@code actual}, {@linkplain #render rendered}, is {@code expected}. */
    void renders(String kind, String label, String expected, Object actual) {
        String rendered = render(actual);
        that(kind, label, expected.equals(rendered), () -> "expected " + expected + ", found " + rendered);
    }

    void that(String kind, String label, boolean holds, Supplier<String> found) {
        System.out.println("CHECK " + scenario + " " + phase + " " + kind + " "
            + (holds ? "PASS " + label : "FAIL " + label + ": " + found.get().replace('\n', ' ')));
    }

    void done() {
        System.out.println("DONE " + scenario + " " + phase);
    }

    void crash(Throwable e) {
        String frames = Arrays.stream(e.getStackTrace()).limit(6).map(String::valueOf).collect(Collectors.joining(" < "));
        System.out.println("CRASH " + scenario + " " + phase + " " + String.valueOf(e).replace('\n', ' ') + " at " + frames);
    }

    /** The class, identity hash and contents of {@code value}. */
    static String describe(Object value) {
        return value == null ? "null"
            : value.getClass().getName() + "@" + Integer.toHexString(System.identityHashCode(value)) + " " + render(value);
    }

    /**
     * {@code value} as a string that depends neither on hash order nor on {@code toString} of persistent objects;
     * a collection that contains itself shows {@code this} there, and nesting stops at a few levels.
     */
    static String render(Object value) {
        return render(value, value, 0);
    }

    private static String render(Object value, Object top, int depth) {
        if (value == null) {
            return "null";
        }
        if (value instanceof Part) {
            return "part" + ((Part) value).id;
        }
        if (depth > 3 && (value instanceof Map || value instanceof Collection)) {
            return "...";
        }
        if (value instanceof Map) {
            return new TreeMap<>((Map<?, ?>) value).entrySet().stream()
                .map(e -> e.getKey() + "=" + render(e.getValue(), top, depth + 1)).collect(Collectors.joining(", ", "{", "}"));
        }
        if (value instanceof Collection) {
            Stream<String> elements = ((Collection<?>) value).stream().map(e -> e == top ? "this" : render(e, top, depth + 1));
            if (value instanceof HashSet && !(value instanceof LinkedHashSet)) {
                elements = elements.sorted();
            }
            return elements.collect(Collectors.joining(", ", "[", "]"));
        }
        return String.valueOf(value);
    }
}
