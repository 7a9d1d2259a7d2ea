package org.swizzle.it.arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.swizzle.it.Jvm;
import org.swizzle.it.Phases;

/**
 * Large primitive arrays in fields are stored in pages: a change to a few elements, made in any way Java allows
 * (an element store on the field, through a local kept across commits, by a JDK method, a new array), commits about
 * the pages it touched, and everything reads back after a kill; a read-only pass commits nothing.
 */
@Tag("extended")
class PagedArrayTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"", "barrier=card", "swizzle=edge", "barrier=none"})
    void shouldCommitTheChangedPagesOfLargeArrays(String options) {
        assertEquals("", Phases.failures(PagedArrayWorkload.class, options, dir, "build", "change", "verify", "abort", "verify",
            "edit", "verify", "locals", "verify", "clones", "verifyClones", "captured", "verifyCaptured", "localsOfNew",
            "verifyLocalsOfNew"),
            "[" + options + "]");
    }

    /**
     * A closed store that the application dropped is collected, its paged arrays' marks with it. The store is a
     * directory below {@code dir}, so that the stores the phase opens beside it are deleted with {@code dir}.
     */
    @Test
    void shouldLetClosedStoresGo() {
        assertEquals("", Phases.failures(PagedArrayWorkload.class, Jvm.withAgent("").jvmOption("-Xmx256m"),
            dir.resolve("store"), "build", "closedStores"));
    }

    /**
     * Under a resident budget smaller than the objects a phase faults, an object whose large array a method keeps in a
     * local stays resident, so the stores the method makes after the other faults are committed; also when the method
     * took the array before the commit that stored the object, which then marks its pages rather than watch it
     * (trial 43a: every later commit of the session compared the whole array).
     */
    @Test
    void shouldKeepAnObjectResidentWhileAMethodHoldsItsArray() {
        assertEquals("", Phases.failures(PagedArrayWorkload.class,
            Jvm.withAgent("").jvmOption("-D" + Phases.BUDGET_PROPERTY + "=1000"), dir, "build", "change", "locals", "verify",
            "localsOfNew", "verifyLocalsOfNew"));
    }
}
