package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.swizzle.store.TestBytes.assertBytes;
import static org.swizzle.store.TestBytes.bytes;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.swizzle.StoreCorruptedException;

/**
 * A PATCH names no place: replaying one writes its ranges where its object's table entry says the
 * object is, after checking the entry and that the ranges fit the object; after a crash, an entry
 * that a later block wrote is used as it is, unless a later block images the object.
 */
class PatchReplayTest {
    private static final int LENGTH = 200;

    @TempDir
    Path dir;

    private final LittleEndianBuffer view = LittleEndianBuffer.of(new byte[0]);
    private Path store;
    private long oid;
    private TableEntry entry;

    /** A store holding one object, closed cleanly: its log is empty. */
    @BeforeEach
    void oneObject() {
        store = dir.resolve("store");
        try (SegmentStore opened = SegmentStore.open(store, StoreDirs.smallNoCheckpoint())) {
            Transaction transaction = opened.begin();
            oid = TestBytes.putNew(transaction, 1, LENGTH);
            transaction.commit(1);
            entry = StoreDirs.entryOf(opened, oid);
        }
    }

    @Test
    void shouldSkipAPatchOfAnObjectThatALaterBlockImages() throws IOException {
        Path crashed;
        try (SegmentStore opened = SegmentStore.open(store, StoreDirs.smallNoCheckpoint())) {
            LittleEndianBuffer patched = bytes(1, LENGTH);
            patched.putByte(150, (byte) ~patched.getByte(150));
            Transaction transaction = opened.begin();
            transaction.put(oid, 1, patched, 0, LENGTH);
            transaction.commit(2);
            transaction = opened.begin();
            transaction.put(oid, 1, bytes(3, 100), 0, 100);
            transaction.commit(3);
            assertEquals(entry.offset, StoreDirs.offsetOf(opened, oid), "shrunk in place");
            crashed = StoreDirs.crashCopy(store, dir.resolve("crashed"));
        }
        // Replaying commit 2 over the entry commit 3 wrote would put byte 150 past the object's 100 bytes.
        try (SegmentStore opened = SegmentStore.open(crashed, StoreDirs.smallNoCheckpoint())) {
            assertEquals(2, opened.counters().commitsRecovered());
            assertBytes(bytes(3, 100), opened.read(oid, view), "the object as commit 3 left it");
        }
    }

    @Test
    void shouldWriteAPatchWhereAnEntryThatALaterPatchWroteSays() throws IOException {
        LittleEndianBuffer second = bytes(1, LENGTH);
        second.putByte(10, (byte) ~second.getByte(10));
        LittleEndianBuffer third = LittleEndianBuffer.of(second.byteArray().clone());
        third.putByte(190, (byte) ~third.getByte(190));
        Path crashed;
        try (SegmentStore opened = SegmentStore.open(store, StoreDirs.smallNoCheckpoint())) {
            Transaction transaction = opened.begin();
            transaction.put(oid, 1, second, 0, LENGTH);
            transaction.commit(2);
            transaction = opened.begin();
            transaction.put(oid, 1, third, 0, LENGTH);
            transaction.commit(3);
            crashed = StoreDirs.crashCopy(store, dir.resolve("crashed"));
        }
        // A power loss may keep the page of the entry that commit 3 wrote and lose the object's page.
        StoreDirs.writeAt(crashed.resolve(StoreDirs.CLUSTERS), entry.offset, ByteBuffer.wrap(bytes(1, LENGTH).byteArray()));
        try (SegmentStore opened = SegmentStore.open(crashed, StoreDirs.smallNoCheckpoint())) {
            assertBytes(third, opened.read(oid, view), "both patches, at the place the entry gives");
        }
    }

    @Test
    void shouldRefuseAPatchWhoseRangesPassItsObject() throws IOException {
        TestBlocks block = new TestBlocks().varint(0).varint(0).varint(1);
        int record = block.index();
        long blockOffset = TestBlocks.append(store, block.patch(oid, 0, LENGTH - 2, new byte[5])
            .varint(0).varint(0).varint(0).varint(0).end(2, TestBlocks.epoch(store)));
        StoreCorruptedException e = assertThrows(StoreCorruptedException.class,
            () -> SegmentStore.open(store, StoreDirs.smallNoCheckpoint()));
        assertEquals(store.resolve(StoreDirs.WAL), e.file());
        assertEquals(blockOffset + record, e.offset());
        assertTrue(e.getMessage().contains("the PATCH record of object " + oid + " writes up to byte " + (LENGTH + 3)
            + " of it, but its table entry at offset " + entry.position + " gives it " + LENGTH + " bytes"), e.getMessage());
    }

    @Test
    void shouldRefuseAPatchOfAnObjectThatDoesNotExist() throws IOException {
        TestBlocks block = new TestBlocks().varint(0).varint(0).varint(1);
        int record = block.index();
        long blockOffset = TestBlocks.append(store, block.patch(oid + 1, 0, 0, new byte[1])
            .varint(0).varint(0).varint(0).varint(0).end(2, TestBlocks.epoch(store)));
        StoreCorruptedException e = assertThrows(StoreCorruptedException.class,
            () -> SegmentStore.open(store, StoreDirs.smallNoCheckpoint()));
        assertEquals(blockOffset + record, e.offset());
        assertTrue(e.getMessage().contains("is empty"), e.getMessage());
    }

    @Test
    void shouldRefuseAPatchOfAnObjectWhoseEntryIsDamaged() throws IOException {
        StoreDirs.flipByte(store.resolve(StoreDirs.CLUSTERS), entry.position + SegmentTableDescriptor.LENGTH_OFFSET);
        TestBlocks.append(store, new TestBlocks().varint(0).varint(0).varint(1).patch(oid, 0, 0, new byte[1])
            .varint(0).varint(0).varint(0).varint(0).end(2, TestBlocks.epoch(store)));
        StoreCorruptedException e = assertThrows(StoreCorruptedException.class,
            () -> SegmentStore.open(store, StoreDirs.smallNoCheckpoint()));
        assertEquals(store.resolve(StoreDirs.CLUSTERS), e.file());
        assertEquals(entry.position, e.offset());
        assertTrue(e.getMessage().contains("fails its checksum"), e.getMessage());
    }

    @Test
    void shouldRefuseAPatchOfAnObjectWhoseEntryAWriteMissingFromTheLogWrote() throws IOException {
        LittleEndianBuffer forged = LittleEndianBuffer.of(ByteBuffer.allocate(SegmentTableDescriptor.ENTRY_LENGTH));
        SegmentTableDescriptor.putEntry(forged, 0, oid, entry.offset, LENGTH, entry.classId, 9, entry.crc, new Checksums());
        StoreDirs.writeAt(store.resolve(StoreDirs.CLUSTERS), entry.position, forged.byteBuffer());
        TestBlocks.append(store, new TestBlocks().varint(0).varint(0).varint(1).patch(oid, 0, 0, new byte[1])
            .varint(0).varint(0).varint(0).varint(0).end(2, TestBlocks.epoch(store)));
        StoreCorruptedException e = assertThrows(StoreCorruptedException.class,
            () -> SegmentStore.open(store, StoreDirs.smallNoCheckpoint()));
        assertEquals(entry.position, e.offset());
        assertTrue(e.getMessage().contains("written by commit 9, but the log ends at commit 2"), e.getMessage());
    }
}
