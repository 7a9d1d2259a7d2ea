package org.swizzle.it.paged;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.swizzle.internal.StoreBrowser;
import org.swizzle.it.Phases;
import org.swizzle.store.LittleEndianBuffer;
import org.swizzle.store.SegmentStore;
import org.swizzle.store.StoreConfig;
import org.swizzle.store.Transaction;

/**
 * A page of a large collection that is not the one its directory describes (one page written over another, with
 * valid checksums) is refused as corrupt when a lookup leads to it, naming the page, while the other pages still
 * read: a map page whose keys are outside its range of hashes, a list chunk of another count. So is a directory that
 * names one page twice, or a page of another collection, which would make two pages or collections one. The store is
 * built and read in JVMs of their own; the damage is done between them through the segment store.
 */
class DamagedPagesTest {

    @TempDir
    Path dir;

    @Test
    void shouldRefuseAMapPageHoldingAnotherPagesKeys() {
        assertEquals("", Phases.failures(PagedMapWorkload.class, "", dir, "build"));
        writePageOver(dir, "catalogue", "items", 1, 0);
        assertEquals("", Phases.failures(PagedMapWorkload.class, "", dir, "misplacedPage"));
    }

    @Test
    void shouldRefuseAListChunkOfAnotherCount() {
        assertEquals("", Phases.failures(PagedListWorkload.class, "", dir, "build"));
        writePageOver(dir, "shelf", "items", -1, 0);
        assertEquals("", Phases.failures(PagedListWorkload.class, "", dir, "wrongChunk"));
    }

    @Test
    void shouldRefuseADirectoryNamingOnePageTwice() {
        assertEquals("", Phases.failures(PagedMapWorkload.class, "", dir, "build"));
        namePage(dir, "items", 1, "items", 0);
        assertEquals("", Phases.failures(PagedMapWorkload.class, "", dir, "duplicatePage"));
    }

    @Test
    void shouldRefuseAPageOfAnotherCollection() {
        assertEquals("", Phases.failures(PagedMapWorkload.class, "", dir, "build"));
        namePage(dir, "names", 0, "items", 0);
        assertEquals("", Phases.failures(PagedMapWorkload.class, "", dir, "sharedPage"));
    }

    /**
     * Makes the directory of the paged map in field {@code field} of root {@code catalogue} name, as its page
     * {@code page}, page {@code otherPage} of the map in field {@code other}, as a commit of the segment store.
     */
    private static void namePage(Path dir, String field, int page, String other, int otherPage) {
        List<Long> directory = new ArrayList<>();
        long named;
        long naming;
        try (StoreBrowser browser = StoreBrowser.open(dir)) {
            StoreBrowser.Reference map = collection(browser, "catalogue", field);
            directory.add(map.oid());
            ((StoreBrowser.PagedCollection) browser.decode(map.oid()).contents()).sections().forEach(s -> directory.add(s.oid()));
            named = pages(browser, "catalogue", field).get(page).oid();
            naming = pages(browser, "catalogue", other).get(otherPage).oid();
        }
        try (SegmentStore store = SegmentStore.open(dir, StoreConfig.defaults().withCreateIfMissing(false))) {
            for (long image : directory) {
                LittleEndianBuffer stored = store.read(image, LittleEndianBuffer.of(new byte[0]));
                LittleEndianBuffer bytes = LittleEndianBuffer.of(new byte[stored.capacity()]);
                bytes.putBytes(0, stored, 0, stored.capacity());
                for (int at = 0; at + 8 <= bytes.capacity(); at++) {
                    if (bytes.getLong(at) == named) {
                        bytes.putLong(at, naming);
                        Transaction transaction = store.begin();
                        transaction.put(image, store.classId(image), bytes, 0, bytes.capacity());
                        transaction.commit(store.lastCommit() + 1);
                        return;
                    }
                }
            }
        }
        fail("page " + page + "'s OID " + named + " is in the directory " + directory.get(0) + " or one of its sections");
    }

    private static StoreBrowser.Reference collection(StoreBrowser browser, String root, String field) {
        long rootOid = browser.roots().stream().filter(r -> r.name().equals(root)).findFirst().orElseThrow().oid();
        return (StoreBrowser.Reference) browser.decode(rootOid).fields().stream()
            .filter(f -> f.name().equals(field)).findFirst().orElseThrow().value();
    }

    private static List<StoreBrowser.Reference> pages(StoreBrowser browser, String root, String field) {
        return ((StoreBrowser.PagedCollection) browser.decode(collection(browser, root, field).oid()).contents()).pages();
    }

    /**
     * Writes page {@code from} (from the end if negative) of the paged collection in field {@code field} of root
     * {@code root} over its page {@code over}, as a commit of the segment store.
     */
    private static void writePageOver(Path dir, String root, String field, int from, int over) {
        long fromOid;
        long overOid;
        try (StoreBrowser browser = StoreBrowser.open(dir)) {
            List<StoreBrowser.Reference> pages = pages(browser, root, field);
            fromOid = pages.get(from < 0 ? pages.size() + from : from).oid();
            overOid = pages.get(over).oid();
        }
        try (SegmentStore store = SegmentStore.open(dir, StoreConfig.defaults().withCreateIfMissing(false))) {
            LittleEndianBuffer bytes = store.read(fromOid, LittleEndianBuffer.of(new byte[0]));
            Transaction transaction = store.begin();
            transaction.put(overOid, store.classId(fromOid), bytes, 0, bytes.capacity());
            transaction.commit(store.lastCommit() + 1);
        }
    }
}
