package org.swizzle.benchmarks.lws;

/**
 * What one kind of node holds: {@code slots} references in all (the two tree slots included) of
 * which {@code initialized} extra ones are self-loops, and {@code bytes} bytes and {@code ints}
 * integers of which the first {@code initializedBytes} and {@code initializedInts} are set.
 */
record NodeShape(int slots, int initialized, int bytes, int initializedBytes, int ints, int initializedInts) {

    static NodeShape plain(int slots, int bytes) {
        return new NodeShape(slots, 0, bytes, bytes, 0, 0);
    }

    int extraSlots() {
        return slots - 2;
    }

    /** Moss's b: user bytes, slots counted at 4 bytes as in the paper. */
    int userBytes() {
        return 4 * slots + bytes + 4 * ints;
    }
}
