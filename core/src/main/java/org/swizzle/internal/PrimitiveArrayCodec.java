package org.swizzle.internal;

import org.swizzle.store.LittleEndianBuffer;

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
            write(out, ValueKind.INT_ARRAY, array, ((int[]) array).length);
        } else if (array instanceof long[]) {
            write(out, ValueKind.LONG_ARRAY, array, ((long[]) array).length);
        } else if (array instanceof double[]) {
            write(out, ValueKind.DOUBLE_ARRAY, array, ((double[]) array).length);
        } else if (array instanceof byte[]) {
            byte[] bytes = (byte[]) array;
            out.writeKind(ValueKind.BYTE_ARRAY);
            out.writeInt(bytes.length);
            out.buffer().putBytes(out.claim(bytes.length), bytes);
        } else if (array instanceof boolean[]) {
            boolean[] booleans = (boolean[]) array;
            out.writeKind(ValueKind.BOOLEAN_ARRAY);
            out.writeInt(booleans.length);
            out.buffer().putBooleans(out.claim(booleans.length), booleans, booleans.length);
        } else if (array instanceof char[]) {
            write(out, ValueKind.CHAR_ARRAY, array, ((char[]) array).length);
        } else if (array instanceof short[]) {
            write(out, ValueKind.SHORT_ARRAY, array, ((short[]) array).length);
        } else {
            write(out, ValueKind.FLOAT_ARRAY, array, ((float[]) array).length);
        }
    }

    private static void write(ObjectWriter out, ValueKind kind, Object array, int length) {
        out.writeKind(kind);
        out.writeInt(length);
        out.buffer().putPrimitives(out.claim((long) length * kind.unit()), array, length);
    }

    static Object read(ValueKind kind, ObjectReader in) {
        int length = in.readCount(kind); // checked against the bytes left before allocating
        int bytes = length * kind.unit();
        int at = in.take(bytes);
        LittleEndianBuffer buffer = in.buffer();
        switch (kind) {
            case BYTE_ARRAY: {
                byte[] array = new byte[length];
                buffer.getBytes(at, array);
                return array;
            }
            case BOOLEAN_ARRAY: {
                boolean[] array = new boolean[length];
                buffer.getBooleans(at, array, length);
                return array;
            }
            case SHORT_ARRAY: return fill(buffer, at, new short[length], length);
            case CHAR_ARRAY: return fill(buffer, at, new char[length], length);
            case INT_ARRAY: return fill(buffer, at, new int[length], length);
            case LONG_ARRAY: return fill(buffer, at, new long[length], length);
            case FLOAT_ARRAY: return fill(buffer, at, new float[length], length);
            case DOUBLE_ARRAY: return fill(buffer, at, new double[length], length);
            default: throw new IllegalArgumentException(kind + " is not a primitive array");
        }
    }

    private static Object fill(LittleEndianBuffer buffer, int at, Object array, int length) {
        buffer.getPrimitives(at, array, length);
        return array;
    }
}
