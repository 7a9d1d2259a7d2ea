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
 * A large {@code HashMap} is stored in pages: built in commits, read back a page at a time, changed every way a
 * map can be (killed after the commit), reverted by {@code abort()}, and brought back to one image by a key
 * whose hash no reload keeps. Each phase in a JVM of its own, per agent option set.
 */
@Tag("extended")
class PagedMapTest {

    private static final String[] PHASES = {"build", "cold", "mutate", "verify", "abort", "verify", "arrays",
        "arraysVerify", "restore", "restoreVerify", "secondStore", "secondVerify", "mixed", "mixedVerify", "keptEntries",
        "keptEntriesVerify", "itemKeys", "itemKeysReadOnly", "itemKeysReadOnly"};

    @TempDir
    Path dir;

    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"", "barrier=card", "swizzle=edge"})
    void shouldKeepALargeMapInPages(String options) {
        assertEquals("", Phases.failures(PagedMapWorkload.class, options, dir.resolve("first"), PHASES), "[" + options + "]");
    }

    /** The same under a resident budget far below the map's size: clean pages are let go and read again. */
    @Test
    void shouldKeepALargeMapInPagesThatTheBudgetLetsGo() {
        assertEquals("", Phases.failures(PagedMapWorkload.class,
            Jvm.withAgent("").jvmOption("-D" + Phases.BUDGET_PROPERTY + "=1000"), dir.resolve("first"), PHASES));
    }
}
