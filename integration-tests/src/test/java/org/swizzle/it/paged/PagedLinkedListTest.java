package org.swizzle.it.paged;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.swizzle.internal.NoSuchObjectException;
import org.swizzle.internal.StoreBrowser;
import org.swizzle.it.Jvm;
import org.swizzle.it.Phases;

/**
 * A large {@code LinkedList} is stored as a reference to a paged list of its own: built in commits, read back a
 * chunk at a time, used as a queue and changed every way a list and a deque can be (killed after the commit),
 * reverted by {@code abort()}, and emptied, which leaves its list to the collector. Each phase in a JVM of its own.
 */
@Tag("extended")
class PagedLinkedListTest {

    private static final String[] PHASES = {"build", "cold", "mutate", "verify", "abort", "verify"};

    @TempDir
    Path dir;

    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"", "barrier=card", "barrier=object", "barrier=none", "swizzle=edge"})
    void shouldKeepALargeLinkedListInAPagedList(String options) {
        assertEquals("", Phases.failures(PagedLinkedListWorkload.class, options, dir, PHASES), "[" + options + "]");
    }

    /** The same under a resident budget far below the list's size: clean chunks of its list are let go and read again. */
    @Test
    void shouldKeepALargeLinkedListInChunksThatTheBudgetLetsGo() {
        assertEquals("", Phases.failures(PagedLinkedListWorkload.class,
            Jvm.withAgent("").jvmOption("-D" + Phases.BUDGET_PROPERTY + "=1000"), dir, PHASES));
    }

    @Test
    void shouldStoreTheListAsAReferenceToItsListAndFreeThatListOnceEmptied() {
        assertEquals("", Phases.failures(PagedLinkedListWorkload.class, "", dir, "build"));
        StoreBrowser.Reference list;
        try (StoreBrowser browser = StoreBrowser.open(dir)) {
            Object jobs = browser.decode(field(browser, "jobs").oid()).contents();
            list = assertInstanceOf(StoreBrowser.KeptIn.class, jobs, "the jobs list's image").collection();
            StoreBrowser.PagedCollection chunks = assertInstanceOf(StoreBrowser.PagedCollection.class,
                browser.decode(list.oid()).contents(), "the jobs list's list");
            assertEquals(PagedLinkedListWorkload.JOBS, chunks.size(), "the list's size");
        }
        assertEquals("", Phases.failures(PagedLinkedListWorkload.class, "", dir, "empty", "collect", "emptyVerify"));
        try (StoreBrowser browser = StoreBrowser.open(dir)) {
            assertThrows(NoSuchObjectException.class, () -> browser.decode(list.oid()), "the emptied list's list was freed");
        }
    }

    private static StoreBrowser.Reference field(StoreBrowser browser, String name) {
        long root = browser.roots().stream().filter(r -> r.name().equals("queue")).findFirst().orElseThrow().oid();
        return (StoreBrowser.Reference) browser.decode(root).fields().stream()
            .filter(f -> f.name().equals(name)).findFirst().orElseThrow().value();
    }
}
