package org.swizzle.it.paged;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.swizzle.it.Phases;

/**
 * Under a resident budget, the pages of large maps and lists are let go once clean, and read again when used: passes
 * over more entries than the budget leave about a budget in memory, and changes made through iterators and entries
 * that held a page while it was let go are committed (the JVM killed after the commit). Each phase in a JVM of its own.
 */
class ReleasedPagesTest {

    @TempDir
    Path dir;

    @Test
    void shouldLetCleanPagesGoUnderTheBudgetAndLoseNoChange() {
        letCleanPagesGoUnderTheBudgetAndLoseNoChange("");
    }

    /** The same under the card barrier, with the extended tests (about 12 s). */
    @Tag("extended")
    @Test
    void shouldLetCleanPagesGoUnderTheBudgetAndLoseNoChangeUnderTheCardBarrier() {
        letCleanPagesGoUnderTheBudgetAndLoseNoChange("barrier=card");
    }

    private void letCleanPagesGoUnderTheBudgetAndLoseNoChange(String options) {
        assertEquals("", Phases.failures(ReleasedPagesWorkload.class, options, dir, "build", "pass", "mutate", "verify", "abort",
            "abortVerify"),
            "[" + options + "]");
    }
}
