package org.swizzle.it.paged;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.swizzle.internal.NoSuchObjectException;
import org.swizzle.internal.StoreBrowser;
import org.swizzle.it.Jvm;
import org.swizzle.it.Phases;

/**
 * A large {@code HashSet} is stored as the keys of a paged map of its own: built in commits, read back a page at a
 * time, changed every way a set can be (killed after the commit), reverted by {@code abort()}, and emptied, which
 * leaves its map to the collector. Each phase in a JVM of its own.
 */
class PagedSetTest {

    private static final String[] PHASES = {"build", "cold", "mutate", "verify", "abort", "verify"};

    @TempDir
    Path dir;

    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"", "barrier=card"})
    void shouldKeepALargeSetAsAPagedMapsKeys(String options) {
        assertEquals("", Phases.failures(PagedSetWorkload.class, options, dir, PHASES), "[" + options + "]");
    }

    /** The same under a resident budget far below the set's size: clean pages of its map are let go and read again. */
    @Test
    void shouldKeepALargeSetInPagesThatTheBudgetLetsGo() {
        assertEquals("", Phases.failures(PagedSetWorkload.class,
            Jvm.withAgent("").jvmOption("-D" + Phases.BUDGET_PROPERTY + "=1000"), dir, PHASES));
    }

    @Test
    void shouldStoreTheSetAsAReferenceToItsMapAndFreeTheMapOnceTheSetIsEmptied() {
        assertEquals("", Phases.failures(PagedSetWorkload.class, "", dir, "build"));
        StoreBrowser.Reference map;
        try (StoreBrowser browser = StoreBrowser.open(dir)) {
            Object ids = browser.decode(field(browser, "ids").oid()).contents();
            map = assertInstanceOf(StoreBrowser.KeptIn.class, ids, "the ids set's image").collection();
            StoreBrowser.PagedCollection keys = assertInstanceOf(StoreBrowser.PagedCollection.class,
                browser.decode(map.oid()).contents(), "the ids set's map");
            assertEquals(PagedSetWorkload.IDS, keys.size(), "the map's size");
            Object items = browser.decode(field(browser, "items").oid()).contents();
            assertInstanceOf(java.util.Set.class, items, "the items set, of persistent elements, is one image");
        }
        assertEquals("", Phases.failures(PagedSetWorkload.class, "", dir, "empty", "collect", "emptyVerify"));
        try (StoreBrowser browser = StoreBrowser.open(dir)) {
            assertThrows(NoSuchObjectException.class, () -> browser.decode(map.oid()), "the emptied set's map was freed");
        }
    }

    private static StoreBrowser.Reference field(StoreBrowser browser, String name) {
        long root = browser.roots().stream().filter(r -> r.name().equals("tags")).findFirst().orElseThrow().oid();
        return (StoreBrowser.Reference) browser.decode(root).fields().stream()
            .filter(f -> f.name().equals(name)).findFirst().orElseThrow().value();
    }
}
