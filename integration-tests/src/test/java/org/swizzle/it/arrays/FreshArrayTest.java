package org.swizzle.it.arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.swizzle.it.Jvm;
import org.swizzle.it.Phases;

/**
 * An array made for an object (filled through a local, by a helper of the class, by a JDK copy) and stored in its
 * field leaves the field its only reference: the object is not watched, so every commit does not compare it and a
 * resident budget can unload it; an array the method still writes after storing it watches its object, and that
 * write is committed, read back by another JVM.
 */
class FreshArrayTest {

    @TempDir
    Path dir;

    @Test
    void shouldWatchNoObjectGivenAnArrayMadeForItAndCommitAWriteAfterTheStore() {
        assertEquals("", Phases.failures(FreshArrayWorkload.class,
            Jvm.withAgent("").jvmOption("-D" + Phases.BUDGET_PROPERTY + "=1000"), dir, "build", "verify"));
    }
}
