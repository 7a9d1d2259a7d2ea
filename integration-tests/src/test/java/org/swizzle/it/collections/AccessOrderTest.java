package org.swizzle.it.collections;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.swizzle.it.Phases;

/**
 * A {@code LinkedHashMap} in access order: a lookup reorders it, so a commit after lookups alone stores the new order,
 * and the map reloads in access order. Each phase in a JVM of its own, killed after its commit.
 */
class AccessOrderTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"", "barrier=card", "swizzle=edge,barrier=object"})
    void shouldKeepTheOrderLookupsMadeAndTheOrderMode(String options) {
        assertEquals("", Phases.failures(AccessOrderWorkload.class, options, dir, "build", "touch", "verify", "abort"), "[" + options + "]");
    }
}
