package org.swizzle.it.large;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.swizzle.it.Jvm;

/**
 * OO1 with 200,000 parts and 600,000 connections in a heap that cannot hold them all resident: the
 * resident budget re-hollows clean objects so that building, scanning every object, updating and
 * traversing all run, and give the right answers; the hollow instances the scan left behind are released once
 * nothing refers to them; the same scan without a budget runs out of memory.
 */
@Tag("extended")
class LargeWorkingSetTest {

    private static final String PARTS = "200000";
    /**
     * Between what the budgeted runs need and what all 800,201 objects take resident, on JDK 17 and 25: each
     * part's note (about 200 bytes of its own) keeps the two apart, since re-hollowing gives it back.
     */
    private static final String HEAP = "-Xmx" + System.getProperty("swizzle.large.heap", "96m");
    private static final String BUDGET = "40000";
    private static final Pattern SUM = Pattern.compile("SUM (\\d+)");
    private static final Pattern REHOLLOWED = Pattern.compile("rehollowed=(\\d+)");
    private static final Pattern IN_MEMORY = Pattern.compile("(\\d+) objects in memory");

    @TempDir
    Path dir;

    @Test
    void shouldRunOO1With200000PartsInAHeapThatCannotHoldThemAll() {
        String store = dir.resolve("oo1-large").toString();
        String built = jvm().run(LargeWorkingSet.class, "build", store, PARTS, BUDGET).ok().output;
        assertTrue(number(REHOLLOWED, built) > 0, "building re-hollows: " + built);

        String scanned = jvm().run(LargeWorkingSet.class, "scan", store, BUDGET).ok().output;
        assertEquals(number(SUM, built), number(SUM, scanned), "every part and connection read back: " + scanned);
        assertTrue(number(REHOLLOWED, scanned) > 500_000, "a scan of 800,000 objects within a budget of 40,000: " + scanned);

        String traversed = jvm().run(LargeWorkingSet.class, "traverse", store, BUDGET).ok().output;
        assertTrue(traversed.contains("VISITS " + 50 * 3280), traversed);

        String rescanned = jvm().run(LargeWorkingSet.class, "scan", store, BUDGET).ok().output;
        assertEquals(number(SUM, built) + 201, number(SUM, rescanned), "the committed updates of the first scan: " + rescanned);

        for (String output : new String[] {built, scanned, traversed, rescanned}) {
            output.lines().filter(line -> line.startsWith("STATS") || line.startsWith("SUM") || line.startsWith("RETAINED")).forEach(System.out::println);
        }
        String small = jvm().run(LargeWorkingSet.class, "scan", store, "1000").ok().output;
        assertTrue(number(IN_MEMORY, small) < 40_000, "a scan of 800,201 objects within a budget of 1,000 keeps in memory only the"
            + " objects still referenced, not a hollow instance of each object it touched: " + small);
        String cards = Jvm.withAgent("barrier=card").jvmOption(HEAP).jvmOption("-XX:+UseSerialGC")
            .run(LargeWorkingSet.class, "scan", store, "1000").ok().output;
        assertTrue(number(IN_MEMORY, cards) < 40_000, "under the card barrier too, whose resident space drops the entries of"
            + " objects re-hollowed (it ran out of heap when it kept them): " + cards);
        Jvm.Result unbounded = jvm().jvmOption("-XX:+ExitOnOutOfMemoryError").run(LargeWorkingSet.class, "scan", store, "0");
        assertNotEquals(0, unbounded.exitCode, "without a budget the heap must not hold the database: " + unbounded);
        assertTrue(unbounded.output.contains("OutOfMemoryError") || unbounded.output.contains("Java heap space"), unbounded.output);
    }

    private static Jvm jvm() {
        return Jvm.withAgent().jvmOption(HEAP).jvmOption("-XX:+UseSerialGC");
    }

    private static long number(Pattern pattern, String output) {
        Matcher matcher = pattern.matcher(output);
        assertTrue(matcher.find(), "no " + pattern + " in:\n" + output);
        return Long.parseLong(matcher.group(1));
    }
}
