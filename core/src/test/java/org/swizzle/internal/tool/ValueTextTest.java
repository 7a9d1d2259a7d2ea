package org.swizzle.internal.tool;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

import org.swizzle.internal.StoreBrowser;

/** The tool's one-line text of the stored things a large collection is kept in. */
class ValueTextTest {

    @Test
    void shouldNameTheCollectionALargeSetOrLinkedListIsKeptIn() {
        assertEquals("a HashSet kept as a map's keys: #12 java.util.HashMap",
            ValueText.of(new StoreBrowser.KeptIn("a HashSet kept as a map's keys", new StoreBrowser.Reference(12, "java.util.HashMap"))));
        assertEquals("a LinkedList kept in a list of its own: #13 java.util.ArrayList",
            ValueText.of(new StoreBrowser.KeptIn("a LinkedList kept in a list of its own", new StoreBrowser.Reference(13, "java.util.ArrayList"))));
    }

    @Test
    void shouldListAPagedCollectionsPagesAndSections() {
        StoreBrowser.Reference page = new StoreBrowser.Reference(5, "java.util.HashMap");
        StoreBrowser.Reference section = new StoreBrowser.Reference(7, "java.util.HashMap");
        assertEquals("HashMap(600) in 1 pages [#5 java.util.HashMap], directory sections [#7 java.util.HashMap]",
            ValueText.of(new StoreBrowser.PagedCollection("HashMap", 600, List.of(page), List.of(section))));
    }
}
