package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.swizzle.StoreCorruptedException;

/**
 * A store's id, in its checkpoints and its log's header, binds the log to the store: a log put beside another
 * store's files, or another store's cluster file put beside the log, is refused before anything of the log is
 * replayed, which before replayed another store's commits over this one's objects.
 */
class StoreIdentityTest {
    @TempDir
    Path dir;

    @Test
    void shouldRefuseTheLogOfAnotherStoreAndChangeNothing() throws IOException {
        Path a = withFileOfAnotherStore(StoreDirs.WAL);
        byte[] clusters = Files.readAllBytes(a.resolve(StoreDirs.CLUSTERS));
        byte[] segments = Files.readAllBytes(a.resolve(StoreDirs.SEGMENTS));

        assertRefusedNamingBothFiles(a);
        assertArrayEquals(clusters, Files.readAllBytes(a.resolve(StoreDirs.CLUSTERS)), "the cluster file is untouched");
        assertArrayEquals(segments, Files.readAllBytes(a.resolve(StoreDirs.SEGMENTS)), "the segment directory too");
        assertEquals(Tool.DAMAGED, StoreDirs.verify(a), "verify refuses it too");

        putOwnBack(a, StoreDirs.WAL);
        try (SegmentStore store = SegmentStore.open(a, StoreDirs.smallNoCheckpoint())) {
            assertEquals(5, store.counters().commitsRecovered(), "the store's own log back: every commit of it");
            assertEquals(5, store.lastCommit());
        }
    }

    @Test
    void shouldRefuseTheClusterFileOfAnotherStoreWithoutBlamingTheLog() throws IOException {
        Path a = withFileOfAnotherStore(StoreDirs.CLUSTERS);
        byte[] log = Files.readAllBytes(a.resolve(StoreDirs.WAL));

        assertRefusedNamingBothFiles(a);
        assertArrayEquals(log, Files.readAllBytes(a.resolve(StoreDirs.WAL)), "the log is untouched");

        putOwnBack(a, StoreDirs.CLUSTERS);
        try (SegmentStore store = SegmentStore.open(a, StoreDirs.smallNoCheckpoint())) {
            assertEquals(5, store.lastCommit(), "the store's own cluster file back: every commit of it");
        }
    }

    /** Store "a", 5 commits left in its log by a crash, with {@code file} of store "b" (7 commits) in place of its own. */
    private Path withFileOfAnotherStore(String file) throws IOException {
        Path a = crashAfterCommits(dir.resolve("a-live"), dir.resolve("a"), 1, 5);
        Path b = crashAfterCommits(dir.resolve("b-live"), dir.resolve("b"), 2, 7);
        Files.copy(a.resolve(file), dir.resolve("own-" + file));
        StoreDirs.copy(b, a, file);
        return a;
    }

    private void putOwnBack(Path store, String file) throws IOException {
        Files.copy(dir.resolve("own-" + file), store.resolve(file), StandardCopyOption.REPLACE_EXISTING);
    }

    /** Neither file can be told to be the foreign one, so the message names both and says to put both back. */
    private static void assertRefusedNamingBothFiles(Path store) {
        String message = assertThrows(StoreCorruptedException.class,
            () -> SegmentStore.open(store, StoreDirs.smallNoCheckpoint())).getMessage();
        assertTrue(message.startsWith(store.resolve(StoreDirs.WAL) + " and " + store.resolve(StoreDirs.CLUSTERS)
            + " belong to different stores") && message.contains("(at offset " + WalDescriptor.STORE_ID_LOW_OFFSET + ")")
            && message.contains("Nothing of the log was replayed")
            && message.contains("put back this store's own swizzle.wal and swizzle.clusters"), message);
    }

    @Test
    void shouldGiveAStoreWithoutAnIdOneAtItsFirstWritableOpen() throws IOException {
        Path store = crashAfterCommits(dir.resolve("live"), dir.resolve("old"), 3, 2);
        writeIds(store, 0, 0); // what a store created before stores had an id holds
        try (SegmentStore opened = SegmentStore.open(store, StoreDirs.smallNoCheckpoint())) {
            assertEquals(2, opened.counters().commitsRecovered());
        }
        long id = slotId(store);
        assertNotEquals(0, id);
        assertEquals(id, logId(store), "the log names the id the checkpoint gave the store");

        writeIds(store, id, 0); // a crash after that checkpoint wrote its slot and before it reset the log
        SegmentStore.open(store, StoreDirs.smallNoCheckpoint()).close();
        assertEquals(id, logId(store), "a log that names no store is the store's own, and gets its id");
        assertEquals(Tool.CLEAN, StoreDirs.verify(store));
    }

    private static Path crashAfterCommits(Path live, Path crashed, int seed, int commits) throws IOException {
        try (SegmentStore store = SegmentStore.open(live, StoreDirs.smallNoCheckpoint())) {
            for (int commit = 1; commit <= commits; commit++) {
                Transaction transaction = store.begin();
                TestBytes.putNew(transaction, seed * 100L + commit, 100);
                transaction.commit(commit);
            }
            return StoreDirs.crashCopy(live, crashed);
        }
    }

    /** The store id of the newest valid checkpoint slot. */
    private static long slotId(Path store) throws IOException {
        ClusterHeader header = header(store);
        Checkpoint newest = null;
        for (int slot = 0; slot < ClusterFileDescriptor.SLOT_COUNT; slot++) {
            Checkpoint checkpoint = header.slot(slot);
            if (checkpoint != null && (newest == null || checkpoint.sequence() > newest.sequence())) {
                newest = checkpoint;
            }
        }
        return newest.storeId();
    }

    private static ClusterHeader header(Path store) throws IOException {
        return ClusterHeader.read(store.resolve(StoreDirs.CLUSTERS), StoreDirs.headerPage(store),
            ClusterFileDescriptor.PAGE_SIZE, new Checksums());
    }

    private static long logId(Path store) throws IOException {
        return WalDescriptor.storeId(logHeader(store));
    }

    private static LittleEndianBuffer logHeader(Path store) throws IOException {
        byte[] log = Files.readAllBytes(store.resolve(StoreDirs.WAL));
        return LittleEndianBuffer.of(log, 0, WalDescriptor.FILE_HEADER_LENGTH);
    }

    /** Rewrites the id of every valid checkpoint slot and of the log header, with their checksums. */
    private static void writeIds(Path store, long slotId, long logId) throws IOException {
        ClusterHeader header = header(store);
        LittleEndianBuffer page = StoreDirs.headerPage(store);
        Checksums checksums = new Checksums();
        for (int slot = 0; slot < ClusterFileDescriptor.SLOT_COUNT; slot++) {
            Checkpoint checkpoint = header.slot(slot);
            if (checkpoint != null) {
                ClusterFileDescriptor.putSlot(page, ClusterFileDescriptor.slotOffset(slot), new Checkpoint(
                    checkpoint.sequence(), checkpoint.lastCommit(), checkpoint.nextOid(), checkpoint.allocatedEnd(),
                    checkpoint.segments(), slotId), checksums);
            }
        }
        StoreDirs.writeAt(store.resolve(StoreDirs.CLUSTERS), 0, ByteBuffer.wrap(page.byteArray()));
        LittleEndianBuffer log = LittleEndianBuffer.of(ByteBuffer.allocate(WalDescriptor.FILE_HEADER_LENGTH));
        WalDescriptor.putFileHeader(log, WalDescriptor.epoch(logHeader(store)), logId, checksums);
        StoreDirs.writeAt(store.resolve(StoreDirs.WAL), 0, log.byteBuffer().clear());
    }
}
