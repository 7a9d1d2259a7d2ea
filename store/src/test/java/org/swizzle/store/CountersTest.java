package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.swizzle.store.TestBytes.bytes;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The time a commit spends in each phase, and the size of the last commit. */
class CountersTest {
    @TempDir
    Path dir;

    @Test
    void shouldTimeEveryPhaseOfACommit() {
        try (SegmentStore store = SegmentStore.open(dir, new StoreConfig(StoreConfig.MIN_CLUSTER_SIZE, true, 1 << 30))) {
            long oid = commitAnImage(store);
            Transaction transaction = store.begin();
            transaction.put(oid, 1, bytes(2, 1000), 0, 1000);
            transaction.commit(2);

            StoreCounters counters = store.counters();
            assertTrue(counters.diffNanos() > 0, counters.toString());
            assertTrue(counters.writeNanos() > 0, counters.toString());
            assertTrue(counters.forceNanos() > 0, "syncOnCommit forces: " + counters);
            assertTrue(counters.applyNanos() > 0, counters.toString());
            assertEquals(1, counters.lastCommitRecords(), "one PATCH: " + counters);
            long patched = counters.payloadBytesLogged() - 1000; // after the first commit's image
            assertTrue(counters.lastCommitBytes() > WalDescriptor.BLOCK_HEADER_LENGTH + patched, counters.toString());
            store.checkpoint();
            assertTrue(counters.checkpointNanos() > 0, counters.toString());
        }
    }

    @Test
    void shouldCountWhatOneTransactionDidApartFromTheOnesBefore() {
        try (SegmentStore store = SegmentStore.open(dir, new StoreConfig(StoreConfig.MIN_CLUSTER_SIZE, true, 1 << 30))) {
            long oid = commitAnImage(store);
            StoreCounters before = store.counters().copy();
            Transaction second = store.begin();
            second.put(oid, 1, bytes(2, 1000), 0, 1000);
            StoreCounters open = second.counted();
            assertTrue(open.diffNanos() > 0 && open.commitsLogged() == 0 && open.bytesCompared() == 1000,
                "compared, not logged yet: " + open);
            second.commit(2);

            StoreCounters counted = second.counted();
            StoreCounters all = store.counters();
            assertEquals(1, counted.commitsLogged(), counted.toString());
            assertEquals(1, counted.recordsLogged(), "one PATCH: " + counted);
            assertEquals(all.lastCommitBytes(), counted.walBytesLogged(), counted.toString());
            assertEquals(all.payloadBytesLogged() - 1000, counted.payloadBytesLogged(), "after the first commit's image");
            assertEquals(1, counted.objectsCompared(), counted.toString());
            assertEquals(1000, counted.bytesCompared(), counted.toString());
            assertEquals(0, counted.imagesLogged(), counted.toString());
            assertEquals(all.forceNanos() - before.forceNanos(), counted.forceNanos(), counted.toString());
            assertTrue(counted.forceNanos() > 0 && counted.forceNanos() < all.forceNanos(), "the second commit's force alone: " + counted);
            assertEquals(all.writeNanos() - before.writeNanos(), counted.writeNanos());
            assertEquals(all.applyNanos() - before.applyNanos(), counted.applyNanos());
            assertEquals(all.diffNanos() - before.diffNanos(), counted.diffNanos());
            assertEquals(1, before.commitsLogged(), "a copy, which the store does not update: " + before);
            assertEquals(2, all.commitsLogged(), all.toString());
        }
    }

    /** A checkpoint the commit made is the transaction's too: the object manager counts its time as applying. */
    @Test
    void shouldCountTheCheckpointACommitMade() {
        try (SegmentStore store = SegmentStore.open(dir, new StoreConfig(StoreConfig.MIN_CLUSTER_SIZE, true, 1))) {
            long oid = commitAnImage(store);
            Transaction second = store.begin();
            second.put(oid, 1, bytes(2, 1000), 0, 1000);
            second.commit(2);

            StoreCounters counted = second.counted();
            assertEquals(1, counted.checkpoints(), "a log past 1 byte is checkpointed after the commit: " + counted);
            assertTrue(counted.checkpointNanos() > 0, counted.toString());
        }
    }

    /** Commits a new object of 1,000 bytes, of class id 1; returns its OID. */
    private static long commitAnImage(SegmentStore store) {
        Transaction transaction = store.begin();
        long oid = TestBytes.putNew(transaction, 1, 1000);
        transaction.commit(1);
        return oid;
    }

    @Test
    void shouldNotForceWithoutSyncOnCommit() {
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            Transaction transaction = store.begin();
            TestBytes.putNew(transaction, 1, 10);
            transaction.commit(1);
            assertEquals(0, store.counters().forceNanos());
            assertEquals(3, store.counters().lastCommitRecords(), "SEGMENT, IMAGE and ALLOCATOR");
        }
    }
}
