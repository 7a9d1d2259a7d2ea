package org.swizzle.store;

import static org.agrona.UnsafeAccess.UNSAFE;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.agrona.BufferUtil;

/**
 * The {@link LittleEndianBuffer} of the JDKs before 24, which do not warn about {@code sun.misc.Unsafe}: every
 * access is an {@code Unsafe} get or put at the window's address, as in Agrona's {@code UnsafeBuffer}, and a bulk
 * copy of a primitive array is one {@code copyMemory} (the bytes of a copy are in the platform's order, so a
 * big-endian platform copies element by element instead), and a long comparison is {@link ByteBuffer#mismatch}'s,
 * vectorized. Never loaded on a JDK that warns.
 */
final class UnsafeLittleEndianBuffer extends LittleEndianBuffer {
    private static final boolean NATIVE = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;
    private static final long BYTES = UNSAFE.arrayBaseOffset(byte[].class);
    private static final long BOOLEANS = UNSAFE.arrayBaseOffset(boolean[].class);
    private static final long SHORTS = UNSAFE.arrayBaseOffset(short[].class);
    private static final long CHARS = UNSAFE.arrayBaseOffset(char[].class);
    private static final long INTS = UNSAFE.arrayBaseOffset(int[].class);
    private static final long LONGS = UNSAFE.arrayBaseOffset(long[].class);
    private static final long FLOATS = UNSAFE.arrayBaseOffset(float[].class);
    private static final long DOUBLES = UNSAFE.arrayBaseOffset(double[].class);

    /** Fills of fewer bytes are stores, not {@code setMemory}. */
    private static final int SHORT_FILL_BYTES = 64;

    /** The array under the window, or null off the heap. */
    private Object base;
    /** The address of the window's index 0: in {@link #base}, or absolute off the heap. */
    private long address;

    UnsafeLittleEndianBuffer(boolean growable) {
        super(growable);
    }


    @Override
    void pointAtArray() {
        base = array;
        address = BYTES + offset;
    }

    @Override
    void pointAtBuffer() {
        if (wrapped.isDirect()) {
            base = null;
            address = BufferUtil.address(wrapped);
        } else { // a read-only heap buffer does not hand its array out
            base = BufferUtil.array(wrapped);
            address = BYTES + BufferUtil.arrayOffset(wrapped);
        }
    }

    @Override
    void pointInto(LittleEndianBuffer other, int offset) {
        UnsafeLittleEndianBuffer that = (UnsafeLittleEndianBuffer) other;
        base = that.base;
        address = that.address + offset;
    }

    @Override
    byte byteAt(int index) {
        return UNSAFE.getByte(base, address + index);
    }

    @Override
    void putByteAt(int index, byte value) {
        UNSAFE.putByte(base, address + index, value);
    }

    @Override
    short shortAt(int index) {
        short value = UNSAFE.getShort(base, address + index);
        return NATIVE ? value : Short.reverseBytes(value);
    }

    @Override
    void putShortAt(int index, short value) {
        UNSAFE.putShort(base, address + index, NATIVE ? value : Short.reverseBytes(value));
    }

    @Override
    int intAt(int index) {
        int value = UNSAFE.getInt(base, address + index);
        return NATIVE ? value : Integer.reverseBytes(value);
    }

    @Override
    void putIntAt(int index, int value) {
        UNSAFE.putInt(base, address + index, NATIVE ? value : Integer.reverseBytes(value));
    }

    @Override
    long longAt(int index) {
        long value = UNSAFE.getLong(base, address + index);
        return NATIVE ? value : Long.reverseBytes(value);
    }

    @Override
    void putLongAt(int index, long value) {
        UNSAFE.putLong(base, address + index, NATIVE ? value : Long.reverseBytes(value));
    }

    @Override
    void copyTo(int index, byte[] dst, int dstOffset, int length) {
        UNSAFE.copyMemory(base, address + index, dst, BYTES + dstOffset, length);
    }

    @Override
    void copyFrom(int index, byte[] src, int srcOffset, int length) {
        UNSAFE.copyMemory(src, BYTES + srcOffset, base, address + index, length);
    }

    @Override
    void copyFrom(int index, LittleEndianBuffer src, int srcIndex, int length) {
        UnsafeLittleEndianBuffer from = (UnsafeLittleEndianBuffer) src;
        UNSAFE.copyMemory(from.base, from.address + srcIndex, base, address + index, length);
    }

    @Override
    int mismatchAt(int index, LittleEndianBuffer other, int otherIndex, int length) {
        UnsafeLittleEndianBuffer that = (UnsafeLittleEndianBuffer) other;
        long at = address + index;
        long otherAt = that.address + otherIndex;
        int i = 0;
        for (; i <= length - Long.BYTES; i += Long.BYTES) {
            long difference = UNSAFE.getLong(base, at + i) ^ UNSAFE.getLong(that.base, otherAt + i);
            if (difference != 0) {
                return i + (NATIVE ? Long.numberOfTrailingZeros(difference) : Long.numberOfLeadingZeros(difference))
                    / Byte.SIZE;
            }
        }
        for (; i < length; i++) {
            if (UNSAFE.getByte(base, at + i) != UNSAFE.getByte(that.base, otherAt + i)) {
                return i;
            }
        }
        return length;
    }

    /**
     * A short run (the padding after an image or a record) byte by byte: {@code setMemory} is a call into the VM,
     * which costs more than the few stores.
     */
    @Override
    void fill(int index, int length, byte value) {
        if (length >= SHORT_FILL_BYTES) {
            UNSAFE.setMemory(base, address + index, length, value);
            return;
        }
        for (int i = 0; i < length; i++) {
            UNSAFE.putByte(base, address + index + i, value);
        }
    }

    @Override
    void putPrimitivesAt(int index, Object array, int from, int count, int bytes) {
        if (NATIVE) {
            UNSAFE.copyMemory(array, elementOffset(array, from), base, address + index, bytes);
        } else {
            PrimitiveElements.put(this, index, array, from, count);
        }
    }

    @Override
    void getPrimitivesAt(int index, Object array, int from, int count, int bytes) {
        if (NATIVE) {
            UNSAFE.copyMemory(base, address + index, array, elementOffset(array, from), bytes);
        } else {
            PrimitiveElements.get(this, index, array, from, count);
        }
    }

    private static long elementOffset(Object array, int element) {
        return baseOffset(array) + (long) element * unit(array);
    }

    private static long baseOffset(Object array) {
        if (array instanceof long[]) {
            return LONGS;
        } else if (array instanceof int[]) {
            return INTS;
        } else if (array instanceof double[]) {
            return DOUBLES;
        } else if (array instanceof char[]) {
            return CHARS;
        } else if (array instanceof short[]) {
            return SHORTS;
        }
        return FLOATS;
    }

    /** One copy: a {@code boolean[]} holds bytes 0 and 1. */
    @Override
    void putBooleansAt(int index, boolean[] values, int from, int count) {
        UNSAFE.copyMemory(values, BOOLEANS + from, base, address + index, count);
    }
}
