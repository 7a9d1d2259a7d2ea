package org.swizzle.it.collections;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.swizzle.it.Phases;

/**
 * A read that leaves objects pending (objects linked through their keys' hashes past sixteen deep) keeps the rules of
 * one outermost fault: the faults its loop makes are nested in it, so that a resident budget is kept once, when the
 * read is done (a trim in the loop re-hollowed the object the outermost fault was for, and its getter read null), and
 * keys hashed while their sets were read are placed again once, at the end (a check in the loop placed them while a
 * set was still being read, and forgot them). Each phase in a JVM of its own.
 */
class PendingReadTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"", "swizzle=edge"})
    void shouldReadWhatWasLeftPendingAsOneFault(String options) {
        assertEquals("", Phases.failures(PendingReadWorkload.class, options, dir, "build", "readUnderBudget", "readNodes"),
            "[" + options + "]");
    }
}
