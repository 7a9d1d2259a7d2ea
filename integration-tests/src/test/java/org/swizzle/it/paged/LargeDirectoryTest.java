package org.swizzle.it.paged;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.swizzle.internal.NoSuchObjectException;
import org.swizzle.internal.StoreBrowser;
import org.swizzle.it.Phases;

/**
 * The directories of a large paged map and a large paged list are stored in sections, so that a put's or an add's
 * commit does not grow with the collection (see {@link LargeDirectoryWorkload}), and a commit that fails after writing
 * sections leaves them to be written again; each phase in a JVM of its own, those that change the collections killed
 * after their last commit.
 */
@Tag("extended")
class LargeDirectoryTest {

    @TempDir
    Path dir;

    @Test
    void shouldCommitAPutIntoALargeMapWithoutWritingItsWholeDirectory() {
        assertEquals("", Phases.failures(LargeDirectoryWorkload.class, "", dir, "build"));
        StoreBrowser.PagedCollection built = items("large");
        assertTrue(built.sections().size() >= 3, built.sections().size() + " sections");
        StoreBrowser.PagedCollection list = items("shelf");
        assertTrue(list.sections().size() >= 3, list.sections().size() + " sections of the list");
        assertEquals("", Phases.failures(LargeDirectoryWorkload.class, "", dir, "put", "failedCommit", "verify"));
        StoreBrowser.PagedCollection grown = items("large");
        assertTrue(grown.pages().size() > built.pages().size(), "the puts split pages: " + built.pages().size() + " before, "
            + grown.pages().size() + " after");
        StoreBrowser.PagedCollection shrunk = items("shelf");
        assertEquals(list.size() + LargeDirectoryWorkload.LIST_CHANGES / 3 - LargeDirectoryWorkload.LIST_RANGE_REMOVED
            + LargeDirectoryWorkload.LIST_INSERTS, shrunk.size(), "the list's size after the changes");
        Set<Long> dropped = new HashSet<>();
        list.sections().forEach(section -> dropped.add(section.oid()));
        shrunk.sections().forEach(section -> dropped.remove(section.oid()));
        assertFalse(dropped.isEmpty(), "the range removed dropped a section: " + list.sections() + ", then " + shrunk.sections());

        assertEquals("", Phases.failures(LargeDirectoryWorkload.class, "", dir, "collect", "verify"));
        try (StoreBrowser browser = StoreBrowser.open(dir)) {
            for (long oid : dropped) {
                assertThrows(NoSuchObjectException.class, () -> browser.decode(oid), "dropped section " + oid + " freed");
            }
        }
    }

    /**
     * The collection in field {@code items} of root {@code name}, as its directory and sections say, each section
     * checked.
     */
    private StoreBrowser.PagedCollection items(String name) {
        try (StoreBrowser browser = StoreBrowser.open(dir)) {
            long root = browser.roots().stream().filter(r -> r.name().equals(name)).findFirst().orElseThrow().oid();
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
