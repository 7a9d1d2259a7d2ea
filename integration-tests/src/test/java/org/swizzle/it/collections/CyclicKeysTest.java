package org.swizzle.it.collections;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.swizzle.it.Phases;

/**
 * Persistent keys whose hash and order read their own sets, in a cycle (each node in the other's set), or a node in
 * its own set, are found after a reload whichever set is read first: one of the two is hashed while its set is still being read, and the set
 * that took it is rebuilt once the read is done. Before, {@code contains} missed it in one read order or the other,
 * by scheme. Each phase in a JVM of its own.
 */
class CyclicKeysTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"", "fault=segment", "swizzle=eager", "swizzle=edge"})
    void shouldFindKeysHashedWhileTheirOwnSetsWereRead(String options) {
        assertEquals("", Phases.failures(CyclicKeysWorkload.class, options, dir, "build", "firstToSecond", "secondToFirst",
            "commitAfterReading", "firstToSecond"), "[" + options + "]");
    }
}
