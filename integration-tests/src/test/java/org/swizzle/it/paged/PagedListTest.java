package org.swizzle.it.paged;

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
 * A large {@code ArrayList} is stored in chunks: built in commits, read back a chunk at a time, changed every way
 * a list can be (killed after the commit), reverted by {@code abort()}, stored again once detached, and held by a
 * second store. Each phase in a JVM of its own, per agent option set.
 */
class PagedListTest {

    private static final String[] PHASES = {"build", "rangeRemoval", "cold", "mutate", "verify", "abort", "verify",
        "arrays", "arraysVerify", "restore", "restoreVerify", "secondStore", "secondVerify"};

    @TempDir
    Path dir;

    @Test
    void shouldKeepALargeListInChunks() {
        keepALargeListInChunks("");
    }

    /** The same under edge marking and the card barrier, with the extended tests (about 13 s each). */
    @Tag("extended")
    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"swizzle=edge", "barrier=card"})
    void shouldKeepALargeListInChunksUnderOtherSchemes(String options) {
        keepALargeListInChunks(options);
    }

    private void keepALargeListInChunks(String options) {
        assertEquals("", Phases.failures(PagedListWorkload.class, options, dir.resolve("first"), PHASES), "[" + options + "]");
    }

    /** The same under a resident budget far below the list's size: clean chunks are let go and read again. */
    @Test
    void shouldKeepALargeListInChunksThatTheBudgetLetsGo() {
        assertEquals("", Phases.failures(PagedListWorkload.class,
            Jvm.withAgent("").jvmOption("-D" + Phases.BUDGET_PROPERTY + "=1000"), dir.resolve("first"), PHASES));
    }
}
