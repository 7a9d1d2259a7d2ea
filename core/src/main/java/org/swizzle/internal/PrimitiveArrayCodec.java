package org.swizzle.internal;

import org.agrona.DirectBuffer;

/**
 * Arrays of primitives in the stored format ({@link ValueKind#BOOLEAN_ARRAY} to {@link ValueKind#DOUBLE_ARRAY}):
 * the length, then the elements as their primitive fields store them, moved with one memory copy.
 */
final class PrimitiveArrayCodec {

    private PrimitiveArrayCodec() {
    }

    /** Writes {@code array}, an array of a primitive type. */
    static void write(ObjectWriter out, Object array) {
        if (array instanceof int[]) {
            write(out, ValueKind.INT_ARRAY, array, BulkCopy.INTS, ((int[]) array).length);
        } else if (array instanceof long[]) {
            write(out, ValueKind.LONG_ARRAY, array, BulkCopy.LONGS, ((long[]) array).length);
        } else if (array instanceof double[]) {
            write(out, ValueKind.DOUBLE_ARRAY, array, BulkCopy.DOUBLES, ((double[]) array).length);
        } else if (array instanceof byte[]) {
            byte[] bytes = (byte[]) array;
            out.writeKind(ValueKind.BYTE_ARRAY);
            out.writeInt(bytes.length);
            out.buffer().putBytes(out.claim(bytes.length), bytes);
        } else if (array instanceof boolean[]) {
            write(out, ValueKind.BOOLEAN_ARRAY, array, BulkCopy.BOOLEANS, ((boolean[]) array).length);
        } else if (array instanceof char[]) {
            write(out, ValueKind.CHAR_ARRAY, array, BulkCopy.CHARS, ((char[]) array).length);
        } else if (array instanceof short[]) {
            write(out, ValueKind.SHORT_ARRAY, array, BulkCopy.SHORTS, ((short[]) array).length);
        } else {
            write(out, ValueKind.FLOAT_ARRAY, array, BulkCopy.FLOATS, ((float[]) array).length);
        }
    }

    private static void write(ObjectWriter out, ValueKind kind, Object array, long base, int length) {
        out.writeKind(kind);
        out.writeInt(length);
        long bytes = (long) length * kind.unit();
        BulkCopy.toBuffer(array, base, out.buffer(), out.claim(bytes), (int) bytes);
    }

    static Object read(ValueKind kind, ObjectReader in) {
        int length = in.readCount(kind); // checked against the bytes left before allocating
        int bytes = length * kind.unit();
        int at = in.take(bytes);
        DirectBuffer buffer = in.buffer();
        switch (kind) {
            case BYTE_ARRAY: {
                byte[] array = new byte[length];
                buffer.getBytes(at, array);
                return array;
            }
            case BOOLEAN_ARRAY: {
                boolean[] array = new boolean[length];
                for (int i = 0; i < length; i++) {
                    array[i] = buffer.getByte(at + i) != 0; // a copy could put other bytes than 0 and 1 in a boolean
                }
                return array;
            }
            case SHORT_ARRAY: return fill(buffer, at, new short[length], BulkCopy.SHORTS, bytes);
            case CHAR_ARRAY: return fill(buffer, at, new char[length], BulkCopy.CHARS, bytes);
            case INT_ARRAY: return fill(buffer, at, new int[length], BulkCopy.INTS, bytes);
            case LONG_ARRAY: return fill(buffer, at, new long[length], BulkCopy.LONGS, bytes);
            case FLOAT_ARRAY: return fill(buffer, at, new float[length], BulkCopy.FLOATS, bytes);
            case DOUBLE_ARRAY: return fill(buffer, at, new double[length], BulkCopy.DOUBLES, bytes);
            default: throw new IllegalArgumentException(kind + " is not a primitive array");
        }
    }

    private static Object fill(DirectBuffer buffer, int at, Object array, long base, int bytes) {
        BulkCopy.fromBuffer(buffer, at, array, base, bytes);
        return array;
    }
}
