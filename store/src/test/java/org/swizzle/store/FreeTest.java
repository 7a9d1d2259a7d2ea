package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.swizzle.store.TestBytes.assertBytes;
import static org.swizzle.store.TestBytes.bytes;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.swizzle.StoreCorruptedException;

/**
 * Freeing objects: a freed object is absent, as an OID never written is, once the commit that frees it
 * returns, after a crash and after a checkpoint; its space is free once that commit is applied, never to
 * that commit itself; a free cut short by a crash leaves the object, one logged and not applied is
 * replayed, and replaying it again changes nothing.
 */
class FreeTest {
    private static final int CLUSTER = StoreConfig.MIN_CLUSTER_SIZE;
    /** Fills the first cluster, after the header page and the first segment's table. */
    private static final int FILLER = CLUSTER - ClusterFileDescriptor.PAGE_SIZE - SegmentTableDescriptor.TABLE_LENGTH;

    @TempDir
    Path dir;

    private final LittleEndianBuffer view = LittleEndianBuffer.of(new byte[0]);

    private static void assertAbsent(SegmentStore store, long oid, String when) {
        assertFalse(store.contains(oid), when + ": object " + oid + " is gone");
        LittleEndianBuffer view = LittleEndianBuffer.of(new byte[0]);
        for (Runnable read : new Runnable[] {() -> store.read(oid, view), () -> store.length(oid), () -> store.classId(oid)}) {
            StoreCorruptedException e = assertThrows(StoreCorruptedException.class, read::run, when);
            assertTrue(e.getMessage().contains("object " + oid + " does not exist"), e.getMessage());
        }
        List<Long> members = new ArrayList<>();
        store.forEachInSegment(oid, members::add);
        assertFalse(members.contains(oid), when + ": the segment walk skips " + oid + ": " + members);
    }

    private static long commitFree(SegmentStore store, long commit, long... oids) {
        Transaction transaction = store.begin();
        for (long oid : oids) {
            transaction.free(oid);
        }
        return transaction.commit(commit);
    }

    @Test
    void shouldBeAbsentAsAnOidNeverWrittenOnceTheFreeCommits() {
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            Transaction transaction = store.begin();
            long kept = TestBytes.putNew(transaction, 1, 100);
            long freed = TestBytes.putNew(transaction, 2, 100);
            long empty = TestBytes.putNew(transaction, 3, 0);
            transaction.commit(1);

            transaction = store.begin();
            transaction.free(freed);
            transaction.free(empty);
            assertTrue(store.contains(freed), "a free takes effect when its transaction commits");
            transaction.commit(2);

            assertAbsent(store, freed, "after the commit");
            assertAbsent(store, empty, "an object of no bytes, after the commit");
            StoreCorruptedException neverWritten = assertThrows(StoreCorruptedException.class, () -> store.read(empty + 1, view));
            assertTrue(neverWritten.getMessage().contains("object " + (empty + 1) + " does not exist"));
            assertBytes(bytes(1, 100), store.read(kept, view), "the object beside it");
            assertEquals(2, store.counters().objectsFreed());
            assertEquals(104, store.counters().bytesFreed(), "100 bytes take an extent of 104; no bytes take none");
            assertEquals(2, store.counters().lastCommitRecords(), "two FREE records");
            assertTrue(store.oidLimit() > empty, "the OIDs stay allocated");
        }
    }

    @Test
    void shouldStayAbsentAfterACrashWithOrWithoutACheckpointAndAfterAClose() throws IOException {
        Path live = dir.resolve("live");
        long kept;
        long freed;
        Path withoutCheckpoint;
        Path withCheckpoint;
        try (SegmentStore store = SegmentStore.open(live, StoreDirs.smallNoCheckpoint())) {
            Transaction transaction = store.begin();
            kept = TestBytes.putNew(transaction, 1, 3000);
            freed = TestBytes.putNew(transaction, 2, 3000);
            transaction.commit(1);
            commitFree(store, 2, freed);
            withoutCheckpoint = StoreDirs.crashCopy(live, dir.resolve("without-checkpoint"));
            store.checkpoint();
            withCheckpoint = StoreDirs.crashCopy(live, dir.resolve("with-checkpoint"));
        }
        try (SegmentStore store = SegmentStore.open(withoutCheckpoint, StoreDirs.smallNoCheckpoint())) {
            assertEquals(2, store.counters().commitsRecovered(), "both commits replayed");
            assertAbsent(store, freed, "replayed");
            assertBytes(bytes(1, 3000), store.read(kept, view), "kept, replayed");
        }
        try (SegmentStore store = SegmentStore.open(withCheckpoint, StoreDirs.smallNoCheckpoint())) {
            assertEquals(0, store.counters().commitsRecovered(), "the checkpoint holds both commits");
            assertAbsent(store, freed, "from the checkpoint");
        }
        try (SegmentStore store = SegmentStore.open(live, StoreDirs.smallNoCheckpoint())) {
            assertAbsent(store, freed, "after a close");
            assertBytes(bytes(1, 3000), store.read(kept, view), "kept, after a close");
            assertEquals(2, store.lastCommit());
        }
    }

    /** The first cluster full: its header page, the first table and {@link #FILLER} bytes of one object. */
    private static long fillTheFirstCluster(SegmentStore store) {
        Transaction transaction = store.begin();
        long filler = TestBytes.putNew(transaction, 1, FILLER);
        transaction.commit(1);
        assertEquals(CLUSTER, store.freeSpace().allocatedEnd(), "one cluster");
        assertEquals(0, store.freeSpace().freeBytes(), "the first cluster is full");
        return filler;
    }

    @Test
    void shouldReuseTheSpaceOfAFreedObjectWithoutGrowingTheFile() throws IOException {
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            long filler = fillTheFirstCluster(store);
            long offset = StoreDirs.offsetOf(store, filler);
            long fileLength = Files.size(dir.resolve(StoreDirs.CLUSTERS));

            commitFree(store, 2, filler);
            assertTrue(store.freeSpace().isFree(offset, FILLER), "freed once the commit is applied");

            Transaction transaction = store.begin();
            long next = TestBytes.putNew(transaction, 2, FILLER);
            transaction.commit(3);
            assertEquals(offset, StoreDirs.offsetOf(store, next), "the new object takes the freed place");
            assertEquals(CLUSTER, store.freeSpace().allocatedEnd(), "no cluster allocated");
            assertEquals(fileLength, Files.size(dir.resolve(StoreDirs.CLUSTERS)), "the cluster file did not grow");
            assertBytes(bytes(2, FILLER), store.read(next, view), "the new object");
        }
    }

    @Test
    void shouldNeverPlaceAnObjectOfTheFreeingCommitInTheFreedSpace() {
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            long filler = fillTheFirstCluster(store);
            long offset = StoreDirs.offsetOf(store, filler);

            Transaction transaction = store.begin();
            transaction.free(filler);
            long next = TestBytes.putNew(transaction, 2, FILLER);
            transaction.commit(2);

            assertNotEquals(offset, StoreDirs.offsetOf(store, next), "a crash before the apply would leave the freed"
                + " object's bytes overwritten by a commit that did not happen");
            assertEquals(2 * CLUSTER, store.freeSpace().allocatedEnd(), "the new object took a new cluster");
            assertTrue(store.freeSpace().isFree(offset, FILLER), "the freed space is free after the apply");
        }
    }

    @Test
    void shouldKeepTheObjectWhenTheBlockThatFreesItIsTorn() throws IOException {
        Path live = dir.resolve("live");
        long freed;
        Path crashed;
        try (SegmentStore store = SegmentStore.open(live, StoreDirs.smallNoCheckpoint())) {
            Transaction transaction = store.begin();
            freed = TestBytes.putNew(transaction, 1, 500);
            transaction.commit(1);
            crashed = StoreDirs.crashCopy(live, dir.resolve("crashed"));
            commitFree(store, 2, freed);
            StoreDirs.copy(live, crashed, StoreDirs.WAL);
        }
        Path wal = crashed.resolve(StoreDirs.WAL);
        StoreDirs.truncate(wal, StoreDirs.walEnd(wal) - 8);
        try (SegmentStore store = SegmentStore.open(crashed, StoreDirs.smallNoCheckpoint())) {
            assertEquals(1, store.lastCommit(), "the torn commit is dropped");
            assertBytes(bytes(1, 500), store.read(freed, view), "the object the torn commit frees");
        }
    }

    @Test
    void shouldFreeTheObjectWhenTheBlockWasLoggedAndNotApplied() throws IOException {
        Path live = dir.resolve("live");
        long freed;
        long offset;
        Path crashed;
        try (SegmentStore store = SegmentStore.open(live, StoreDirs.smallNoCheckpoint())) {
            freed = fillTheFirstCluster(store);
            offset = StoreDirs.offsetOf(store, freed);
            crashed = StoreDirs.crashCopy(live, dir.resolve("crashed"));
            commitFree(store, 2, freed);
            StoreDirs.copy(live, crashed, StoreDirs.WAL);
        }
        try (SegmentStore store = SegmentStore.open(crashed, StoreDirs.smallNoCheckpoint())) {
            assertEquals(2, store.lastCommit());
            assertAbsent(store, freed, "replayed");
            assertTrue(store.freeSpace().isFree(offset, FILLER), "the rebuilt free space holds the freed extent");
            Transaction transaction = store.begin();
            long next = TestBytes.putNew(transaction, 2, FILLER);
            transaction.commit(3);
            assertEquals(offset, StoreDirs.offsetOf(store, next));
        }
    }

    /**
     * Commits that free objects in every way a log can hold them: patched, then freed; created, then freed;
     * freed, with their space taken by objects that later commits place or move; large; the roots object
     * freed and put again. The first commit creates the objects and is checkpointed; the log holds the
     * seven commits after it. Returns the objects the last commit leaves, by OID.
     */
    private static Map<Long, LittleEndianBuffer> freeingCommits(SegmentStore store) {
        Map<Long, LittleEndianBuffer> model = new TreeMap<>();
        List<long[]> freedExtents = new ArrayList<>();
        long commit = 1;
        Transaction transaction = store.begin();
        long[] oids = new long[300];
        for (int i = 0; i < oids.length; i++) {
            int length = i % 50 == 0 ? 2 * CLUSTER + i : 20 + i % 90;
            oids[i] = TestBytes.putNew(transaction, i, length);
            model.put(oids[i], bytes(i, length));
        }
        transaction.put(SegmentStore.ROOTS_OID, 7, bytes(-1, 40), 0, 40);
        model.put(SegmentStore.ROOTS_OID, bytes(-1, 40));
        transaction.commit(commit);
        store.checkpoint();

        Random random = new Random(17);
        Set<Long> patched = new HashSet<>();
        int patchedThenFreed = 0;
        for (int round = 2; round <= 6; round++) {
            transaction = store.begin();
            for (long oid : oids) {
                LittleEndianBuffer before = model.get(oid);
                int action = random.nextInt(12);
                if (before == null || action > 2) {
                    continue;
                }
                if (action == 0) {
                    TableEntry entry = StoreDirs.entryOf(store, oid);
                    freedExtents.add(new long[] {entry.offset, store.layout().extent(entry.length)});
                    transaction.free(oid);
                    model.remove(oid);
                    patchedThenFreed += patched.contains(oid) ? 1 : 0;
                } else {
                    patched.add(oid);
                    int length = action == 1 ? before.capacity() : before.capacity() + 40;
                    LittleEndianBuffer next = LittleEndianBuffer.of(Arrays.copyOf(before.byteArray(), length));
                    next.putByte(length / 2, (byte) round);
                    transaction.put(oid, store.classId(oid), next, 0, length);
                    model.put(oid, next);
                }
            }
            long created = TestBytes.putNew(transaction, 1000 + round, 60);
            model.put(created, bytes(1000 + round, 60));
            if (round % 2 == 0) {
                transaction.free(SegmentStore.ROOTS_OID);
                model.remove(SegmentStore.ROOTS_OID);
            } else {
                transaction.put(SegmentStore.ROOTS_OID, 7, bytes(-round, 40), 0, 40);
                model.put(SegmentStore.ROOTS_OID, bytes(-round, 40));
            }
            transaction.commit(++commit);
            if (round % 2 == 1) {
                transaction = store.begin();
                transaction.free(created);
                model.remove(created);
                transaction.commit(++commit);
            }
        }
        assertEquals(8, commit);
        assertTrue(patchedThenFreed > 0, "some objects were patched, then freed by a later commit");
        assertTrue(placedInFreedSpace(store, model, freedExtents) > 0, "some objects took space that others left");
        return model;
    }

    private static int placedInFreedSpace(SegmentStore store, Map<Long, LittleEndianBuffer> model, List<long[]> extents) {
        int placed = 0;
        for (long oid : model.keySet()) {
            long offset = StoreDirs.offsetOf(store, oid);
            for (long[] extent : extents) {
                if (offset >= extent[0] && offset < extent[0] + extent[1]) {
                    placed++;
                    break;
                }
            }
        }
        return placed;
    }

    private void assertHolds(SegmentStore store, Map<Long, LittleEndianBuffer> model, String when) {
        for (long oid = 1; oid < store.oidLimit(); oid++) {
            LittleEndianBuffer expected = model.get(oid);
            if (expected == null) {
                assertFalse(store.contains(oid), when + ": object " + oid + " is freed or was never written");
            } else {
                assertBytes(expected, store.read(oid, view), when + ": object " + oid);
            }
        }
    }

    /**
     * Every table entry (place, length, class id, commit, checksums), every object's bytes and the free
     * space, as text: what replaying a log must leave as the commits left it. The bytes of free space
     * may differ: replay skips a PATCH of an object that a later block frees.
     */
    private static String contents(SegmentStore store) {
        StringBuilder contents = new StringBuilder();
        LittleEndianBuffer view = LittleEndianBuffer.of(new byte[0]);
        for (long oid = 1; oid < store.oidLimit(); oid++) {
            TableEntry entry = StoreDirs.entryOf(store, oid);
            contents.append(entry).append('\n');
            if (entry.exists()) {
                byte[] bytes = new byte[entry.length];
                store.read(oid, view).getBytes(0, bytes);
                contents.append(Arrays.hashCode(bytes)).append('\n');
            }
        }
        store.freeSpace().forEach((start, end) -> contents.append("free ").append(start).append("..").append(end).append('\n'));
        return contents.toString();
    }

    @Test
    void shouldLeaveWhatTheCommitsLeftWhenBlocksThatFreeAreReplayedOnceAndTwice() throws IOException {
        Path live = dir.resolve("live");
        Path crashed;
        Map<Long, LittleEndianBuffer> model;
        String expected;
        try (SegmentStore store = SegmentStore.open(live, StoreDirs.smallNoCheckpoint())) {
            model = freeingCommits(store);
            assertTrue(store.counters().objectsFreed() > 20, store.counters().toString());
            assertHolds(store, model, "live");
            crashed = StoreDirs.crashCopy(live, dir.resolve("crashed"));
            // The space SPLICE records read is held until a checkpoint; an open checkpoints after replaying.
            store.checkpoint();
            expected = contents(store);
        }
        Path beforeReplay = StoreDirs.crashCopy(crashed, dir.resolve("before-replay"));
        try (SegmentStore store = SegmentStore.open(crashed, StoreDirs.smallNoCheckpoint())) {
            assertEquals(7, store.counters().commitsRecovered(), "every block, applied once already, applied again");
            assertHolds(store, model, "replayed");
            assertEquals(expected, contents(store), "what replay leaves");
        }

        // A crash in the checkpoint that ends recovery, before the log is reset: the blocks are replayed again.
        StoreDirs.copy(beforeReplay, crashed, StoreDirs.WAL);
        StoreDirs.writeAt(crashed.resolve(StoreDirs.CLUSTERS), 0,
            ByteBuffer.wrap(Arrays.copyOf(Files.readAllBytes(beforeReplay.resolve(StoreDirs.CLUSTERS)),
                ClusterFileDescriptor.PAGE_SIZE)));
        try (SegmentStore store = SegmentStore.open(crashed, StoreDirs.smallNoCheckpoint())) {
            assertEquals(7, store.counters().commitsRecovered());
            assertHolds(store, model, "replayed twice");
            assertEquals(expected, contents(store), "what a second replay leaves");
        }
        PrintStream none = new PrintStream(OutputStream.nullOutputStream());
        assertEquals(Tool.CLEAN, Tool.run(new String[] {"verify", crashed.toString()}, none, none));
    }

    @Test
    void shouldRefuseAFreeOfAnObjectThatDoesNotExist() {
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            Transaction transaction = store.begin();
            long freed = TestBytes.putNew(transaction, 1, 10);
            transaction.commit(1);
            commitFree(store, 2, freed);

            Transaction next = store.begin();
            long allocated = next.newObject();
            for (long oid : new long[] {freed, freed + 1000, 0, SegmentStore.ROOTS_OID, allocated}) {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> next.free(oid));
                assertTrue(e.getMessage().contains("Object " + oid + " does not exist"), e.getMessage());
            }
            next.abandon();
            assertEquals(1, store.counters().objectsFreed());
        }
    }

    @Test
    void shouldRefuseAPutAndAFreeOfOneObjectInOneTransaction() {
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            Transaction transaction = store.begin();
            long changed = TestBytes.putNew(transaction, 1, 10);
            long unchanged = TestBytes.putNew(transaction, 2, 10);
            long freed = TestBytes.putNew(transaction, 3, 10);
            transaction.commit(1);

            Transaction next = store.begin();
            next.put(changed, 1, bytes(4, 10), 0, 10);
            next.put(unchanged, 2 % 100, bytes(2, 10), 0, 10);
            long created = TestBytes.putNew(next, 5, 10);
            for (long oid : new long[] {changed, unchanged, created}) {
                IllegalStateException e = assertThrows(IllegalStateException.class, () -> next.free(oid));
                assertTrue(e.getMessage().contains("Object " + oid + " is put in this transaction"), e.getMessage());
            }
            next.free(freed);
            next.free(freed);
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> next.put(freed, 3, bytes(3, 10), 0, 10));
            assertTrue(e.getMessage().contains("Object " + freed + " is freed in this transaction"), e.getMessage());
            next.commit(2);

            assertBytes(bytes(4, 10), store.read(changed, view), "the put that the refused free left");
            assertAbsent(store, freed, "freed twice in one transaction, once");
            assertEquals(1, store.counters().objectsFreed());
        }
    }

    @Test
    void shouldSkipFreedObjectsInTheSegmentAndClusterWalks() {
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            Transaction transaction = store.begin();
            long[] oids = new long[6];
            for (int i = 0; i < oids.length; i++) {
                oids[i] = TestBytes.putNew(transaction, i, 30);
            }
            transaction.commit(1);
            commitFree(store, 2, oids[0], oids[3], oids[5]);

            List<Long> segment = new ArrayList<>();
            store.forEachInSegment(oids[1], segment::add);
            assertEquals(List.of(oids[1], oids[2], oids[4]), segment);
            List<Long> cluster = new ArrayList<>();
            store.forEachInCluster(oids[1], cluster::add);
            assertEquals(List.of(oids[1], oids[2], oids[4]), cluster);
        }
    }

    @Test
    void shouldSkipTheSegmentsFreesEmptied() {
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            Transaction transaction = store.begin();
            TreeMap<Long, List<Long>> bySegment = new TreeMap<>();
            for (int i = 0; i < 1_200; i++) {
                long oid = TestBytes.putNew(transaction, i, 30);
                bySegment.computeIfAbsent(Oids.segment(oid), segment -> new ArrayList<>()).add(oid);
            }
            transaction.commit(1);
            List<Long> segments = new ArrayList<>(bySegment.keySet());
            assertTrue(segments.size() >= 4, "objects in " + segments);
            long second = segments.get(1);
            long fourth = segments.get(3);
            commitFree(store, 2, bySegment.get(second).stream().mapToLong(Long::longValue).toArray());
            commitFree(store, 3, bySegment.get(segments.get(2)).stream().mapToLong(Long::longValue).toArray());

            long kept = bySegment.get(segments.get(0)).get(5);
            assertEquals(kept, store.skipEmptySegments(kept), "an OID in a segment that holds objects is not skipped");
            assertEquals(Oids.firstOidOf(fourth), store.skipEmptySegments(bySegment.get(second).get(7)),
                "the two emptied segments are skipped");
            assertEquals(bySegment.get(fourth).get(0), store.nextObject(bySegment.get(second).get(7)),
                "the next object after the emptied segments is the fourth segment's first");
            List<Long> walked = new ArrayList<>();
            for (long oid = store.nextObject(0); oid < store.oidLimit(); oid = store.nextObject(oid + 1)) {
                walked.add(oid);
            }
            List<Long> left = new ArrayList<>();
            bySegment.forEach((segment, oids) -> {
                if (segment != second && segment != segments.get(2).longValue()) {
                    left.addAll(oids);
                }
            });
            assertEquals(left, walked, "a walk by nextObject meets every object left, in OID order, and nothing else");
            for (long segment : segments.subList(3, segments.size())) {
                commitFree(store, store.lastCommit() + 1, bySegment.get(segment).stream().mapToLong(Long::longValue).toArray());
            }
            assertEquals(store.oidLimit(), store.skipEmptySegments(Oids.firstOidOf(second)), "nothing is left past them");
        }
    }

    @Test
    void shouldFreeTheClustersOfALargeObjectForTheNextLargeOne() {
        long freed;
        long offset;
        int length = 3 * CLUSTER + 100;
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            Transaction transaction = store.begin();
            freed = TestBytes.putNew(transaction, 1, length);
            TestBytes.putNew(transaction, 2, 100);
            TestBytes.putNew(transaction, 3, CLUSTER + 100);
            transaction.commit(1);
            offset = StoreDirs.offsetOf(store, freed);
            commitFree(store, 2, freed);
            assertEquals(4L * CLUSTER, store.counters().bytesFreed(), "four whole clusters");
            assertTrue(store.freeSpace().isFree(offset, CLUSTER) && store.freeSpace().isFree(offset + 3L * CLUSTER, CLUSTER));
        }
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            assertAbsent(store, freed, "reopened");
            assertTrue(store.freeSpace().isFree(offset + 2L * CLUSTER, CLUSTER), "free after the rebuild on open");
            long end = store.freeSpace().allocatedEnd();
            Transaction transaction = store.begin();
            long next = TestBytes.putNew(transaction, 4, 3 * CLUSTER - 8);
            transaction.commit(3);
            assertEquals(Oids.segment(freed), Oids.segment(next), "new objects fill the open segment");
            assertEquals(offset, StoreDirs.offsetOf(store, next), "a new large object takes the first run of freed"
                + " clusters that holds it");
            assertEquals(end, store.freeSpace().allocatedEnd(), "no new cluster");
        }
    }
}
