package org.swizzle.it.faulting;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.swizzle.it.Phases;

/**
 * A fault nested in another (a key's {@code hashCode} faulting the key while a set is filled, during an eager fault)
 * re-hollows nothing under a confined store's budget: the object the first access faulted is read, and its change
 * committed. Each phase in a JVM of its own.
 */
class NestedFaultTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"swizzle=eager", "swizzle=eager,barrier=card", "swizzle=eager,fault=segment", ""})
    void shouldReadAndCommitTheObjectAFaultWasFor(String options) {
        assertEquals("", Phases.failures(NestedFaultWorkload.class, options, dir, "build", "update", "verify"),
            "[" + options + "]");
    }
}
