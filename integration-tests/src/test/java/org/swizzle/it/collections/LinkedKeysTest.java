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
 * Persons hashed or ordered by their name, linked through their sets of friends thousands deep, read back: before,
 * each link was a recursion (hashing a person read it, and its set, whose person was hashed), and a chain of a few
 * hundred ran out of stack. Places linked through sets of roads whose hash reads the places' lists, and stops linked
 * through sets of legs hashed by the stops' numbers, thousands deep: each link was a recursion too (a leg's hash
 * faulted the stop it leads to, whose set was read and hashed before the fault returned). The lists hold their
 * elements when a road is hashed (it throws if not, and a wrong cached hash loses the road). A read of the stops that
 * fails thousands deep leaves them hollow, and they read whole once it can; so does a read of persons in each other's
 * sets that fails where one's hash throws once, and a change then commits them whole. Each phase in a JVM of its own.
 */
class LinkedKeysTest {

    @TempDir
    Path dir;

    @Test
    void shouldReadPersonsLinkedThroughTheirSets() {
        readPersonsLinkedThroughTheirSets("");
    }

    /** The same under other schemes, with the extended tests (about 8 s each). */
    @Tag("extended")
    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"fault=segment", "swizzle=eager", "swizzle=edge"})
    void shouldReadPersonsLinkedThroughTheirSetsUnderOtherSchemes(String options) {
        readPersonsLinkedThroughTheirSets(options);
    }

    private void readPersonsLinkedThroughTheirSets(String options) {
        assertEquals("", Phases.failures(LinkedKeysWorkload.class, options, dir, "build", "readChains", "readGraph",
            "befriend", "checkBefriended", "readLineAfterFailure", "readMutualAfterFailure", "checkMutual"),
            "[" + options + "]");
    }
}
