package org.swizzle.it.paged;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.swizzle.internal.StoreBrowser;
import org.swizzle.it.Phases;

/**
 * The directory of a large paged map is stored in sections, so that a put's commit does not grow with the map
 * (see {@link LargeDirectoryWorkload}), and a commit that fails after writing sections leaves them to be written
 * again; each phase in a JVM of its own, those that change the map killed after their last commit.
 */
class LargeDirectoryTest {

    @TempDir
    Path dir;

    @Test
    void shouldCommitAPutIntoALargeMapWithoutWritingItsWholeDirectory() {
        assertEquals("", Phases.failures(LargeDirectoryWorkload.class, "", dir, "build"));
        StoreBrowser.PagedCollection built = items();
        assertTrue(built.sections().size() >= 3, built.sections().size() + " sections");
        assertEquals("", Phases.failures(LargeDirectoryWorkload.class, "", dir, "put", "failedCommit", "verify"));
        StoreBrowser.PagedCollection grown = items();
        assertTrue(grown.pages().size() > built.pages().size(), "the puts split pages: " + built.pages().size() + " before, "
            + grown.pages().size() + " after");
    }

    /** The map in field {@code items} of root {@code large}, as its directory and sections say, each section checked. */
    private StoreBrowser.PagedCollection items() {
        try (StoreBrowser browser = StoreBrowser.open(dir)) {
            long root = browser.roots().stream().filter(r -> r.name().equals("large")).findFirst().orElseThrow().oid();
            StoreBrowser.Reference items = (StoreBrowser.Reference) browser.decode(root).fields().stream()
                .filter(f -> f.name().equals("items")).findFirst().orElseThrow().value();
            StoreBrowser.PagedCollection map = (StoreBrowser.PagedCollection) browser.decode(items.oid()).contents();
            int listed = 0;
            for (StoreBrowser.Reference section : map.sections()) {
                Object decoded = browser.decode(section.oid()).contents();
                assertTrue(decoded instanceof StoreBrowser.DirectorySection, "section " + section + " is " + decoded);
                listed += ((StoreBrowser.DirectorySection) decoded).pages().size();
            }
            assertEquals(map.pages().size(), listed, "pages listed by the sections");
            return map;
        }
    }
}
