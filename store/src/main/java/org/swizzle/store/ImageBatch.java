package org.swizzle.store;

import java.util.Arrays;

/**
 * Images of objects laid out one after another in a caller's buffer, to be put in one call
 * ({@link Transaction#putAll}): a caller that serializes many objects per commit hands them over in batches, so that
 * the time the store takes to compare and stage them is measured once per batch rather than once per object.
 * Reused from one batch to the next.
 */
public final class ImageBatch {
    private long[] oids = new long[64];
    private int[] classIds = new int[64];
    private int[] offsets = new int[64];
    private int[] lengths = new int[64];
    private int size;

    /** Adds the image of object {@code oid}, of class {@code classId}, that takes {@code length} bytes at {@code offset}. */
    public void add(long oid, int classId, int offset, int length) {
        if (size == oids.length) {
            int capacity = 2 * size;
            oids = Arrays.copyOf(oids, capacity);
            classIds = Arrays.copyOf(classIds, capacity);
            offsets = Arrays.copyOf(offsets, capacity);
            lengths = Arrays.copyOf(lengths, capacity);
        }
        oids[size] = oid;
        classIds[size] = classId;
        offsets[size] = offset;
        lengths[size] = length;
        size++;
    }

    /** How many images were added since the last {@link #clear()}. */
    public int size() {
        return size;
    }

    /** Forgets the images added, keeping the room they took. */
    public void clear() {
        size = 0;
    }

    long oid(int index) {
        return oids[index];
    }

    int classId(int index) {
        return classIds[index];
    }

    int offset(int index) {
        return offsets[index];
    }

    int length(int index) {
        return lengths[index];
    }
}
