package org.swizzle.it.collections;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.swizzle.it.Phases;

/**
 * A node hashed by the first key of its own sorted map, whose order reads a set that holds the node: once the read is
 * whole, the map is sorted again before the set is looked through, so that the set finds the node by the hash it has
 * now. Before (outside trial 57), in about half the reads, depending on identity hashes, the set was looked through
 * first: it missed the node, an add put it in twice, and the commit stored a set no later read could get back. Eight
 * reads, each in a JVM of its own with the identity hashes shifted.
 */
class HashOfSortedInCycleTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"", "swizzle=eager"})
    void shouldSortAgainBeforeLookingThroughTheSetsOfTheRead(String options) {
        assertEquals("", Phases.failures(HashOfSortedInCycleWorkload.class, options, dir, "build", "read0", "read1", "read2",
            "read3", "read4", "read5", "read6", "read7"), "[" + options + "]");
    }
}
