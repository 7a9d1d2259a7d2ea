package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Unsigned LEB128 varints: every width round-trips, and anything but a shortest varint that fits is malformed. */
class VarintsTest {
    private final LittleEndianBuffer buffer = LittleEndianBuffer.of(new byte[16]);

    @Test
    void shouldRoundTripValuesOfEveryLength() {
        long[] values = {0, 1, 127, 128, 300, (1L << 14) - 1, 1L << 14, Integer.MAX_VALUE, 1L << 32, (1L << 56) - 1,
            1L << 56, Long.MAX_VALUE};
        int[] lengths = {1, 1, 1, 2, 2, 2, 3, 5, 5, 8, 9, 9};
        for (int i = 0; i < values.length; i++) {
            int end = Varints.put(buffer, 3, values[i]);
            assertEquals(lengths[i], end - 3, "bytes of " + values[i]);
            assertEquals(lengths[i], Varints.length(values[i]), "length of " + values[i]);
            assertEquals(values[i], Varints.get(buffer, 3, end, 63), "value " + values[i]);
        }
    }

    @Test
    void shouldWriteLeastSignificantGroupFirst() {
        Varints.put(buffer, 0, 300);
        assertEquals((byte) 0xAC, buffer.getByte(0));
        assertEquals((byte) 0x02, buffer.getByte(1));
    }

    @Test
    void shouldRefuseAVarintThatRunsPastItsLimit() {
        int end = Varints.put(buffer, 0, 1L << 20);
        assertEquals(Varints.MALFORMED, Varints.get(buffer, 0, end - 1, 63));
        assertEquals(1L << 20, Varints.get(buffer, 0, end, 63));
    }

    @Test
    void shouldRefuseAVarintWiderThanAsked() {
        int end = Varints.put(buffer, 0, 1L << 32);
        assertEquals(Varints.MALFORMED, Varints.get(buffer, 0, end, 32), "33 bits where 32 are allowed");
        assertEquals(Varints.MALFORMED, Varints.get(buffer, 0, end, 31));
        Varints.put(buffer, 0, 0xFFFF_FFFFL);
        assertEquals(0xFFFF_FFFFL, Varints.get(buffer, 0, 16, 32));
        assertEquals(Varints.MALFORMED, Varints.get(buffer, 0, 16, 31));
    }

    @Test
    void shouldRefuseMoreContinuationBytesThanTheWidthTakes() {
        for (int i = 0; i < 16; i++) {
            buffer.putByte(i, (byte) 0x80);
        }
        buffer.putByte(9, (byte) 0x01);
        assertEquals(Varints.MALFORMED, Varints.get(buffer, 0, 16, 63), "ten bytes, past 63 bits");
    }

    @Test
    void shouldRefuseAnEncodingLongerThanItsShortest() {
        buffer.putByte(0, (byte) 0x81);
        buffer.putByte(1, (byte) 0x00);
        assertEquals(Varints.MALFORMED, Varints.get(buffer, 0, 16, 63), "1 written in two bytes");
        buffer.putByte(0, (byte) 0x80);
        assertEquals(Varints.MALFORMED, Varints.get(buffer, 0, 16, 63), "0 written in two bytes");
    }
}
