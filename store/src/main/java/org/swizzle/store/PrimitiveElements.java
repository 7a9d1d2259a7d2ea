package org.swizzle.store;

/**
 * Moves a primitive array to or from a {@link LittleEndianBuffer} one element at a time, through its checked
 * accessors: the copy of an implementation that has no cheaper one for a few elements, or for its platform's
 * byte order.
 */
final class PrimitiveElements {

    private PrimitiveElements() {
    }

    /** Puts the {@code count} elements of {@code array} from element {@code from} at the checked window index {@code index}. */
    static void put(LittleEndianBuffer buffer, int index, Object array, int from, int count) {
        if (array instanceof long[]) {
            long[] values = (long[]) array;
            for (int i = 0; i < count; i++) {
                buffer.putLongAt(index + Long.BYTES * i, values[from + i]);
            }
        } else if (array instanceof int[]) {
            int[] values = (int[]) array;
            for (int i = 0; i < count; i++) {
                buffer.putIntAt(index + Integer.BYTES * i, values[from + i]);
            }
        } else if (array instanceof double[]) {
            double[] values = (double[]) array;
            for (int i = 0; i < count; i++) {
                buffer.putLongAt(index + Double.BYTES * i, Double.doubleToRawLongBits(values[from + i]));
            }
        } else if (array instanceof char[]) {
            char[] values = (char[]) array;
            for (int i = 0; i < count; i++) {
                buffer.putShortAt(index + Character.BYTES * i, (short) values[from + i]);
            }
        } else if (array instanceof short[]) {
            short[] values = (short[]) array;
            for (int i = 0; i < count; i++) {
                buffer.putShortAt(index + Short.BYTES * i, values[from + i]);
            }
        } else {
            float[] values = (float[]) array;
            for (int i = 0; i < count; i++) {
                buffer.putIntAt(index + Float.BYTES * i, Float.floatToRawIntBits(values[from + i]));
            }
        }
    }

    /** Fills the {@code count} elements of {@code array} from element {@code from} from the checked window index {@code index}. */
    static void get(LittleEndianBuffer buffer, int index, Object array, int from, int count) {
        if (array instanceof long[]) {
            long[] values = (long[]) array;
            for (int i = 0; i < count; i++) {
                values[from + i] = buffer.longAt(index + Long.BYTES * i);
            }
        } else if (array instanceof int[]) {
            int[] values = (int[]) array;
            for (int i = 0; i < count; i++) {
                values[from + i] = buffer.intAt(index + Integer.BYTES * i);
            }
        } else if (array instanceof double[]) {
            double[] values = (double[]) array;
            for (int i = 0; i < count; i++) {
                values[from + i] = Double.longBitsToDouble(buffer.longAt(index + Double.BYTES * i));
            }
        } else if (array instanceof char[]) {
            char[] values = (char[]) array;
            for (int i = 0; i < count; i++) {
                values[from + i] = (char) buffer.shortAt(index + Character.BYTES * i);
            }
        } else if (array instanceof short[]) {
            short[] values = (short[]) array;
            for (int i = 0; i < count; i++) {
                values[from + i] = buffer.shortAt(index + Short.BYTES * i);
            }
        } else {
            float[] values = (float[]) array;
            for (int i = 0; i < count; i++) {
                values[from + i] = Float.intBitsToFloat(buffer.intAt(index + Float.BYTES * i));
            }
        }
    }
}
