package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.swizzle.store.TestBytes.assertBytes;
import static org.swizzle.store.TestBytes.bytes;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Objects written, read back, and read back again after the store is reopened. */
class RoundTripTest {
    @TempDir
    Path dir;

    private final LittleEndianBuffer view = LittleEndianBuffer.of(new byte[0]);

    @Test
    void shouldRoundTripManySmallObjectsAcrossSegmentsAndClusters() {
        int objects = 50_000;
        long[] oids = new long[objects];
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            for (int batch = 0; batch < 5; batch++) {
                Transaction transaction = store.begin();
                for (int i = batch * 10_000; i < (batch + 1) * 10_000; i++) {
                    oids[i] = TestBytes.putNew(transaction, i, lengthOf(i));
                }
                transaction.commit(batch + 1);
            }
            assertTrue(Oids.segment(oids[objects - 1]) >= objects / Oids.SLOTS_PER_SEGMENT, "50,000 objects fill 196 segments");
            assertEquals(objects, store.counters().imagesLogged(), store.counters().toString());
            assertAllObjects(store, oids);
        }
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            assertEquals(5, store.lastCommit());
            assertAllObjects(store, oids);
        }
    }

    private static int lengthOf(int i) {
        return 8 + i % 120;
    }

    private void assertAllObjects(SegmentStore store, long[] oids) {
        for (int i = 0; i < oids.length; i++) {
            assertEquals(lengthOf(i), store.length(oids[i]), "length of object " + i);
            assertEquals(i % 100, store.classId(oids[i]), "class id of object " + i);
            assertBytes(bytes(i, lengthOf(i)), store.read(oids[i], view), "object " + i + " (OID " + oids[i] + ")");
        }
    }

    @Test
    void shouldRoundTripObjectBiggerThanACluster() {
        int length = 4 * 1024 * 1024;
        long big;
        long after;
        try (SegmentStore store = SegmentStore.open(dir, StoreConfig.defaults())) {
            Transaction transaction = store.begin();
            long before = TestBytes.putNew(transaction, 1, 100);
            big = TestBytes.putNew(transaction, 2, length);
            after = TestBytes.putNew(transaction, 3, 100);
            transaction.commit(1);
            assertBytes(bytes(2, length), store.read(big, view), "4 MB object");
            assertNull(view.byteArray(), "an object inside one mapped region is read without copying");
            assertBytes(bytes(1, 100), store.read(before, view), "object before it");
        }
        try (SegmentStore store = SegmentStore.open(dir, StoreConfig.defaults())) {
            assertBytes(bytes(2, length), store.read(big, view), "4 MB object after reopening");
            assertBytes(bytes(3, 100), store.read(after, view), "object after it");
        }
    }

    @Test
    void shouldCopyAnObjectThatSpansTwoMappedRegions() {
        StoreConfig config = StoreDirs.smallNoCheckpoint();
        int length = 3 * config.regionSize() / 2;
        try (SegmentStore store = SegmentStore.open(dir, config)) {
            Transaction transaction = store.begin();
            long oid = TestBytes.putNew(transaction, 9, length);
            transaction.commit(1);
            assertBytes(bytes(9, length), store.read(oid, view), "object spanning regions");
            assertNotNull(view.byteArray(), "bytes spanning regions are copied to the heap");
        }
    }

    @Test
    void shouldKeepReservedOidsAbsentUntilFirstPut() {
        try (SegmentStore store = SegmentStore.open(dir, StoreConfig.defaults())) {
            assertEquals(0, store.lastCommit());
            assertFalse(store.contains(SegmentStore.ROOTS_OID));
            assertFalse(store.contains(SegmentStore.CATALOG_OID));
            Transaction transaction = store.begin();
            transaction.put(SegmentStore.ROOTS_OID, 1, bytes(1, 40), 0, 40);
            transaction.put(SegmentStore.CATALOG_OID, 2, bytes(2, 300), 0, 300);
            long first = transaction.newObject();
            assertEquals(3, first, "user objects start at OID 3");
            transaction.commit(1);
        }
        try (SegmentStore store = SegmentStore.open(dir, StoreConfig.defaults())) {
            assertEquals(1, store.lastCommit());
            assertBytes(bytes(1, 40), store.read(SegmentStore.ROOTS_OID, view), "roots");
            assertBytes(bytes(2, 300), store.read(SegmentStore.CATALOG_OID, view), "catalog");
            assertEquals(2, store.classId(SegmentStore.CATALOG_OID));
            assertFalse(store.contains(3), "an OID handed out but never put holds no object");
        }
    }

    @Test
    void shouldMoveAGrownObjectAndKeepItsOid() {
        long grown;
        long neighbour;
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            Transaction transaction = store.begin();
            grown = TestBytes.putNew(transaction, 1, 32);
            neighbour = TestBytes.putNew(transaction, 2, 32);
            transaction.commit(1);

            transaction = store.begin();
            transaction.put(grown, 5, bytes(10, 5000), 0, 5000);
            transaction.commit(2);
            assertEquals(1, store.counters().objectsMoved());
            assertEquals(32, store.counters().deadBytes(), "the old 32 bytes are left dead");
            assertBytes(bytes(10, 5000), store.read(grown, view), "grown object");
            assertBytes(bytes(2, 32), store.read(neighbour, view), "its neighbour, untouched");
        }
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            assertEquals(5, store.classId(grown));
            assertBytes(bytes(10, 5000), store.read(grown, view), "grown object after reopening");
            assertBytes(bytes(2, 32), store.read(neighbour, view), "neighbour after reopening");
        }
    }

    @Test
    void shouldRewriteAShrunkObjectInPlace() {
        long oid;
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            Transaction transaction = store.begin();
            oid = TestBytes.putNew(transaction, 1, 200);
            transaction.commit(1);
            long offset = offsetOf(store, oid);

            transaction = store.begin();
            transaction.put(oid, 1, bytes(7, 50), 0, 50);
            transaction.commit(2);
            assertEquals(offset, offsetOf(store, oid), "a shrunk object stays where it was");
            assertEquals(0, store.counters().objectsMoved());
            assertEquals(2, store.counters().imagesLogged(), "the shrink logs a whole image");
        }
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            assertBytes(bytes(7, 50), store.read(oid, view), "shrunk object after reopening");
        }
    }

    @Test
    void shouldLogAWholeImageWhenTheClassIdChanges() {
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            Transaction transaction = store.begin();
            long oid = TestBytes.putNew(transaction, 1, 64);
            transaction.commit(1);

            transaction = store.begin();
            transaction.put(oid, 42, bytes(1, 64), 0, 64);
            transaction.commit(2);
            assertEquals(42, store.classId(oid));
            assertEquals(2, store.counters().imagesLogged());
            assertEquals(0, store.counters().objectsCompared());
        }
    }

    @Test
    void shouldPlaceNewObjectsInTheOrderTheirOidsWereHandedOut() {
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            Transaction transaction = store.begin();
            long a = transaction.newObject();
            long b = transaction.newObject();
            long c = transaction.newObject();
            transaction.put(c, 1, bytes(3, 16), 0, 16);
            transaction.put(a, 1, bytes(1, 16), 0, 16);
            transaction.put(b, 1, bytes(2, 16), 0, 16);
            transaction.commit(1);
            assertTrue(a < b && b < c);
            assertTrue(offsetOf(store, a) < offsetOf(store, b) && offsetOf(store, b) < offsetOf(store, c),
                "objects are laid out in OID order, not put order");
        }
    }

    @Test
    void shouldReturnTheViewItWasGiven() {
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            Transaction transaction = store.begin();
            long oid = TestBytes.putNew(transaction, 1, 16);
            transaction.commit(1);
            assertSame(view, store.read(oid, view));
        }
    }

    private static long offsetOf(SegmentStore store, long oid) {
        return StoreDirs.offsetOf(store, oid);
    }
}
