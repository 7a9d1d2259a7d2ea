package org.swizzle.it.schemes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.swizzle.it.Jvm;

/**
 * Every update-detection scheme (Hosking, Brown &amp; Moss) against a plain-Java model: random field,
 * array-element, collection and reference updates with commits and aborts, checked live, then in a
 * new JVM; and the log each scheme writes, which must be the same.
 */
@Tag("extended")
class UpdateDetectionTest {

    /** Every scheme, with every card size. */
    private static final String[] SCHEMES = {"barrier=card", "barrier=card,card=16", "barrier=card,card=32",
        "barrier=card,card=64", "barrier=card,card=128", "barrier=card,card=256", "barrier=card,card=1024",
        "barrier=card,card=2048", "barrier=card,card=4096", "barrier=remset", "barrier=object", "barrier=none"};
    private static final Pattern STATE = Pattern.compile("STATE (\\S+)");
    private static final Pattern LOG = Pattern.compile("LOG (.*)");

    @TempDir
    Path dir;

    static String[] schemes() {
        return SCHEMES;
    }

    @ParameterizedTest
    @MethodSource("schemes")
    void shouldMatchTheModelAfterRandomUpdatesAndAReopen(String scheme) {
        Path store = dir.resolve("db");
        for (long seed = 1; seed <= 2; seed++) {
            String run = Jvm.withAgent(scheme).run(SchemeWorkload.class, "run", store.toString(), Long.toString(seed), "600").ok().output;
            String reopened = Jvm.withAgent(scheme).run(SchemeWorkload.class, "render", store.toString()).ok().output;
            assertEquals(find(STATE, run), find(STATE, reopened), scheme + ", seed " + seed + ": the reopened store differs from the model");
        }
        String otherScheme = Jvm.withAgent().run(SchemeWorkload.class, "render", store.toString()).ok().output;
        assertTrue(otherScheme.contains("STATE "), otherScheme);
    }

    @Test
    void shouldWriteTheSameLogUnderEveryScheme() {
        Map<String, String> logs = new HashMap<>();
        for (String scheme : SCHEMES) {
            Path store = dir.resolve(scheme.replace(',', '_').replace('=', '-'));
            String run = Jvm.withAgent(scheme).run(SchemeWorkload.class, "run", store.toString(), "7", "400").ok().output;
            logs.put(scheme, find(LOG, run) + " " + find(STATE, run));
        }
        for (String scheme : SCHEMES) {
            assertEquals(logs.get("barrier=card"), logs.get(scheme), scheme + " logged differently: " + logs);
        }
    }

    @ParameterizedTest
    @MethodSource("schemes")
    void shouldLogFourBytesPerScatteredIntUpdate(String scheme) {
        String output = Jvm.withAgent(scheme).run(SchemeWorkload.class, "scattered", dir.resolve("db").toString()).ok().output;
        assertTrue(output.contains("SCATTERED records=100 payload=400 unchanged=0"), scheme + ": " + output);
    }

    private static String find(Pattern pattern, String output) {
        Matcher matcher = pattern.matcher(output);
        assertTrue(matcher.find(), "no " + pattern + " in:\n" + output);
        return matcher.group(1);
    }
}
