package org.swizzle.store;


/**
 * Unsigned LEB128 varints, the WAL's encoding of counts, lengths, OID deltas and positions: seven
 * bits a byte, the least significant group first, the high bit set on every byte but the last. The
 * small numbers a commit mostly logs take one or two bytes instead of four or eight.
 *
 * <p>A value has one encoding, its shortest; {@link #get} refuses any other, so that a reader can
 * step over a varint by the {@link #length} of its value.
 */
final class Varints {
    /** What {@link #get} returns for bytes that are not a varint of the expected width. */
    static final long MALFORMED = -1;

    private static final int BITS_PER_BYTE = 7;
    private static final int MORE = 0x80;
    private static final int GROUP = 0x7F;

    private Varints() {
    }

    /** The bytes that {@code value}, at least 0, takes. */
    static int length(long value) {
        int bits = Long.SIZE - Long.numberOfLeadingZeros(value | 1);
        return (bits + BITS_PER_BYTE - 1) / BITS_PER_BYTE;
    }

    /** Writes {@code value}, at least 0, at {@code index}; returns the index after it. */
    static int put(LittleEndianBuffer buffer, int index, long value) {
        int at = index;
        long rest = value;
        while (rest >= MORE) {
            buffer.putByte(at++, (byte) (rest & GROUP | MORE));
            rest >>>= BITS_PER_BYTE;
        }
        buffer.putByte(at++, (byte) rest);
        return at;
    }

    /**
     * The varint at {@code index}, or {@link #MALFORMED} if it does not end before {@code limit},
     * holds more than {@code bits} bits (7 to 63), or is not in its shortest form.
     */
    static long get(LittleEndianBuffer buffer, int index, int limit, int bits) {
        if (index < limit) {
            byte first = buffer.getByte(index);
            if (first >= 0) { // one byte, the most common case: always in its shortest form, and at most 7 bits wide
                return first;
            }
        }
        int maxLength = (bits + BITS_PER_BYTE - 1) / BITS_PER_BYTE;
        int end = Math.min(limit, index + maxLength);
        long value = 0;
        for (int at = index, shift = 0; at < end; at++, shift += BITS_PER_BYTE) {
            int b = buffer.getByte(at) & 0xFF;
            value |= (long) (b & GROUP) << shift;
            if ((b & MORE) == 0) {
                boolean overlong = b == 0 && at > index;
                return overlong || value >>> bits != 0 ? MALFORMED : value;
            }
        }
        return MALFORMED;
    }
}
