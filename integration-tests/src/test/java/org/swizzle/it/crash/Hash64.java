package org.swizzle.it.crash;

/**
 * An order-sensitive 64-bit hash of a stream of values (MurmurHash3's finalizer over a running
 * state). Not cryptographic: it only has to make an accidental match of two different states
 * vanishingly unlikely.
 */
final class Hash64 {
    private long state = 0x5157_1e5a_c0ffee01L;
    private long count;

    Hash64 add(long value) {
        state = mix(state ^ mix(value + 0x9E37_79B9_7F4A_7C15L * ++count));
        return this;
    }

    Hash64 add(String value) {
        if (value == null) {
            return add(-1L);
        }
        add(value.length());
        for (int i = 0; i < value.length(); i++) {
            add(value.charAt(i));
        }
        return this;
    }

    Hash64 add(int[] values) {
        if (values == null) {
            return add(-1L);
        }
        add(values.length);
        for (int value : values) {
            add(value);
        }
        return this;
    }

    /** Sixteen hex digits. */
    String hex() {
        return String.format("%016x", mix(state ^ count));
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 33)) * 0xff51_afd7_ed55_8ccdL;
        z = (z ^ (z >>> 33)) * 0xc4ce_b9fe_1a85_ec53L;
        return z ^ (z >>> 33);
    }
}
