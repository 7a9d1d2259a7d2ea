package org.swizzle.internal;

/**
 * The element stores the agent rewrites where a load of an array field is only indexed at once
 * ({@code o.samples[i] = v}): each stores the element as the instruction did, then, for an array large enough to
 * be stored in pages, marks the page the element is on ({@link PageMarks}), so that a commit compares that page
 * alone. The load before it ran the object's write barrier, as before.
 */
public final class ArrayEdits {

    private static final int BYTES = PrimitiveArrayCodec.PAGED_FROM;
    private static final int SHORTS = PrimitiveArrayCodec.PAGED_FROM / Short.BYTES;
    private static final int INTS = PrimitiveArrayCodec.PAGED_FROM / Integer.BYTES;
    private static final int LONGS = PrimitiveArrayCodec.PAGED_FROM / Long.BYTES;

    private ArrayEdits() {
    }

    public static void store(long[] array, int index, long value) {
        array[index] = value;
        if (array.length >= LONGS) {
            PageMarks.edited(array, index);
        }
    }

    public static void store(int[] array, int index, int value) {
        array[index] = value;
        if (array.length >= INTS) {
            PageMarks.edited(array, index);
        }
    }

    public static void store(double[] array, int index, double value) {
        array[index] = value;
        if (array.length >= LONGS) {
            PageMarks.edited(array, index);
        }
    }

    public static void store(float[] array, int index, float value) {
        array[index] = value;
        if (array.length >= INTS) {
            PageMarks.edited(array, index);
        }
    }

    public static void store(char[] array, int index, char value) {
        array[index] = value;
        if (array.length >= SHORTS) {
            PageMarks.edited(array, index);
        }
    }

    public static void store(short[] array, int index, short value) {
        array[index] = value;
        if (array.length >= SHORTS) {
            PageMarks.edited(array, index);
        }
    }

    public static void store(byte[] array, int index, byte value) {
        array[index] = value;
        if (array.length >= BYTES) {
            PageMarks.edited(array, index);
        }
    }

    public static void store(boolean[] array, int index, boolean value) {
        array[index] = value;
        if (array.length >= BYTES) {
            PageMarks.edited(array, index);
        }
    }
}
