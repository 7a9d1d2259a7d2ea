package org.swizzle.store;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * A bounds-checked window of little-endian bytes over a heap array, a direct buffer or a mapped region: the
 * buffer the store's files, its write-ahead log and the object format are read and written through. It exists so
 * that Swizzle reads and writes memory without {@code sun.misc.Unsafe}, which Agrona's buffers (used here before)
 * call for every access and which JDK 24 and later warn about: every get and put is a {@link ByteBuffer} absolute
 * get or put, which the JIT compiles to a plain load or store after a bounds check. (Unmapping is
 * {@link FileMapping}'s.)
 *
 * <p>A window is re-pointed with {@code wrap} without allocating (the store hands every object it reads out
 * through one), and is checked against its own bounds, not only the memory's. A buffer made by {@link #growable}
 * or {@link #growableDirect} owns its memory and grows on a put past its capacity (or {@link #ensureCapacity});
 * a window over it does not follow it when it grows. Every multi-byte value is little-endian, on every platform,
 * as the files have always been. Not thread-safe; windows over the same memory may be read from several threads.
 */
public final class LittleEndianBuffer {
    /** Copies of at least this many bytes go through a view buffer; shorter ones element by element. */
    private static final int BULK_BYTES = 16;
    // VarHandles reach any ByteBuffer without a virtual call: ByteBuffer's own getters would be megamorphic here,
    // where heap, direct, mapped and read-only buffers all pass
    private static final VarHandle SHORTS = MethodHandles.byteBufferViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle CHARS = MethodHandles.byteBufferViewVarHandle(char[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INTS = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONGS = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle FLOATS = MethodHandles.byteBufferViewVarHandle(float[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle DOUBLES = MethodHandles.byteBufferViewVarHandle(double[].class, ByteOrder.LITTLE_ENDIAN);
    private static final ByteBuffer EMPTY = ByteBuffer.allocate(0).order(ByteOrder.LITTLE_ENDIAN);

    private final boolean growable;
    /** Little-endian, position 0 and limit its capacity, never moved: every access is absolute. */
    private ByteBuffer memory;
    /** The buffer the caller wrapped, whose position and limit are the caller's; null if it wrapped none. */
    private ByteBuffer wrapped;
    /** {@code memory}'s array when it is a writable heap buffer from index 0, else null. */
    private byte[] array;
    private int offset;
    private int capacity;
    /** The memory {@link #comparedView} is a duplicate of, made again only when the memory changes. */
    private ByteBuffer comparedOf;
    private ByteBuffer comparedView;

    /** An empty window, to be pointed at bytes with {@code wrap}. */
    public LittleEndianBuffer() {
        this.growable = false;
        this.memory = EMPTY;
    }

    /** A window over all of {@code bytes}. */
    public LittleEndianBuffer(byte[] bytes) {
        this(bytes, 0, bytes.length);
    }

    /** A window over {@code length} bytes of {@code bytes} from {@code offset}. */
    public LittleEndianBuffer(byte[] bytes, int offset, int length) {
        this.growable = false;
        wrap(bytes, offset, length);
    }

    /** A window over {@code buffer} from index 0 to its capacity; its position and limit are left to the caller. */
    public LittleEndianBuffer(ByteBuffer buffer) {
        this.growable = false;
        wrap(buffer);
    }

    /** A window over {@code length} bytes of {@code other} from its index {@code offset}. */
    public LittleEndianBuffer(LittleEndianBuffer other, int offset, int length) {
        this.growable = false;
        wrap(other, offset, length);
    }

    private LittleEndianBuffer(ByteBuffer owned, boolean growable) {
        this.growable = growable;
        wrap(owned);
    }

    /** A heap buffer of {@code initialCapacity} bytes that grows on puts past its end. */
    public static LittleEndianBuffer growable(int initialCapacity) {
        return new LittleEndianBuffer(ByteBuffer.allocate(initialCapacity), true);
    }

    /** A direct buffer of {@code initialCapacity} bytes that grows on puts past its end, for file channel I/O. */
    public static LittleEndianBuffer growableDirect(int initialCapacity) {
        return new LittleEndianBuffer(ByteBuffer.allocateDirect(initialCapacity), true);
    }

    /** Points this window at all of {@code bytes}. */
    public void wrap(byte[] bytes) {
        wrap(bytes, 0, bytes.length);
    }

    /** Points this window at {@code length} bytes of {@code bytes} from {@code offset}. */
    public void wrap(byte[] bytes, int offset, int length) {
        checkRange(offset, length, bytes.length);
        if (bytes.length == 0) {
            point(null, EMPTY, bytes, 0, 0); // no buffer to allocate for an empty object
            return;
        }
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        point(null, buffer.order(ByteOrder.LITTLE_ENDIAN), bytes, offset, length);
    }

    /** Points this window at {@code buffer} from index 0 to its capacity. */
    public void wrap(ByteBuffer buffer) {
        ByteBuffer memory = buffer.duplicate().clear().order(ByteOrder.LITTLE_ENDIAN);
        byte[] bytes = buffer.hasArray() && buffer.arrayOffset() == 0 ? buffer.array() : null;
        point(buffer, memory, bytes, 0, buffer.capacity());
    }

    /** Points this window at {@code length} bytes of {@code other} from its index {@code offset}, without copying. */
    public void wrap(LittleEndianBuffer other, int offset, int length) {
        checkRange(offset, length, other.capacity);
        point(other.wrapped, other.memory, other.array, other.offset + offset, length);
    }

    private void point(ByteBuffer wrapped, ByteBuffer memory, byte[] array, int offset, int length) {
        this.wrapped = wrapped;
        this.memory = memory;
        this.array = array;
        this.offset = offset;
        this.capacity = length;
    }

    /** The number of bytes in this window. */
    public int capacity() {
        return capacity;
    }

    /**
     * The heap array under this window, or null if its bytes are off the heap or read-only; index {@code i} of the
     * window is index {@link #windowOffset()} {@code + i} of the array.
     */
    public byte[] byteArray() {
        return array;
    }

    /**
     * The buffer this window, or the window it was made from, wraps (with the position and limit its user left), or
     * null if it wraps an array; index {@code i} of the window is index {@link #windowOffset()} {@code + i} of it.
     */
    public ByteBuffer byteBuffer() {
        return wrapped;
    }

    /** Where this window starts in {@link #byteArray()} or {@link #byteBuffer()}. */
    public int windowOffset() {
        return offset;
    }

    /**
     * Makes room for {@code limit} bytes: a growable buffer grows to hold them (moving its bytes to new memory), any
     * other must already hold them.
     *
     * @throws IndexOutOfBoundsException a buffer that cannot grow holds fewer
     */
    public void ensureCapacity(int limit) {
        if (limit > capacity) {
            if (!growable || limit < 0) {
                throw new IndexOutOfBoundsException("limit " + limit + " is past the capacity " + capacity);
            }
            grow(limit);
        }
    }

    /**
     * Checks that {@code length} bytes from {@code index} lie in this window.
     *
     * @throws IndexOutOfBoundsException they do not
     */
    public void boundsCheck(int index, int length) {
        if (index < 0 || length < 0 || index > capacity - length) {
            throw outside(index, length);
        }
    }

    /**
     * The index, counted from {@code index}, of the first of {@code length} bytes that differs from the byte of
     * {@code other} as far from {@code otherIndex}, or {@code length} when they are all equal: a vectorized
     * comparison ({@link ByteBuffer#mismatch}), for a commit that compares objects with their committed bytes.
     */
    public int mismatch(int index, LittleEndianBuffer other, int otherIndex, int length) {
        int from = read(index, length);
        int otherFrom = other.read(otherIndex, length);
        int at = compared(from, length).mismatch(other.compared(otherFrom, length));
        return at < 0 ? length : at;
    }

    /** {@code length} bytes of the memory from {@code from}, as a reused view's position and limit. */
    private ByteBuffer compared(int from, int length) {
        if (comparedOf != memory) {
            comparedOf = memory;
            comparedView = memory.duplicate();
        }
        comparedView.clear();
        return comparedView.position(from).limit(from + length);
    }

    private int read(int index, int length) {
        if (index < 0 || index > capacity - length) {
            throw outside(index, length);
        }
        return offset + index;
    }

    private int write(int index, int length) {
        if (index < 0 || index > capacity - length) {
            if (!growable || index < 0 || length < 0) {
                throw outside(index, length);
            }
            grow(index + length);
        }
        return offset + index;
    }

    private IndexOutOfBoundsException outside(int index, int length) {
        return new IndexOutOfBoundsException("index " + index + ", length " + length + ", capacity " + capacity);
    }

    private static void checkRange(int offset, int length, int capacity) {
        if (offset < 0 || length < 0 || offset > capacity - length) {
            throw new IndexOutOfBoundsException("offset " + offset + ", length " + length + ", capacity " + capacity);
        }
    }

    private void grow(int limit) {
        if (limit < 0) {
            throw new IndexOutOfBoundsException("a growable buffer holds at most " + Integer.MAX_VALUE + " bytes");
        }
        int grown = (int) Math.min(Integer.MAX_VALUE - 8, Math.max(limit, capacity + (capacity >> 1) + 16L));
        ByteBuffer bigger = memory.isDirect() ? ByteBuffer.allocateDirect(grown) : ByteBuffer.allocate(grown);
        bigger.put(0, memory, 0, capacity);
        wrap(bigger);
    }

    public byte getByte(int index) {
        int at = read(index, 1);
        return array != null ? array[at] : memory.get(at);
    }

    public void putByte(int index, byte value) {
        int at = write(index, 1);
        if (array != null) {
            array[at] = value;
        } else {
            memory.put(at, value);
        }
    }

    public short getShort(int index) {
        return (short) SHORTS.get(memory, read(index, Short.BYTES));
    }

    public void putShort(int index, short value) {
        int at = write(index, Short.BYTES);
        SHORTS.set(memory, at, value);
    }

    public char getChar(int index) {
        return (char) CHARS.get(memory, read(index, Character.BYTES));
    }

    public void putChar(int index, char value) {
        int at = write(index, Character.BYTES);
        CHARS.set(memory, at, value);
    }

    public int getInt(int index) {
        return (int) INTS.get(memory, read(index, Integer.BYTES));
    }

    public void putInt(int index, int value) {
        int at = write(index, Integer.BYTES);
        INTS.set(memory, at, value);
    }

    public long getLong(int index) {
        return (long) LONGS.get(memory, read(index, Long.BYTES));
    }

    public void putLong(int index, long value) {
        int at = write(index, Long.BYTES);
        LONGS.set(memory, at, value);
    }

    public float getFloat(int index) {
        return (float) FLOATS.get(memory, read(index, Float.BYTES));
    }

    public void putFloat(int index, float value) {
        int at = write(index, Float.BYTES);
        FLOATS.set(memory, at, value);
    }

    public double getDouble(int index) {
        return (double) DOUBLES.get(memory, read(index, Double.BYTES));
    }

    public void putDouble(int index, double value) {
        int at = write(index, Double.BYTES);
        DOUBLES.set(memory, at, value);
    }

    /** Copies {@code length} bytes from {@code index} into {@code dst} from {@code dstOffset}. */
    public void getBytes(int index, byte[] dst, int dstOffset, int length) {
        memory.get(read(index, length), dst, dstOffset, length);
    }

    /** Copies {@code length} bytes from {@code index} into {@code dst} from its index {@code dstIndex}. */
    public void getBytes(int index, LittleEndianBuffer dst, int dstIndex, int length) {
        dst.putBytes(dstIndex, this, index, length);
    }

    /** Copies all of {@code dst}'s length from {@code index} into it. */
    public void getBytes(int index, byte[] dst) {
        getBytes(index, dst, 0, dst.length);
    }

    /** Copies all of {@code src} to {@code index}. */
    public void putBytes(int index, byte[] src) {
        putBytes(index, src, 0, src.length);
    }

    /** Copies {@code length} bytes of {@code src} from {@code srcOffset} to {@code index}. */
    public void putBytes(int index, byte[] src, int srcOffset, int length) {
        int at = write(index, length);
        memory.put(at, src, srcOffset, length);
    }

    /** Copies {@code length} bytes of {@code src} from its index {@code srcIndex} to {@code index}. */
    public void putBytes(int index, LittleEndianBuffer src, int srcIndex, int length) {
        int from = src.read(srcIndex, length);
        int at = write(index, length);
        memory.put(at, src.memory, from, length);
    }

    /**
     * Puts the UTF-8 bytes of {@code value} after their count, an int: {@code 4 +} their count bytes, which it
     * returns.
     */
    public int putStringUtf8(int index, String value) {
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        write(index, Integer.BYTES + bytes.length);
        putInt(index, bytes.length);
        putBytes(index + Integer.BYTES, bytes);
        return Integer.BYTES + bytes.length;
    }

    /** The string of the {@code length} UTF-8 bytes from {@code index}. */
    public String getStringUtf8(int index, int length) {
        byte[] bytes = new byte[length];
        getBytes(index, bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /** Sets {@code length} bytes from {@code index} to {@code value}. */
    public void setMemory(int index, int length, byte value) {
        int at = write(index, length);
        if (array != null) {
            java.util.Arrays.fill(array, at, at + length, value);
            return;
        }
        long eight = (value & 0xFFL) * 0x0101010101010101L;
        int end = at + length;
        for (; at <= end - Long.BYTES; at += Long.BYTES) {
            memory.putLong(at, eight);
        }
        for (; at < end; at++) {
            memory.put(at, value);
        }
    }

    /**
     * Copies the first {@code count} elements of {@code array}, a {@code short[]}, {@code char[]}, {@code int[]},
     * {@code long[]}, {@code float[]} or {@code double[]}, to {@code index}, each as its put would: one bounds
     * check and, past a few elements, one memory copy through a view buffer (two small allocations) instead of a put
     * per element.
     */
    public void putPrimitives(int index, Object array, int count) {
        int bytes = count * unit(array);
        int at = write(index, bytes);
        if (bytes >= BULK_BYTES) {
            ByteBuffer slice = memory.slice(at, bytes).order(ByteOrder.LITTLE_ENDIAN);
            if (array instanceof long[]) {
                slice.asLongBuffer().put((long[]) array, 0, count);
            } else if (array instanceof int[]) {
                slice.asIntBuffer().put((int[]) array, 0, count);
            } else if (array instanceof double[]) {
                slice.asDoubleBuffer().put((double[]) array, 0, count);
            } else if (array instanceof char[]) {
                slice.asCharBuffer().put((char[]) array, 0, count);
            } else if (array instanceof short[]) {
                slice.asShortBuffer().put((short[]) array, 0, count);
            } else {
                slice.asFloatBuffer().put((float[]) array, 0, count);
            }
        } else if (array instanceof long[]) {
            long[] values = (long[]) array;
            for (int i = 0; i < count; i++) {
                memory.putLong(at + Long.BYTES * i, values[i]);
            }
        } else if (array instanceof int[]) {
            int[] values = (int[]) array;
            for (int i = 0; i < count; i++) {
                memory.putInt(at + Integer.BYTES * i, values[i]);
            }
        } else if (array instanceof double[]) {
            double[] values = (double[]) array;
            for (int i = 0; i < count; i++) {
                memory.putDouble(at + Double.BYTES * i, values[i]);
            }
        } else if (array instanceof char[]) {
            char[] values = (char[]) array;
            for (int i = 0; i < count; i++) {
                memory.putChar(at + Character.BYTES * i, values[i]);
            }
        } else if (array instanceof short[]) {
            short[] values = (short[]) array;
            for (int i = 0; i < count; i++) {
                memory.putShort(at + Short.BYTES * i, values[i]);
            }
        } else {
            float[] values = (float[]) array;
            for (int i = 0; i < count; i++) {
                memory.putFloat(at + Float.BYTES * i, values[i]);
            }
        }
    }

    /**
     * Fills the first {@code count} elements of {@code array}, a {@code short[]}, {@code char[]}, {@code int[]},
     * {@code long[]}, {@code float[]} or {@code double[]}, from {@code index}, each as its get would (see
     * {@link #putPrimitives}).
     */
    public void getPrimitives(int index, Object array, int count) {
        int bytes = count * unit(array);
        int at = read(index, bytes);
        if (bytes >= BULK_BYTES) {
            ByteBuffer slice = memory.slice(at, bytes).order(ByteOrder.LITTLE_ENDIAN);
            if (array instanceof long[]) {
                slice.asLongBuffer().get((long[]) array, 0, count);
            } else if (array instanceof int[]) {
                slice.asIntBuffer().get((int[]) array, 0, count);
            } else if (array instanceof double[]) {
                slice.asDoubleBuffer().get((double[]) array, 0, count);
            } else if (array instanceof char[]) {
                slice.asCharBuffer().get((char[]) array, 0, count);
            } else if (array instanceof short[]) {
                slice.asShortBuffer().get((short[]) array, 0, count);
            } else {
                slice.asFloatBuffer().get((float[]) array, 0, count);
            }
        } else if (array instanceof long[]) {
            long[] values = (long[]) array;
            for (int i = 0; i < count; i++) {
                values[i] = memory.getLong(at + Long.BYTES * i);
            }
        } else if (array instanceof int[]) {
            int[] values = (int[]) array;
            for (int i = 0; i < count; i++) {
                values[i] = memory.getInt(at + Integer.BYTES * i);
            }
        } else if (array instanceof double[]) {
            double[] values = (double[]) array;
            for (int i = 0; i < count; i++) {
                values[i] = memory.getDouble(at + Double.BYTES * i);
            }
        } else if (array instanceof char[]) {
            char[] values = (char[]) array;
            for (int i = 0; i < count; i++) {
                values[i] = memory.getChar(at + Character.BYTES * i);
            }
        } else if (array instanceof short[]) {
            short[] values = (short[]) array;
            for (int i = 0; i < count; i++) {
                values[i] = memory.getShort(at + Short.BYTES * i);
            }
        } else {
            float[] values = (float[]) array;
            for (int i = 0; i < count; i++) {
                values[i] = memory.getFloat(at + Float.BYTES * i);
            }
        }
    }

    private static int unit(Object array) {
        if (array instanceof long[] || array instanceof double[]) {
            return Long.BYTES;
        }
        if (array instanceof int[] || array instanceof float[]) {
            return Integer.BYTES;
        }
        if (array instanceof char[] || array instanceof short[]) {
            return Short.BYTES;
        }
        throw new IllegalArgumentException(array.getClass().getName() + " is not an array of short, char, int, long, float or double");
    }

    /** Stores {@code count} booleans of {@code values} from index 0 as bytes 1 and 0 from {@code index}. */
    public void putBooleans(int index, boolean[] values, int count) {
        int at = write(index, count);
        if (array != null) {
            for (int i = 0; i < count; i++) {
                array[at + i] = (byte) (values[i] ? 1 : 0);
            }
        } else {
            for (int i = 0; i < count; i++) {
                memory.put(at + i, (byte) (values[i] ? 1 : 0));
            }
        }
    }

    @Override
    public String toString() {
        return "LittleEndianBuffer[capacity " + capacity + (array != null ? ", heap" : memory.isDirect() ? ", direct" : "")
            + (growable ? ", growable" : "") + "]";
    }
}
