package org.swizzle.it.paged;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.swizzle.it.Phases;

/**
 * A key whose hash looks up a large map, stored in pages, and reads a list that map holds, while a set of such keys is
 * read: the page is read inside the set's read, and the list must hold its elements when the hash reads it. Each phase
 * in a JVM of its own (about 2 s each).
 */
class PageReadInHashTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"", "fault=segment"})
    void shouldFillWhatAPageHoldsBeforeAHashReadsIt(String options) {
        assertEquals("", Phases.failures(PageReadInHashWorkload.class, options, dir, "build", "read", "read"),
            "[" + options + "]");
    }
}
