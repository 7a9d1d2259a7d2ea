package org.swizzle.it.copies;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.swizzle.it.Phases;

/**
 * Java serialization of a persistent object writes its stored values: it reads fields by reflection, past the
 * residency check, so before the agent gave every persistent class a {@code writeObject} that faults the object
 * in, a hollow object was written with Java's defaults (and under {@code swizzle=edge} and {@code none} a
 * reference not yet swizzled as {@code null}). The copy read back is a new object the store keeps apart from
 * its original. Three JVMs (write; serialize the hollow root and store the copy; verify) per agent option set.
 */
class SerializationTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"", "barrier=card", "swizzle=edge", "swizzle=none", "fault=segment", "checks=entry"})
    void shouldSerializeAHollowObjectWithItsStoredValues(String options) {
        assertEquals("", Phases.failures(SerializationWorkload.class, options, dir, "write", "copy", "verify"), "[" + options + "]");
    }
}
