package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.swizzle.store.TestBytes.assertBytes;
import static org.swizzle.store.TestBytes.bytes;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.swizzle.ReadOnlyStoreException;
import org.swizzle.StoreCorruptedException;

/**
 * A table entry damaged while the store is open, after the session read it: a transaction checks an entry once and
 * trusts its later reads of it ({@link VerifiedEntries}), but the next transaction checks it again before a free, a
 * put or a read acts on what it says, so the damage is reported and no other object's bytes or space are touched.
 * A store whose entry is damaged when it opens is refused by a writable open, and read but for that object by a
 * read-only one.
 */
class DamagedEntryTest {

    @TempDir
    Path dir;

    private final LittleEndianBuffer view = LittleEndianBuffer.of(new byte[0]);

    @Test
    void shouldNotFreeTheSpaceADamagedEntryPointsAt() throws IOException {
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            long[] ab = twoObjectsWithTheFirstPointingAtTheSecond(store);
            Transaction free = store.begin();
            try {
                assertThrows(StoreCorruptedException.class, () -> free.free(ab[0]));
            } finally {
                free.abandon();
            }
            assertEquals(1, store.lastCommit());
            assertBytes(bytes(2, 100), store.read(ab[1], view), "the object the damaged entry points at");
        }
    }

    @Test
    void shouldNotWriteAnImageWhereADamagedEntryPoints() throws IOException {
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            long[] ab = twoObjectsWithTheFirstPointingAtTheSecond(store);
            Transaction put = store.begin();
            try {
                assertThrows(StoreCorruptedException.class, () -> put.put(ab[0], 77, bytes(9, 100), 0, 100));
            } finally {
                put.abandon();
            }
            assertBytes(bytes(2, 100), store.read(ab[1], view), "the object the damaged entry points at");
        }
    }

    @Test
    void shouldNotWriteADamagedEntryAgainWithAValidChecksum() throws IOException {
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            Transaction t = store.begin();
            long a = TestBytes.putNew(t, 1, 100);
            TestBytes.putNew(t, 2, 100);
            t.commit(1);
            long entry = StoreDirs.entryOf(store, a).position;
            assertEquals(100, store.length(a));
            StoreDirs.flipBit(dir.resolve(StoreDirs.CLUSTERS), entry + SegmentTableDescriptor.LENGTH_OFFSET + 1, 0);
            Transaction free = store.begin();
            try {
                assertThrows(StoreCorruptedException.class, () -> free.free(a));
            } finally {
                free.abandon();
            }
            assertThrows(StoreCorruptedException.class, () -> store.length(a));
        }
    }

    @Test
    void shouldReportAnOffsetPastTheFileAsDamage() throws IOException {
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            Transaction t = store.begin();
            long a = TestBytes.putNew(t, 1, 100);
            t.commit(1);
            long entry = StoreDirs.entryOf(store, a).position;
            store.read(a, view);
            writeLong(entry + SegmentTableDescriptor.OBJECT_OFFSET_OFFSET, 1L << 40);
            assertThrows(StoreCorruptedException.class, () -> store.read(a, view));
        }
    }

    /**
     * A crash leaves commits in the log of a store whose entry is damaged: a read-only open refuses a log with commits to
     * apply, and a writable open refuses the damage, so nothing could be read. The writable open applies and checkpoints
     * those commits before it refuses, and says so; the read-only open then reads them with the rest.
     */
    @Test
    void shouldApplyTheCommitsACrashLeftBeforeRefusingADamagedEntrySoThatAReadOnlyOpenReadsThem() throws IOException {
        long a;
        long b;
        long c;
        long entry;
        Path crashed = dir.resolve("crashed");
        Path original = dir.resolve("original");
        try (SegmentStore store = SegmentStore.open(original, StoreDirs.smallNoCheckpoint())) {
            Transaction t = store.begin();
            a = TestBytes.putNew(t, 1, 100);
            b = TestBytes.putNew(t, 2, 100);
            t.commit(1);
            entry = StoreDirs.entryOf(store, b).position;
            store.checkpoint();
            t = store.begin();
            c = TestBytes.putNew(t, 3, 100);
            t.put(a, 1, bytes(4, 100), 0, 100);
            t.commit(2);
            StoreDirs.crashCopy(original, crashed);
        }
        StoreDirs.flipByte(crashed.resolve(StoreDirs.CLUSTERS), entry + SegmentTableDescriptor.LENGTH_OFFSET + 1);
        ReadOnlyStoreException before = assertThrows(ReadOnlyStoreException.class,
            () -> SegmentStore.open(crashed, StoreDirs.smallNoCheckpoint().withReadOnly(true)));
        assertTrue(before.getMessage().contains("not applied yet"), before.getMessage());

        StoreCorruptedException refused = assertThrows(StoreCorruptedException.class,
            () -> SegmentStore.open(crashed, StoreDirs.smallNoCheckpoint()));
        assertEquals(entry, refused.offset(), refused.getMessage());
        assertTrue(refused.getMessage().contains("A read-only open of the store goes past this") && refused.getMessage()
            .contains("this open applied the 1 commit that the log held and checkpointed the store"), refused.getMessage());

        try (SegmentStore store = SegmentStore.open(crashed, StoreDirs.smallNoCheckpoint().withReadOnly(true))) {
            assertEquals(2, store.lastCommit());
            assertEquals(1, store.damageFound().count(), store.damageFound().describe());
            assertBytes(bytes(4, 100), store.read(a, view), "the object commit 2 changed");
            assertBytes(bytes(3, 100), store.read(c, view), "the object commit 2 made");
            StoreCorruptedException e = assertThrows(StoreCorruptedException.class, () -> store.read(b, view));
            assertEquals(entry, e.offset(), e.getMessage());
        }
        assertThrows(StoreCorruptedException.class, () -> SegmentStore.open(crashed, StoreDirs.smallNoCheckpoint()),
            "a writable open still refuses the damage");
    }

    @Test
    void shouldReadAllButTheObjectOfADamagedEntryInAReadOnlyOpenWhichAWritableOpenRefuses() throws IOException {
        long a;
        long b;
        long c;
        long entry;
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            Transaction t = store.begin();
            a = TestBytes.putNew(t, 1, 100);
            b = TestBytes.putNew(t, 2, 100);
            c = TestBytes.putNew(t, 3, 100);
            t.commit(1);
            entry = StoreDirs.entryOf(store, b).position;
        }
        Path clusters = dir.resolve(StoreDirs.CLUSTERS);
        StoreDirs.flipByte(clusters, entry + SegmentTableDescriptor.LENGTH_OFFSET + 1);
        byte[] damaged = Files.readAllBytes(clusters);

        StoreCorruptedException refused = assertThrows(StoreCorruptedException.class,
            () -> SegmentStore.open(dir, StoreDirs.smallNoCheckpoint()));
        assertEquals(entry, refused.offset(), refused.getMessage());
        assertTrue(refused.getMessage().contains("A read-only open of the store goes past this"), refused.getMessage());

        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint().withReadOnly(true))) {
            assertEquals(1, store.damageFound().count(), store.damageFound().describe());
            assertEquals(entry, store.damageFound().first().get(0).offset());
            assertBytes(bytes(1, 100), store.read(a, view), "the object before the damaged entry");
            assertBytes(bytes(3, 100), store.read(c, view), "the object after it");
            StoreCorruptedException e = assertThrows(StoreCorruptedException.class, () -> store.read(b, view));
            assertEquals(entry, e.offset(), e.getMessage());

            List<Long> pass = new ArrayList<>();
            long limit = store.oidLimit();
            for (long oid = store.nextObject(Oids.FIRST_NEW_OID); oid < limit; oid = store.nextObject(oid + 1)) {
                pass.add(oid);
            }
            assertEquals(List.of(a, b, c), pass, "a pass over the objects meets the damaged one, for its read to fail");
            List<Long> unit = new ArrayList<>();
            store.forEachInSegment(a, unit::add);
            assertEquals(List.of(a, c), unit, "a segment's fault unit leaves out the object whose entry is damaged");
        }
        assertArrayEquals(damaged, Files.readAllBytes(clusters), "nothing was written over the damage");
    }

    /** Commits two objects of 100 bytes, reads the first one's entry, then makes it give the second one's offset. */
    private long[] twoObjectsWithTheFirstPointingAtTheSecond(SegmentStore store) throws IOException {
        Transaction t = store.begin();
        long a = TestBytes.putNew(t, 1, 100);
        long b = TestBytes.putNew(t, 2, 100);
        t.commit(1);
        long entry = StoreDirs.entryOf(store, a).position;
        assertEquals(100, store.length(a));
        writeLong(entry + SegmentTableDescriptor.OBJECT_OFFSET_OFFSET, StoreDirs.offsetOf(store, b));
        return new long[] {a, b};
    }

    private void writeLong(long position, long value) throws IOException {
        StoreDirs.writeAt(dir.resolve(StoreDirs.CLUSTERS), position,
            ByteBuffer.allocate(Long.BYTES).order(ByteOrder.LITTLE_ENDIAN).putLong(0, value));
    }
}
