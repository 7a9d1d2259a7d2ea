package org.swizzle.it.threads;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.swizzle.it.Phases;

/**
 * A thread that only loads reference fields, or serializes their objects, never undoes another thread's stores into
 * them, under every swizzling scheme: under {@code swizzle=edge} a load swizzles a field in place, and used to write
 * the old target back over a store made meanwhile, as serialization did under {@code edge} and {@code none}. Each
 * phase in a JVM of its own.
 */
@Tag("extended")
class SwizzleRaceTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"swizzle=edge", "swizzle=edge,barrier=card,card=16", "swizzle=none", ""})
    void shouldKeepEveryStoreThatARacingLoadMeets(String options) {
        assertEquals("", Phases.failures(SwizzleRaceWorkload.class, options, dir, "build", "race", "verify"), "[" + options + "]");
        assertEquals("", Phases.failures(SwizzleRaceWorkload.class, options, dir.resolve("null"), "build", "raceNull", "verifyNull"),
            "[" + options + "], stores of null");
        assertEquals("", Phases.failures(SwizzleRaceWorkload.class, options, dir.resolve("serialized"), "build", "raceSerialized",
            "verify"), "[" + options + "], serialized");
    }
}
