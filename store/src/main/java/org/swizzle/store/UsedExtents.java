package org.swizzle.store;

import java.util.Arrays;

/**
 * The used extents of a cluster file (header page, segment tables, objects) gathered in any order,
 * then swept in file order to find the free space between them and any two that overlap. Each
 * extent is split at cluster boundaries and packed into one {@code long} (position and length in
 * units of 8 bytes), so that gathering the extents of millions of objects costs 8 bytes each.
 */
final class UsedExtents {
    private static final int LENGTH_BITS = 24;

    /** What a sweep finds. */
    interface Listener {
        /** Bytes {@code start} to {@code end} are used by nothing. */
        void free(long start, long end);

        /** An extent starting at {@code position} overlaps the one before it, which ends at {@code previousEnd}. */
        void overlap(long position, long previousEnd);
    }

    private final ClusterLayout layout;
    private long[] packed = new long[1024];
    private int size;

    UsedExtents(ClusterLayout layout) {
        this.layout = layout;
    }

    /** Adds {@code length} used bytes from {@code position}. */
    void add(long position, long length) {
        long at = position;
        long end = position + length;
        while (at < end) {
            long pieceEnd = Math.min(end, layout.clusterEnd(at));
            if (size == packed.length) {
                packed = Arrays.copyOf(packed, 2 * size);
            }
            // Flip the sign bit so that a signed sort orders the packed values as unsigned ones.
            packed[size++] = ((at >>> 3) << LENGTH_BITS | (pieceEnd - at) >>> 3) ^ Long.MIN_VALUE;
            at = pieceEnd;
        }
    }

    int size() {
        return size;
    }

    /** Reports the gaps below {@code allocatedEnd} and the overlaps, in file order. */
    void sweep(long allocatedEnd, Listener listener) {
        Arrays.sort(packed, 0, size);
        long cursor = 0;
        for (int i = 0; i < size; i++) {
            long value = packed[i] ^ Long.MIN_VALUE;
            long start = (value >>> LENGTH_BITS) << 3;
            long end = start + ((value & ((1L << LENGTH_BITS) - 1)) << 3);
            if (start < cursor) {
                listener.overlap(start, cursor);
            } else if (start > cursor && cursor < allocatedEnd) {
                listener.free(cursor, Math.min(start, allocatedEnd));
            }
            cursor = Math.max(cursor, end);
        }
        if (cursor < allocatedEnd) {
            listener.free(cursor, allocatedEnd);
        }
    }
}
