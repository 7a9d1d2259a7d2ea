package org.swizzle.store;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The {@link LittleEndianBuffer} of JDK 24 and later, which warn about {@code sun.misc.Unsafe}: every access is a
 * {@link ByteBuffer} absolute get or put or a VarHandle over one, which the JIT compiles to a plain load or store
 * after the buffer's own checks. VarHandles reach any buffer without a virtual call: {@code ByteBuffer}'s own
 * getters would be megamorphic here, where heap, direct, mapped and read-only buffers all pass.
 */
final class VarHandleLittleEndianBuffer extends LittleEndianBuffer {
    /** Copies of at least this many bytes go through a view buffer; shorter ones element by element. */
    private static final int BULK_BYTES = 16;
    private static final VarHandle SHORTS = MethodHandles.byteBufferViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INTS = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONGS = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final ByteBuffer EMPTY = ByteBuffer.allocate(0).order(ByteOrder.LITTLE_ENDIAN);

    /** Little-endian, position 0 and limit its capacity, never moved: every access is absolute. */
    private ByteBuffer memory = EMPTY;
    /** The array {@link #memory} wraps when it was made for one, kept so that wrapping it again allocates nothing. */
    private byte[] memoryArray;

    VarHandleLittleEndianBuffer(boolean growable) {
        super(growable);
    }

    @Override
    void pointAtArray() {
        if (array.length == 0) {
            memoryArray = null;
            memory = EMPTY;
        } else if (memoryArray != array) {
            memoryArray = array;
            memory = ByteBuffer.wrap(array).order(ByteOrder.LITTLE_ENDIAN);
        }
    }

    @Override
    void pointAtBuffer() {
        memoryArray = null;
        memory = wrapped.duplicate().clear().order(ByteOrder.LITTLE_ENDIAN);
    }

    @Override
    void pointInto(LittleEndianBuffer other, int offset) {
        VarHandleLittleEndianBuffer that = (VarHandleLittleEndianBuffer) other;
        memoryArray = that.memoryArray;
        memory = that.memory;
    }

    @Override
    byte byteAt(int index) {
        return array != null ? array[offset + index] : memory.get(offset + index);
    }

    @Override
    void putByteAt(int index, byte value) {
        if (array != null) {
            array[offset + index] = value;
        } else {
            memory.put(offset + index, value);
        }
    }

    @Override
    short shortAt(int index) {
        return (short) SHORTS.get(memory, offset + index);
    }

    @Override
    void putShortAt(int index, short value) {
        SHORTS.set(memory, offset + index, value);
    }

    @Override
    int intAt(int index) {
        return (int) INTS.get(memory, offset + index);
    }

    @Override
    void putIntAt(int index, int value) {
        INTS.set(memory, offset + index, value);
    }

    @Override
    long longAt(int index) {
        return (long) LONGS.get(memory, offset + index);
    }

    @Override
    void putLongAt(int index, long value) {
        LONGS.set(memory, offset + index, value);
    }

    @Override
    void copyTo(int index, byte[] dst, int dstOffset, int length) {
        if (array != null) {
            System.arraycopy(array, offset + index, dst, dstOffset, length);
        } else {
            memory.get(offset + index, dst, dstOffset, length);
        }
    }

    @Override
    void copyFrom(int index, byte[] src, int srcOffset, int length) {
        if (array != null) {
            System.arraycopy(src, srcOffset, array, offset + index, length);
        } else {
            memory.put(offset + index, src, srcOffset, length);
        }
    }

    @Override
    void copyFrom(int index, LittleEndianBuffer src, int srcIndex, int length) {
        VarHandleLittleEndianBuffer from = (VarHandleLittleEndianBuffer) src;
        memory.put(offset + index, from.memory, from.offset + srcIndex, length);
    }

    @Override
    int mismatchAt(int index, LittleEndianBuffer other, int otherIndex, int length) {
        VarHandleLittleEndianBuffer that = (VarHandleLittleEndianBuffer) other;
        int at = offset + index;
        int otherAt = that.offset + otherIndex;
        int i = 0;
        for (; i <= length - Long.BYTES; i += Long.BYTES) {
            long difference = (long) LONGS.get(memory, at + i) ^ (long) LONGS.get(that.memory, otherAt + i);
            if (difference != 0) {
                return i + Long.numberOfTrailingZeros(difference) / Byte.SIZE;
            }
        }
        for (; i < length; i++) {
            if (memory.get(at + i) != that.memory.get(otherAt + i)) {
                return i;
            }
        }
        return length;
    }

    @Override
    void fill(int index, int length, byte value) {
        int at = offset + index;
        if (array != null) {
            Arrays.fill(array, at, at + length, value);
            return;
        }
        long eight = (value & 0xFFL) * 0x0101010101010101L;
        int end = at + length;
        for (; at <= end - Long.BYTES; at += Long.BYTES) {
            LONGS.set(memory, at, eight);
        }
        for (; at < end; at++) {
            memory.put(at, value);
        }
    }

    @Override
    void putPrimitivesAt(int index, Object array, int from, int count, int bytes) {
        int at = offset + index;
        if (bytes >= BULK_BYTES) {
            ByteBuffer slice = memory.slice(at, bytes).order(ByteOrder.LITTLE_ENDIAN);
            if (array instanceof long[]) {
                slice.asLongBuffer().put((long[]) array, from, count);
            } else if (array instanceof int[]) {
                slice.asIntBuffer().put((int[]) array, from, count);
            } else if (array instanceof double[]) {
                slice.asDoubleBuffer().put((double[]) array, from, count);
            } else if (array instanceof char[]) {
                slice.asCharBuffer().put((char[]) array, from, count);
            } else if (array instanceof short[]) {
                slice.asShortBuffer().put((short[]) array, from, count);
            } else {
                slice.asFloatBuffer().put((float[]) array, from, count);
            }
        } else {
            PrimitiveElements.put(this, index, array, from, count);
        }
    }

    @Override
    void getPrimitivesAt(int index, Object array, int from, int count, int bytes) {
        int at = offset + index;
        if (bytes >= BULK_BYTES) {
            ByteBuffer slice = memory.slice(at, bytes).order(ByteOrder.LITTLE_ENDIAN);
            if (array instanceof long[]) {
                slice.asLongBuffer().get((long[]) array, from, count);
            } else if (array instanceof int[]) {
                slice.asIntBuffer().get((int[]) array, from, count);
            } else if (array instanceof double[]) {
                slice.asDoubleBuffer().get((double[]) array, from, count);
            } else if (array instanceof char[]) {
                slice.asCharBuffer().get((char[]) array, from, count);
            } else if (array instanceof short[]) {
                slice.asShortBuffer().get((short[]) array, from, count);
            } else {
                slice.asFloatBuffer().get((float[]) array, from, count);
            }
        } else {
            PrimitiveElements.get(this, index, array, from, count);
        }
    }

    @Override
    void putBooleansAt(int index, boolean[] values, int from, int count) {
        int at = offset + index;
        if (array != null) {
            for (int i = 0; i < count; i++) {
                array[at + i] = (byte) (values[from + i] ? 1 : 0);
            }
        } else {
            for (int i = 0; i < count; i++) {
                memory.put(at + i, (byte) (values[from + i] ? 1 : 0));
            }
        }
    }
}
