package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.nio.ByteBuffer;

import org.junit.jupiter.api.Test;

/** A table of empty entries, whose checksums are derived from the first one's, is the table its entries write one by one. */
class SegmentTableDescriptorTest {
    private static final int AT = 24;

    private final Checksums checksums = new Checksums();

    @Test
    void shouldWriteTheEmptyTableItsEntriesWriteOneByOne() {
        for (long segment : new long[] {0, 1, 255, 256, 12_345, 1L << 40, (Long.MAX_VALUE >>> Oids.SLOT_BITS) - 1}) {
            LittleEndianBuffer derived = LittleEndianBuffer.of(ByteBuffer.allocateDirect(AT + SegmentTableDescriptor.TABLE_LENGTH));
            derived.setMemory(0, derived.capacity(), (byte) 0x5A); // whatever was there before
            SegmentTableDescriptor.putEmptyTable(derived, AT, segment, checksums);
            LittleEndianBuffer oneByOne = LittleEndianBuffer.of(ByteBuffer.allocateDirect(AT + SegmentTableDescriptor.TABLE_LENGTH));
            oneByOne.setMemory(0, AT, (byte) 0x5A);
            for (int slot = 0; slot < Oids.SLOTS_PER_SEGMENT; slot++) {
                SegmentTableDescriptor.putEntry(oneByOne, AT + slot * SegmentTableDescriptor.ENTRY_LENGTH,
                    Oids.firstOidOf(segment) + slot, 0, 0, 0, 0, 0, checksums);
            }
            assertArrayEquals(bytes(oneByOne), bytes(derived), "the empty table of segment " + segment);
        }
    }

    private static byte[] bytes(LittleEndianBuffer buffer) {
        byte[] bytes = new byte[buffer.capacity()];
        buffer.getBytes(0, bytes, 0, bytes.length);
        return bytes;
    }
}
