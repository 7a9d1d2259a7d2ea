package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.swizzle.StoreCorruptedException;

/** Records of format versions 5, 4 and 3 read back as written, and every malformed one is corruption at its WAL offset. */
class WalRecordsTest {
    private static final Path WAL = Path.of("store", StoreDirs.WAL);
    private static final long BLOCK_OFFSET = 4096;
    private static final long TABLE = 2 * ClusterFileDescriptor.PAGE_SIZE;
    private static final long OBJECT = 3 * ClusterFileDescriptor.PAGE_SIZE;

    private final WalRecords records = new WalRecords(WAL);

    private WalRecords read(byte[] block) {
        return records.reset(LittleEndianBuffer.of(block), BLOCK_OFFSET);
    }

    @Test
    void shouldReadBackWhatABlockBuilderWrote() {
        long first = Oids.firstOidOf(1) + 5;
        TestBlocks block = new TestBlocks().varint(1).segment(1, TABLE)
            .varint(2).image(first, -7, OBJECT, new byte[] {1, 2, 3}).image(3, 9, OBJECT + 8, new byte[0])
            .varint(1).varint(first + 1).crc(0x1234_5678).varint(2)
            .varint(4).varint(2).bytes((byte) 10, (byte) 11)
            .varint(1).varint(1).bytes((byte) 12)
            .varint(1).allocator(first + 4, 1 << 20)
            .varint(2).varint(first + 2).varint(5)
            .varint(3).varint(0).varint(2).varint(SegmentDirectory.MAX_SEGMENTS - 3);
        byte[] bytes = block.end(7, 1);
        WalRecords read = read(bytes);

        assertTrue(read.next());
        assertEquals(WalDescriptor.SEGMENT, read.type());
        assertEquals(1, read.oid());
        assertEquals(TABLE, read.position());
        assertEquals(BLOCK_OFFSET + WalDescriptor.BLOCK_HEADER_LENGTH + 1, read.walOffset());

        assertTrue(read.next());
        assertEquals(WalDescriptor.IMAGE, read.type());
        assertEquals(first, read.oid());
        assertEquals(-7, read.classId(), "a class id is logged as an unsigned 32-bit number");
        assertEquals(OBJECT, read.position());
        assertEquals(3, read.length());
        assertEquals(2, bytes[read.payloadIndex() + 1]);
        assertEquals(new Checksums().of(LittleEndianBuffer.of(new byte[] {1, 2, 3}), 0, 3), read.objectCrc());

        assertTrue(read.next());
        assertEquals(first + 3, read.oid(), "OIDs are deltas from the one before in the section");
        assertEquals(0, read.length());

        assertTrue(read.next());
        assertEquals(WalDescriptor.PATCH, read.type());
        assertEquals(first + 1, read.oid(), "the PATCH section starts its deltas from 0 again");
        assertEquals(0x1234_5678, read.objectCrc());
        assertEquals(2, read.rangeCount());
        assertEquals(8, read.patchEnd(), "range 4..6, then 7..8");
        assertTrue(read.nextRange());
        assertEquals(4, read.rangeOffset());
        assertEquals(2, read.rangeLength());
        assertEquals(11, bytes[read.rangeIndex() + 1]);
        assertTrue(read.nextRange());
        assertEquals(7, read.rangeOffset(), "an offset is the distance from the end of the range before");
        assertEquals(1, read.rangeLength());
        assertEquals(12, bytes[read.rangeIndex()]);
        assertFalse(read.nextRange());

        assertTrue(read.next());
        assertEquals(WalDescriptor.ALLOCATOR, read.type());
        assertEquals(first + 4, read.oid());
        assertEquals(1 << 20, read.position());

        assertTrue(read.next());
        assertEquals(WalDescriptor.FREE, read.type());
        assertEquals(first + 2, read.oid());
        assertTrue(read.next());
        assertEquals(first + 7, read.oid(), "the FREE section starts its deltas from 0 again");

        assertTrue(read.next());
        assertEquals(WalDescriptor.RELEASE, read.type());
        assertEquals(0, read.oid(), "the first released segment is logged as it is, and may be 0");
        assertTrue(read.next());
        assertEquals(2, read.oid());
        assertTrue(read.next());
        assertEquals(SegmentDirectory.MAX_SEGMENTS - 1, read.oid(), "the last segment a directory holds");
        assertFalse(read.next());
        assertFalse(read.next(), "and stays at the end");
    }

    @Test
    void shouldReadAnEmptyBlock() {
        assertFalse(read(new TestBlocks().varint(0).varint(0).varint(0).varint(0).varint(0).varint(0).varint(0).end(1, 0))
            .next());
    }

    @Test
    void shouldReadABlockOfVersion3WhichHasNoFreeNoReleaseAndNoSpliceSection() {
        byte[] bytes = new TestBlocks().varint(0).varint(0).varint(0).varint(1).allocator(9, 1 << 20)
            .end(1, 0, WalDescriptor.VERSION_WITHOUT_FREE);
        WalRecords read = read(bytes);
        assertTrue(read.next());
        assertEquals(WalDescriptor.ALLOCATOR, read.type());
        assertFalse(read.next());

        TestBlocks withFree = new TestBlocks().varint(0).varint(0).varint(0).varint(0);
        int at = withFree.index();
        assertCorrupt(withFree.varint(1).varint(9).end(1, 0, WalDescriptor.VERSION_WITHOUT_FREE), at,
            "followed by bytes that are not its padding");
    }

    @Test
    void shouldReadASpliceRecord() {
        TestBlocks block = new TestBlocks().varint(0).varint(0).varint(0).varint(0).varint(0).varint(0).varint(1);
        int at = block.index();
        WalRecords read = read(block.splice(9, 0x1234_5678, OBJECT, 100, OBJECT + 128, 103, 60, 40, new byte[] {1, 2, 3})
            .end(1, 0));
        assertTrue(read.next());
        assertEquals(WalDescriptor.SPLICE, read.type());
        assertEquals(BLOCK_OFFSET + at, read.walOffset());
        assertEquals(9, read.oid());
        assertEquals(1, read.classId());
        assertEquals(0x1234_5678, read.objectCrc());
        assertEquals(OBJECT, read.oldPosition());
        assertEquals(100, read.oldLength());
        assertEquals(OBJECT + 128, read.position());
        assertEquals(103, read.length());
        assertEquals(60, read.suffixLength());
        assertTrue(read.nextRange());
        assertEquals(40, read.rangeOffset());
        assertEquals(3, read.rangeLength());
        assertFalse(read.nextRange());
        assertFalse(read.next());
    }

    @Test
    void shouldReadABlockOfVersion4WhichHasNoSpliceSection() {
        byte[] bytes = new TestBlocks().varint(0).varint(0).varint(0).varint(0).varint(1).varint(9).varint(0)
            .end(1, 0, WalDescriptor.VERSION_WITHOUT_SPLICE);
        WalRecords read = read(bytes);
        assertTrue(read.next());
        assertEquals(WalDescriptor.FREE, read.type());
        assertFalse(read.next());

        TestBlocks withSplice = new TestBlocks().varint(0).varint(0).varint(0).varint(0).varint(0).varint(0);
        int at = withSplice.index();
        assertCorrupt(withSplice.varint(1).splice(9, 0, OBJECT, 100, OBJECT + 128, 100, 100, 0, new byte[0])
            .end(1, 0, WalDescriptor.VERSION_WITHOUT_SPLICE), at, "followed by bytes that are not its padding");
    }

    @Test
    void shouldRefuseMalformedSpliceRecords() {
        TestBlocks block = new TestBlocks().varint(0).varint(0).varint(0).varint(0).varint(0).varint(0).varint(1);
        int at = block.index();
        assertCorrupt(block.splice(9, 0, OBJECT, 100, OBJECT + 64, 103, 60, 40, new byte[3]).end(1, 0), at,
            "writes its 103 bytes at offset " + (OBJECT + 64) + ", over the 100 bytes at offset " + OBJECT + " it reads");

        block = new TestBlocks().varint(0).varint(0).varint(0).varint(0).varint(0).varint(0).varint(1);
        assertCorrupt(block.splice(9, 0, OBJECT, 100, OBJECT + 128, 50, 60, 0, new byte[0]).end(1, 0), at,
            "copies a suffix of 60 bytes, more than its old length 100 or its new length 50");

        block = new TestBlocks().varint(0).varint(0).varint(0).varint(0).varint(0).varint(0).varint(1);
        assertCorrupt(block.splice(9, 0, OBJECT, 100, OBJECT + 128, 103, 60, 41, new byte[3]).end(1, 0), at,
            "must end by byte 43");

        block = new TestBlocks().varint(0).varint(0).varint(0).varint(0).varint(0).varint(0).varint(1);
        assertCorrupt(block.splice(9, 0, OBJECT, 100, OBJECT + 128, 103, 60, 0, new byte[3]).end(1, 0), at,
            "cover bytes 40 to 43, past the old bytes before the suffix");

        block = new TestBlocks().varint(0).varint(0).varint(0).varint(0).varint(0).varint(0).varint(1);
        assertCorrupt(block.splice(9, 0, 8, 100, OBJECT + 128, 103, 60, 40, new byte[3]).end(1, 0), at,
            "expected offsets past the header page");
    }

    @Test
    void shouldRefuseACountThatRunsPastTheBlock() {
        TestBlocks block = new TestBlocks().varint(0).varint(0).varint(0);
        int at = block.index();
        byte[] bytes = block.bytes((byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80).end(1, 0);
        assertCorrupt(bytes, at, "the record count at index " + at + " of the block, in its ALLOCATOR section, runs past");
    }

    @Test
    void shouldRefuseMoreRecordsThanTheBlockHolds() {
        assertCorrupt(new TestBlocks().varint(1000).end(1, 0), WalDescriptor.BLOCK_HEADER_LENGTH,
            "the SEGMENT section counts 1000 records, more than the");
        TestBlocks block = new TestBlocks().varint(0).varint(0).varint(0);
        int at = block.index();
        assertCorrupt(block.varint(2).allocator(5, 1 << 20).allocator(5, 1 << 20).end(1, 0), at,
            "the ALLOCATOR section counts 2 records, more than one");
    }

    @Test
    void shouldRefuseOidsThatDoNotAscend() {
        TestBlocks block = new TestBlocks().varint(0).varint(2).image(5, 1, OBJECT, new byte[1]);
        int at = block.index();
        assertCorrupt(block.image(0, 1, OBJECT + 8, new byte[1]).end(1, 0), at, "IMAGE record of OID 5 + 0: OIDs");
        block = new TestBlocks().varint(0).varint(0).varint(2).patch(Long.MAX_VALUE, 0, 0, new byte[1]);
        at = block.index();
        assertCorrupt(block.patch(1, 0, 0, new byte[1]).end(1, 0), at, "PATCH record of OID " + Long.MAX_VALUE + " + 1");
        block = new TestBlocks().varint(0).varint(0).varint(0).varint(0).varint(2).varint(7);
        at = block.index();
        assertCorrupt(block.varint(0).end(1, 0), at, "FREE record of OID 7 + 0: OIDs");
    }

    @Test
    void shouldRefuseReleasedSegmentsThatDoNotAscendOrPassTheDirectory() {
        TestBlocks block = new TestBlocks().varint(0).varint(0).varint(0).varint(0).varint(0).varint(2).varint(3);
        int at = block.index();
        assertCorrupt(block.varint(0).end(1, 0), at, "RELEASE record of segment 3 + 0: segments in a section must ascend");
        block = new TestBlocks().varint(0).varint(0).varint(0).varint(0).varint(0).varint(1);
        at = block.index();
        assertCorrupt(block.varint(SegmentDirectory.MAX_SEGMENTS).end(1, 0), at, "RELEASE record of segment 0 + "
            + SegmentDirectory.MAX_SEGMENTS);
    }

    @Test
    void shouldRefuseASegmentOutOfRangeOrATableInTheHeaderPage() {
        int at = WalDescriptor.BLOCK_HEADER_LENGTH + 1;
        assertCorrupt(new TestBlocks().varint(1).segment(SegmentDirectory.MAX_SEGMENTS, TABLE).end(1, 0), at,
            "SEGMENT record of segment " + SegmentDirectory.MAX_SEGMENTS);
        assertCorrupt(new TestBlocks().varint(1).segment(1, 8).end(1, 0), at,
            "SEGMENT record of segment 1 puts its table at offset 8");
    }

    @Test
    void shouldRefuseAnImageInTheHeaderPageOrPastTheBlock() {
        int at = WalDescriptor.BLOCK_HEADER_LENGTH + 2;
        assertCorrupt(new TestBlocks().varint(0).varint(1).image(5, 1, 8, new byte[1]).end(1, 0), at,
            "IMAGE record writes object 5 at cluster file offset 8");
        byte[] cut = new TestBlocks().varint(0).varint(1).varint(5).varint(1).crc(0).varint(OBJECT / 8).varint(1000)
            .bytes(new byte[10]).end(1, 0);
        assertCorrupt(cut, at, "the 1000 bytes of the IMAGE of object 5");
    }

    @Test
    void shouldRefuseAVarintWiderThanItsField() {
        int at = WalDescriptor.BLOCK_HEADER_LENGTH + 2;
        assertCorrupt(new TestBlocks().varint(0).varint(1).varint(5).varint(1L << 32).end(1, 0), at,
            "the class id at index " + (at + 1) + " of the block, in its IMAGE section, runs past the block's end");
        assertCorrupt(new TestBlocks().varint(0).varint(1).varint(5).varint(1).crc(0).varint(Long.MAX_VALUE).end(1, 0),
            at, "IMAGE record with object offset " + Long.MAX_VALUE + " * 8, past the largest file offset");
    }

    @Test
    void shouldRefuseARangePastTheBlockOrTheLargestObject() {
        int at = WalDescriptor.BLOCK_HEADER_LENGTH + 3;
        byte[] cut = new TestBlocks().varint(0).varint(0).varint(1).varint(5).crc(0).varint(1).varint(3).varint(100)
            .bytes(new byte[4]).end(1, 0);
        assertCorrupt(cut, at, "range 0 of the PATCH record of object 5 (offset 3, length 100) at index");
        byte[] far = new TestBlocks().varint(0).varint(0).varint(1).varint(5).crc(0).varint(1).varint(Integer.MAX_VALUE)
            .varint(1).bytes(new byte[1]).varint(0).end(1, 0);
        assertCorrupt(far, at, "ends past the largest object length");
    }

    @Test
    void shouldRefuseAnAllocatorBelowTheFirstOidOrInTheHeaderPage() {
        int at = WalDescriptor.BLOCK_HEADER_LENGTH + 4;
        assertCorrupt(new TestBlocks().varint(0).varint(0).varint(0).varint(1).allocator(2, 1 << 20).end(1, 0), at,
            "ALLOCATOR record with next OID 2");
        assertCorrupt(new TestBlocks().varint(0).varint(0).varint(0).varint(1).allocator(5, 4096).end(1, 0), at,
            "ALLOCATOR record with next OID 5 and allocated end 4096");
    }

    @Test
    void shouldRefuseBytesAfterTheLastSectionThatAreNotPadding() {
        int at = WalDescriptor.BLOCK_HEADER_LENGTH + 7;
        TestBlocks empty = new TestBlocks().varint(0).varint(0).varint(0).varint(0).varint(0).varint(0).varint(0);
        assertCorrupt(empty.bytes((byte) 1).end(1, 0), at, "the records end at index " + at);
        empty = new TestBlocks().varint(0).varint(0).varint(0).varint(0).varint(0).varint(0).varint(0);
        assertCorrupt(empty.bytes(new byte[8]).end(1, 0), at, "followed by bytes that are not its padding");
    }

    private void assertCorrupt(byte[] block, int recordIndex, String problem) {
        WalRecords read = read(block);
        StoreCorruptedException e = assertThrows(StoreCorruptedException.class, () -> {
            while (read.next()) {
                assertTrue(read.type() != WalDescriptor.PATCH || read.rangeCount() > 0);
            }
        });
        assertEquals(WAL, e.file());
        assertEquals(BLOCK_OFFSET + recordIndex, e.offset(), e.getMessage());
        assertTrue(e.getMessage().contains(problem), e.getMessage());
    }
}
