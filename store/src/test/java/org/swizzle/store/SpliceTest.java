package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.swizzle.store.TestBytes.assertBytes;
import static org.swizzle.store.TestBytes.bytes;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.swizzle.StoreCorruptedException;

/**
 * An existing object whose length changes logs a SPLICE of its committed bytes, about the bytes that
 * changed; its new bytes go to a new place, its old place is held until a checkpoint, and recovery
 * rebuilds the same bytes from the log.
 */
class SpliceTest {
    private static final int CLASS_ID = 7;

    @TempDir
    Path dir;

    private final LittleEndianBuffer view = LittleEndianBuffer.of(new byte[0]);

    @Test
    void shouldLogAnInsertionIntoALargeObjectAsAFewBytesAndRecoverIt() throws IOException {
        Path live = dir.resolve("live");
        byte[] old = bytes(1, 50_000).byteArray();
        byte[] grown = insert(old, 25_000, new byte[] {42});
        grown[0]++;
        Path crashed;
        long oid;
        try (SegmentStore store = SegmentStore.open(live, StoreDirs.smallNoCheckpoint())) {
            oid = create(store, old);
            StoreCounters before = snapshot(store);
            put(store, oid, grown, 2);
            StoreCounters counters = store.counters();
            assertTrue(counters.lastCommitBytes() <= 80, "the block of one SPLICE and an ALLOCATOR: " + counters.lastCommitBytes());
            assertEquals(0, counters.imagesLogged() - before.imagesLogged);
            assertEquals(2, counters.payloadBytesLogged() - before.payloadBytesLogged, "the header byte and the insertion");
            assertEquals(1, counters.objectsMoved() - before.objectsMoved);
            assertBytes(LittleEndianBuffer.of(grown), store.read(oid, view), "read back");
            crashed = StoreDirs.crashCopy(live, dir.resolve("crashed"));
        }
        assertEquals(Tool.CLEAN, StoreDirs.verify(crashed), "the pending SPLICE checks");
        try (SegmentStore store = SegmentStore.open(live, StoreDirs.smallNoCheckpoint())) {
            assertBytes(LittleEndianBuffer.of(grown), store.read(oid, view), "reopened");
        }
        try (SegmentStore store = SegmentStore.open(crashed, StoreDirs.smallNoCheckpoint())) {
            assertEquals(2, store.counters().commitsRecovered());
            assertBytes(LittleEndianBuffer.of(grown), store.read(oid, view), "recovered from the log");
        }
    }

    /** The outside check's case: 20 bytes inserted into the middle of a 2 MB object, with default clusters. */
    @Test
    void shouldLogTwentyBytesInsertedIntoTwoMegabytesAsAboutTwentyBytes() {
        StoreConfig config = new StoreConfig(StoreConfig.DEFAULT_CLUSTER_SIZE, false, StoreConfig.DEFAULT_CHECKPOINT_WAL_BYTES);
        byte[] old = bytes(2, 2_000_000).byteArray();
        byte[] grown = insert(old, 1_000_000, bytes(3, 20).byteArray());
        grown[8]++;
        try (SegmentStore store = SegmentStore.open(dir, config)) {
            long oid = create(store, old);
            put(store, oid, grown, 2);
            long logged = store.counters().lastCommitBytes();
            System.out.println("2 MB object, 20 bytes inserted in the middle and its header changed: " + logged
                + " bytes logged");
            assertTrue(logged <= 96, "logged " + logged);
            assertBytes(LittleEndianBuffer.of(grown), store.read(oid, view), "read back");
        }
    }

    @Test
    void shouldKeepTheOldPlaceFromReuseUntilACheckpoint() {
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            byte[] old = bytes(4, 1000).byteArray();
            long oid = create(store, old);
            TableEntry before = StoreDirs.entryOf(store, oid);
            long extent = store.layout().extent(before.length);
            put(store, oid, insert(old, 500, new byte[] {1, 2, 3}), 2);
            assertNotEquals(before.offset, StoreDirs.offsetOf(store, oid), "a spliced object moves");
            assertFalse(store.freeSpace().isFree(before.offset, extent), "held");
            assertEquals(extent, store.freeSpace().heldBytes());

            Transaction transaction = store.begin();
            long next = TestBytes.putNew(transaction, 5, 1000);
            transaction.commit(3);
            assertNotEquals(before.offset, StoreDirs.offsetOf(store, next), "a later commit does not reuse the held place");

            store.checkpoint();
            assertTrue(store.freeSpace().isFree(before.offset, extent), "free once checkpointed");
            assertEquals(0, store.freeSpace().heldBytes());
            transaction = store.begin();
            long after = TestBytes.putNew(transaction, 6, 1000);
            transaction.commit(4);
            assertEquals(before.offset, StoreDirs.offsetOf(store, after), "reused after the checkpoint");
        }
    }

    @Test
    void shouldFreeTheHeldSpaceBeforeCompacting() {
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            byte[] old = bytes(14, 1000).byteArray();
            long oid = create(store, old);
            byte[] grown = insert(old, 500, new byte[] {1, 2, 3});
            put(store, oid, grown, 2);
            long checkpoints = store.counters().checkpoints();
            store.compact((moved, toMove, allocatedEnd) -> { });
            assertEquals(0, store.freeSpace().heldBytes(), "free for compaction to use");
            assertTrue(store.counters().checkpoints() > checkpoints);
            assertBytes(LittleEndianBuffer.of(grown), store.read(oid, view), "read back");
        }
    }

    @Test
    void shouldCheckpointWhenTheHeldSpacePassesTheWalLimit() {
        StoreConfig config = new StoreConfig(StoreConfig.MIN_CLUSTER_SIZE, false, 20_000, 256 * 1024);
        try (SegmentStore store = SegmentStore.open(dir, config)) {
            byte[] bytes = bytes(7, 8000).byteArray();
            long oid = create(store, bytes);
            long checkpoints = store.counters().checkpoints();
            for (int commit = 2; commit <= 4; commit++) {
                bytes = insert(bytes, 100, new byte[] {(byte) commit});
                put(store, oid, bytes, commit);
            }
            assertEquals(checkpoints + 1, store.counters().checkpoints(), "three old places of 8 KB pass 20,000 bytes");
            assertTrue(store.freeSpace().heldBytes() < 20_000);
        }
    }

    /**
     * A list that gains an element and a new element object at every commit, as an application's does: 3,000 commits
     * with default settings, by which its images have taken 72 MB. Its old places, each smaller than its next image,
     * are reused only once a checkpoint frees them; waiting for 64 MB of them grew this store to 95 MB for its 110 KB
     * of objects, and every few commits a new segment (with an 8 KB table) was started because the file had
     * grown past the open one's cluster.
     */
    @Test
    void shouldKeepAnObjectThatGrowsAtEveryCommitWithinAFewTimesItsSize() {
        StoreConfig config = new StoreConfig(StoreConfig.DEFAULT_CLUSTER_SIZE, false, StoreConfig.DEFAULT_CHECKPOINT_WAL_BYTES);
        try (SegmentStore store = SegmentStore.open(dir, config)) {
            byte[] list = new byte[0];
            long oid = create(store, list);
            for (int commit = 2; commit <= 3001; commit++) {
                Transaction transaction = store.begin();
                long element = TestBytes.putNew(transaction, commit, 20);
                list = concat(list, bytes(element, 16).byteArray());
                transaction.put(oid, CLASS_ID, LittleEndianBuffer.of(list), 0, list.length);
                transaction.commit(commit);
            }
            System.out.println("an object grown to " + list.length + " bytes by 3,000 commits: " + store.allocatedBytes()
                + " bytes allocated, " + store.counters().checkpoints() + " checkpoints, OIDs up to " + store.oidLimit());
            assertTrue(store.allocatedBytes() < 8 << 20, "the held places are reused: " + store.allocatedBytes());
            assertEquals(3004, store.oidLimit(), "the OIDs handed out are those used: no segment is left part-used");
            assertBytes(LittleEndianBuffer.of(list), store.read(oid, view), "read back");
        }
    }

    @Test
    void shouldWritePatchesBeforeASpliceWhereTheSpliceReadsTheObject() throws IOException {
        Path live = dir.resolve("live");
        byte[] first = bytes(8, 300).byteArray();
        long oid;
        try (SegmentStore store = SegmentStore.open(live, StoreDirs.smallNoCheckpoint())) {
            oid = create(store, first);
        }
        byte[] patched = first.clone();
        patched[10]++;
        byte[] spliced = insert(patched, 150, new byte[] {9, 9});
        byte[] patchedAgain = spliced.clone();
        patchedAgain[200]++;
        Path crashed;
        long firstOffset;
        try (SegmentStore store = SegmentStore.open(live, StoreDirs.smallNoCheckpoint())) {
            firstOffset = StoreDirs.offsetOf(store, oid);
            put(store, oid, patched, 2);
            put(store, oid, spliced, 3);
            put(store, oid, patchedAgain, 4);
            crashed = StoreDirs.crashCopy(live, dir.resolve("crashed"));
        }
        // A power loss may keep the entry that commit 3 wrote and lose the page commit 2 patched.
        StoreDirs.writeAt(crashed.resolve(StoreDirs.CLUSTERS), firstOffset, ByteBuffer.wrap(first));
        try (SegmentStore store = SegmentStore.open(crashed, StoreDirs.smallNoCheckpoint())) {
            assertEquals(3, store.counters().commitsRecovered());
            assertBytes(LittleEndianBuffer.of(patchedAgain), store.read(oid, view), "every commit, in order");
        }
    }

    @Test
    void shouldReportASpliceWhoseOldBytesAreNotTheObjects() throws IOException {
        Path live = dir.resolve("live");
        byte[] old = bytes(9, 400).byteArray();
        long oid;
        long oldOffset;
        Path crashed;
        try (SegmentStore store = SegmentStore.open(live, StoreDirs.smallNoCheckpoint())) {
            oid = create(store, old);
            oldOffset = StoreDirs.offsetOf(store, oid);
            store.checkpoint(); // else replaying the IMAGE of commit 1 writes the old bytes again
            put(store, oid, insert(old, 5, new byte[] {1}), 2);
            crashed = StoreDirs.crashCopy(live, dir.resolve("crashed"));
        }
        StoreDirs.flipByte(crashed.resolve(StoreDirs.CLUSTERS), oldOffset + 300);
        StoreCorruptedException e = assertThrows(StoreCorruptedException.class,
            () -> SegmentStore.open(crashed, StoreDirs.smallNoCheckpoint()));
        assertEquals(crashed.resolve(StoreDirs.WAL), e.file());
        assertTrue(e.getMessage().contains("the SPLICE record of object " + oid + " builds bytes whose CRC32C"),
            e.getMessage());
    }

    @Test
    void shouldSkipASpliceOfAnObjectThatALaterBlockImages() throws IOException {
        Path live = dir.resolve("live");
        byte[] old = bytes(10, 400).byteArray();
        byte[] other = bytes(11, 100).byteArray();
        long oid;
        long oldOffset;
        Path crashed;
        try (SegmentStore store = SegmentStore.open(live, StoreDirs.smallNoCheckpoint())) {
            oid = create(store, old);
            oldOffset = StoreDirs.offsetOf(store, oid);
            store.checkpoint();
            put(store, oid, insert(old, 5, new byte[] {1}), 2);
            Transaction transaction = store.begin();
            transaction.put(oid, CLASS_ID + 1, LittleEndianBuffer.of(other), 0, other.length);
            transaction.commit(3);
            crashed = StoreDirs.crashCopy(live, dir.resolve("crashed"));
        }
        // The SPLICE's source no longer matters: the IMAGE of commit 3 rewrites the object whole.
        StoreDirs.flipByte(crashed.resolve(StoreDirs.CLUSTERS), oldOffset + 300);
        try (SegmentStore store = SegmentStore.open(crashed, StoreDirs.smallNoCheckpoint())) {
            assertBytes(LittleEndianBuffer.of(other), store.read(oid, view), "the IMAGE of commit 3");
        }
    }

    @Test
    void shouldLogAWholeImageWhenTheChangeIsNotMuchSmaller() {
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            long oid = create(store, bytes(12, 400).byteArray());
            long images = store.counters().imagesLogged();
            put(store, oid, bytes(13, 410).byteArray(), 2);
            assertEquals(images + 1, store.counters().imagesLogged(), "other bytes: an IMAGE");
            assertEquals(0, store.freeSpace().heldBytes());
        }
    }

    /** Random edits of a few objects, checkpoints now and then; a crash copy of any moment recovers to the model. */
    @Test
    void shouldRecoverWhatRandomEditsLeft() throws IOException {
        Random random = new Random(7);
        Path live = dir.resolve("live");
        Map<Long, byte[]> model = new HashMap<>();
        Map<Long, Integer> classes = new HashMap<>();
        long[] oids = new long[6];
        try (SegmentStore store = SegmentStore.open(live, StoreDirs.smallNoCheckpoint())) {
            Transaction transaction = store.begin();
            for (int i = 0; i < oids.length; i++) {
                byte[] bytes = bytes(100 + i, 200 + random.nextInt(3000)).byteArray();
                oids[i] = transaction.newObject();
                transaction.put(oids[i], CLASS_ID, LittleEndianBuffer.of(bytes), 0, bytes.length);
                model.put(oids[i], bytes);
                classes.put(oids[i], CLASS_ID);
            }
            transaction.commit(1);
            long splices = 0;
            for (int commit = 2; commit <= 150; commit++) {
                transaction = store.begin();
                for (long oid : oids) {
                    if (random.nextInt(3) == 0) {
                        continue;
                    }
                    byte[] bytes = edit(random, model.get(oid));
                    int classId = random.nextInt(40) == 0 ? classes.get(oid) + 1 : classes.get(oid);
                    transaction.put(oid, classId, LittleEndianBuffer.of(bytes), 0, bytes.length);
                    model.put(oid, bytes);
                    classes.put(oid, classId);
                }
                long moved = store.counters().objectsMoved();
                transaction.commit(commit);
                splices += store.counters().objectsMoved() - moved;
                if (random.nextInt(25) == 0) {
                    store.checkpoint();
                }
                if (commit % 30 == 0) {
                    Path crashed = StoreDirs.crashCopy(live, dir.resolve("crashed-" + commit));
                    assertEquals(Tool.CLEAN, StoreDirs.verify(crashed), "crash copy of commit " + commit);
                    assertRecovers(crashed, model, "crash copy of commit " + commit);
                }
            }
            assertTrue(splices > 100, "spliced " + splices);
        }
        assertRecovers(live, model, "closed");
    }

    private void assertRecovers(Path store, Map<Long, byte[]> model, String when) {
        try (SegmentStore opened = SegmentStore.open(store, StoreDirs.smallNoCheckpoint())) {
            for (Map.Entry<Long, byte[]> object : model.entrySet()) {
                assertBytes(LittleEndianBuffer.of(object.getValue()), opened.read(object.getKey(), view),
                    when + ": object " + object.getKey());
            }
        }
    }

    /** An insertion, a deletion, both, or an in-place change, at random places, of up to 60 bytes; never empty. */
    private static byte[] edit(Random random, byte[] bytes) {
        int at = random.nextInt(bytes.length + 1);
        byte[] inserted = new byte[random.nextInt(60) + 1];
        random.nextBytes(inserted);
        byte[] edited;
        switch (random.nextInt(4)) {
            case 0:
                edited = insert(bytes, at, inserted);
                break;
            case 1:
                int end = Math.min(bytes.length, at + random.nextInt(60) + 1);
                edited = concat(Arrays.copyOf(bytes, at), Arrays.copyOfRange(bytes, end, bytes.length));
                break;
            case 2:
                edited = insert(bytes, at, inserted);
                edited[random.nextInt(Math.min(16, edited.length))]++;
                break;
            default:
                edited = bytes.clone();
                edited[random.nextInt(edited.length)]++;
                break;
        }
        return edited.length == 0 ? new byte[] {1} : edited;
    }

    private long create(SegmentStore store, byte[] bytes) {
        Transaction transaction = store.begin();
        long oid = transaction.newObject();
        transaction.put(oid, CLASS_ID, LittleEndianBuffer.of(bytes), 0, bytes.length);
        transaction.commit(store.lastCommit() + 1);
        return oid;
    }

    private static void put(SegmentStore store, long oid, byte[] bytes, long commit) {
        Transaction transaction = store.begin();
        transaction.put(oid, CLASS_ID, LittleEndianBuffer.of(bytes), 0, bytes.length);
        transaction.commit(commit);
    }

    private static StoreCounters snapshot(SegmentStore store) {
        StoreCounters live = store.counters();
        StoreCounters copy = new StoreCounters();
        copy.payloadBytesLogged = live.payloadBytesLogged();
        copy.imagesLogged = live.imagesLogged();
        copy.objectsMoved = live.objectsMoved();
        return copy;
    }

    private static byte[] insert(byte[] bytes, int at, byte[] inserted) {
        return concat(concat(Arrays.copyOf(bytes, at), inserted), Arrays.copyOfRange(bytes, at, bytes.length));
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] both = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }
}
