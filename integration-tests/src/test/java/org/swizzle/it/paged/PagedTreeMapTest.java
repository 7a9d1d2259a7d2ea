package org.swizzle.it.paged;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.nio.file.Path;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.swizzle.internal.StoreBrowser;
import org.swizzle.it.Jvm;
import org.swizzle.it.Phases;

/**
 * A large {@code TreeMap} is stored as a reference to a chunked list of its entries, and a large {@code TreeSet} as a
 * reference to such a map: built in commits in no key order, read back a chunk at a time, changed every way a
 * sorted map or set and their views can be (killed after the commit), and reverted by {@code abort()}. Each phase
 * in a JVM of its own.
 */
@Tag("extended")
class PagedTreeMapTest {

    private static final String[] PHASES = {"build", "cold", "mutate", "verify", "abort", "verify"};

    @TempDir
    Path dir;

    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"", "barrier=card", "barrier=object", "barrier=none", "swizzle=edge"})
    void shouldKeepALargeSortedMapAndSetInChunks(String options) {
        assertEquals("", Phases.failures(PagedTreeMapWorkload.class, options, dir, PHASES), "[" + options + "]");
    }

    /** The same under a resident budget far below the map's size: clean chunks are let go and read again. */
    @Test
    void shouldKeepThemInChunksThatTheBudgetLetsGo() {
        assertEquals("", Phases.failures(PagedTreeMapWorkload.class,
            Jvm.withAgent("").jvmOption("-D" + Phases.BUDGET_PROPERTY + "=1000"), dir, PHASES));
    }

    @Test
    void shouldStoreTheMapAsAReferenceToItsListAndTheSetAsAReferenceToItsMap() {
        assertEquals("", Phases.failures(PagedTreeMapWorkload.class, "", dir, "build"));
        try (StoreBrowser browser = StoreBrowser.open(dir)) {
            StoreBrowser.Reference list = assertInstanceOf(StoreBrowser.KeptIn.class,
                browser.decode(field(browser, "entries").oid()).contents(), "the map's image").collection();
            StoreBrowser.PagedCollection chunks = assertInstanceOf(StoreBrowser.PagedCollection.class,
                browser.decode(list.oid()).contents(), "the map's list");
            assertEquals(2 * PagedTreeMapWorkload.ENTRIES, chunks.size(), "a key and a value per entry");
            StoreBrowser.Reference map = assertInstanceOf(StoreBrowser.KeptIn.class,
                browser.decode(field(browser, "accounts").oid()).contents(), "the set's image").collection();
            assertInstanceOf(StoreBrowser.KeptIn.class, browser.decode(map.oid()).contents(), "the set's map's image");
        }
    }

    private static StoreBrowser.Reference field(StoreBrowser browser, String name) {
        long root = browser.roots().stream().filter(r -> r.name().equals("ledger")).findFirst().orElseThrow().oid();
        return (StoreBrowser.Reference) browser.decode(root).fields().stream()
            .filter(f -> f.name().equals(name)).findFirst().orElseThrow().value();
    }
}
