package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.swizzle.store.StoreDirs.offsetOf;
import static org.swizzle.store.TestBytes.assertBytes;
import static org.swizzle.store.TestBytes.bytes;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Objects that grow and shrink: they stay, grow in place, relocate within their cluster or move
 * beyond it, with their OIDs unchanged; the space they leave is reused; and the free space a
 * reopened store rebuilds from its tables is the space the running store kept.
 */
class RelocationTest {
    private static final int CLUSTER = StoreConfig.MIN_CLUSTER_SIZE;

    @TempDir
    Path dir;

    private final LittleEndianBuffer view = LittleEndianBuffer.of(new byte[0]);
    private long commit;

    private long create(SegmentStore store, long seed, int length) {
        Transaction transaction = store.begin();
        long oid = TestBytes.putNew(transaction, seed, length);
        transaction.commit(++commit);
        return oid;
    }

    private void resize(SegmentStore store, long oid, long seed, int length) {
        Transaction transaction = store.begin();
        transaction.put(oid, (int) (seed % 100), bytes(seed, length), 0, length);
        transaction.commit(++commit);
    }

    @Test
    void shouldGrowInPlaceWhenTheBytesAfterTheObjectAreFree() {
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            long oid = create(store, 1, 100);
            long offset = offsetOf(store, oid);
            resize(store, oid, 2, 300);
            assertEquals(offset, offsetOf(store, oid), "the free bytes after it were taken");
            assertEquals(0, store.counters().objectsMoved());
            assertBytes(bytes(2, 300), store.read(oid, view), "grown object");
        }
    }

    @Test
    void shouldRelocateWithinTheClusterThenMoveBeyondIt() {
        long grown;
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            grown = create(store, 1, 64);
            long neighbour = create(store, 2, 64);
            long home = store.layout().clusterIndex(offsetOf(store, grown));

            resize(store, grown, 3, 2000);
            assertEquals(home, store.layout().clusterIndex(offsetOf(store, grown)), "relocated within its cluster");
            assertTrue(store.freeSpace().isFree(offsetOf(store, neighbour) - 64, 64), "its old 64 bytes are free");

            resize(store, grown, 4, CLUSTER / 2 + 100);
            assertNotEquals(home, store.layout().clusterIndex(offsetOf(store, grown)), "no room left: moved");
            assertEquals(2, store.counters().objectsMoved());
            assertBytes(bytes(4, CLUSTER / 2 + 100), store.read(grown, view), "moved object");
            assertBytes(bytes(2, 64), store.read(neighbour, view), "its neighbour");
        }
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            assertBytes(bytes(4, CLUSTER / 2 + 100), store.read(grown, view), "moved object after reopening");
        }
    }

    @Test
    void shouldReuseTheSpaceAShrunkObjectLeaves() {
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            long shrunk = create(store, 1, 1000);
            long offset = offsetOf(store, shrunk);
            long blocker = create(store, 2, CLUSTER - 4096 - SegmentTableDescriptor.TABLE_LENGTH - 1000);
            assertEquals(store.layout().clusterIndex(offset), store.layout().clusterIndex(offsetOf(store, blocker)));

            resize(store, shrunk, 3, 200);
            assertEquals(offset, offsetOf(store, shrunk), "shrinks in place");
            assertEquals(800, store.counters().deadBytes());
            long reused = create(store, 4, 500);
            assertEquals(offset + 200, offsetOf(store, reused), "a new object of the same segment takes the freed tail");
            assertBytes(bytes(3, 200), store.read(shrunk, view), "shrunk object");
            assertBytes(bytes(4, 500), store.read(reused, view), "object in reused space");
        }
    }

    @Test
    void shouldKeepTheFileBoundedUnderChurnAndRebuildTheSameFreeSpace() {
        StoreConfig config = StoreDirs.smallNoCheckpoint();
        Random random = new Random(42);
        int objects = 400;
        long[] oids = new long[objects];
        long[] seeds = new long[objects];
        int[] lengths = new int[objects];
        List<String> freeBefore;
        long endAfterWarmUp;
        try (SegmentStore store = SegmentStore.open(dir, config)) {
            Transaction transaction = store.begin();
            for (int i = 0; i < objects; i++) {
                seeds[i] = i;
                lengths[i] = 16 + random.nextInt(400);
                oids[i] = TestBytes.putNew(transaction, seeds[i], lengths[i]);
            }
            transaction.commit(++commit);
            churn(store, random, oids, seeds, lengths, 300);
            endAfterWarmUp = store.freeSpace().allocatedEnd();
            churn(store, random, oids, seeds, lengths, 600);
            assertTrue(store.freeSpace().allocatedEnd() <= endAfterWarmUp + 3L * CLUSTER,
                "600 more commits resizing random objects reuse the space they free: allocated end went from "
                    + endAfterWarmUp + " to " + store.freeSpace().allocatedEnd());
            assertTrue(store.counters().objectsMoved() > 100, store.counters().toString());
            freeBefore = describe(store.freeSpace());
        }
        try (SegmentStore store = SegmentStore.open(dir, config)) {
            assertEquals(freeBefore, describe(store.freeSpace()), "free space rebuilt from the tables");
            for (int i = 0; i < objects; i++) {
                assertEquals(oids[i], Oids.FIRST_NEW_OID + i, "OIDs never change");
                assertBytes(bytes(seeds[i], lengths[i]), store.read(oids[i], view), "object " + i);
            }
        }
    }

    private void churn(SegmentStore store, Random random, long[] oids, long[] seeds, int[] lengths, int commits) {
        for (int c = 0; c < commits; c++) {
            Transaction transaction = store.begin();
            for (int k = 0; k < 10; k++) {
                int i = random.nextInt(oids.length);
                seeds[i] = random.nextInt(1_000_000);
                lengths[i] = random.nextInt(10) == 0 ? 0 : 16 + random.nextInt(random.nextBoolean() ? 400 : 3000);
                transaction.put(oids[i], (int) (seeds[i] % 100), bytes(seeds[i], lengths[i]), 0, lengths[i]);
            }
            transaction.commit(++commit);
        }
    }

    @Test
    void shouldMoveObjectsBetweenSmallAndLarge() {
        int large = 3 * CLUSTER + 5;
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            long oid = create(store, 1, 100);
            resize(store, oid, 2, large);
            assertEquals(0, offsetOf(store, oid) % CLUSTER, "a large object starts a cluster");
            long run = offsetOf(store, oid);
            resize(store, oid, 3, 2 * CLUSTER);
            assertEquals(run, offsetOf(store, oid), "shrinks in place, freeing its last clusters");
            assertTrue(store.freeSpace().isFree(run + 2L * CLUSTER, CLUSTER) && store.freeSpace().isFree(run + 3L * CLUSTER, CLUSTER),
                "its last two clusters are free");
            resize(store, oid, 4, 50);
            assertEquals(run, offsetOf(store, oid), "becomes small where it is");
            assertTrue(store.freeSpace().isFree(run + 56, CLUSTER - 56));
            assertBytes(bytes(4, 50), store.read(oid, view), "small again");
        }
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            assertBytes(bytes(4, 50), store.read(Oids.FIRST_NEW_OID, view), "after reopening");
        }
    }

    @Test
    void shouldNotReuseSpaceFreedByACommitThatFailed() {
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            long oid = create(store, 1, 100);
            List<String> before = describe(store.freeSpace());
            long end = store.freeSpace().allocatedEnd();
            Transaction transaction = store.begin();
            transaction.put(oid, 1, bytes(2, 5000), 0, 5000);
            TestBytes.putNew(transaction, 3, 3 * CLUSTER);
            transaction.abandon();
            assertEquals(before, describe(store.freeSpace()), "an abandoned transaction placed nothing");
            assertEquals(end, store.freeSpace().allocatedEnd());
        }
    }

    static List<String> describe(FreeSpace space) {
        List<String> extents = new ArrayList<>();
        space.forEach((start, end) -> extents.add(start + ".." + end));
        extents.add("end " + space.allocatedEnd());
        return extents;
    }
}
