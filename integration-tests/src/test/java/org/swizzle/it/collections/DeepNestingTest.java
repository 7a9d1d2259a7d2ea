package org.swizzle.it.collections;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.swizzle.it.Phases;

/**
 * Collections nested 20,000 deep are read back in a new JVM with the default stack, and collections used as keys, or
 * read by a key's hash, hold their elements when they are hashed, sets nested 3,000 deep as each other's elements, a map key of lists nested 2,000 deep, and a list of lists read first
 * as a list's element, then hashed as a set's element, a map's key and inside a persistent key. Before,
 * every level of nesting was a level of recursion in the reader: a store that committed 1,500 levels (2,000 of keys)
 * could not be read again. Each phase in a JVM of its own, killed after its commit.
 */
class DeepNestingTest {

    @TempDir
    Path dir;

    @Test
    void shouldReadBackCollectionsNestedDeeperThanTheStack() {
        readBackCollectionsNestedDeeperThanTheStack("");
    }

    /** The same under other schemes, with the extended tests (about 11 s each). */
    @Tag("extended")
    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"swizzle=eager", "swizzle=edge,barrier=card"})
    void shouldReadBackCollectionsNestedDeeperThanTheStackUnderOtherSchemes(String options) {
        readBackCollectionsNestedDeeperThanTheStack(options);
    }

    private void readBackCollectionsNestedDeeperThanTheStack(String options) {
        assertEquals("", Phases.failures(DeepNestingWorkload.class, options, dir, "build", "verify", "deepen", "verifyDeeper"),
            "[" + options + "]");
    }
}
