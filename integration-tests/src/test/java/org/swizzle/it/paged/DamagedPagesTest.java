package org.swizzle.it.paged;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
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
 * read: a map page whose keys are outside its range of hashes, a list chunk of another count. The store is built and
 * read in JVMs of their own; the damage is done between them through the segment store.
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

    /**
     * Writes page {@code from} (from the end if negative) of the paged collection in field {@code field} of root
     * {@code root} over its page {@code over}, as a commit of the segment store.
     */
    private static void writePageOver(Path dir, String root, String field, int from, int over) {
        long fromOid;
        long overOid;
        try (StoreBrowser browser = StoreBrowser.open(dir)) {
            long rootOid = browser.roots().stream().filter(r -> r.name().equals(root)).findFirst().orElseThrow().oid();
            StoreBrowser.Reference collection = (StoreBrowser.Reference) browser.decode(rootOid).fields().stream()
                .filter(f -> f.name().equals(field)).findFirst().orElseThrow().value();
            List<StoreBrowser.Reference> pages = ((StoreBrowser.PagedCollection) browser.decode(collection.oid()).contents()).pages();
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
