package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertEquals;


/** Deterministic object contents for tests: the bytes of object {@code seed} are a function of it. */
final class TestBytes {
    private TestBytes() {
    }

    static LittleEndianBuffer bytes(long seed, int length) {
        byte[] bytes = new byte[length];
        long x = seed * 0x9E3779B97F4A7C15L + 1;
        for (int i = 0; i < length; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
            bytes[i] = (byte) x;
        }
        return LittleEndianBuffer.of(bytes);
    }

    static LittleEndianBuffer longValue(long value) {
        LittleEndianBuffer buffer = LittleEndianBuffer.of(new byte[Long.BYTES]);
        buffer.putLong(0, value);
        return buffer;
    }

    static void assertBytes(LittleEndianBuffer expected, LittleEndianBuffer actual, String what) {
        assertEquals(expected.capacity(), actual.capacity(), what + ": length");
        for (int i = 0; i < expected.capacity(); i++) {
            if (expected.getByte(i) != actual.getByte(i)) {
                assertEquals(expected.getByte(i), actual.getByte(i), what + ": byte " + i);
            }
        }
    }

    /** Puts a new object of {@code length} bytes made from {@code seed}; returns its OID. */
    static long putNew(Transaction transaction, long seed, int length) {
        long oid = transaction.newObject();
        LittleEndianBuffer bytes = bytes(seed, length);
        transaction.put(oid, (int) (seed % 100), bytes, 0, length);
        return oid;
    }
}
