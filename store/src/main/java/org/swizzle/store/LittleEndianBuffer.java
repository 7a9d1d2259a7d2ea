package org.swizzle.store;

import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.nio.charset.StandardCharsets;

import org.swizzle.InvalidOptionException;

/**
 * A bounds-checked window of little-endian bytes over a heap array, a direct buffer or a mapped region: the
 * buffer the store's files, its write-ahead log and the object format are read and written through. It exists so
 * that Swizzle never touches {@code sun.misc.Unsafe} on a JDK that warns about it (24 and later, JEP 498) and
 * still reads and writes memory as fast as Agrona's {@code UnsafeBuffer} on the JDKs that do not: one of two
 * implementations is chosen once, by the running JDK's feature version, and only that one is ever loaded, so
 * that the JIT binds every call here to it by class-hierarchy analysis and inlines it.
 * {@link UnsafeLittleEndianBuffer} (before 24) accesses memory through {@code Unsafe}, as Agrona's buffers do;
 * {@link VarHandleLittleEndianBuffer} (24 and later) through {@link ByteBuffer}s and VarHandles. The system
 * property {@code swizzle.buffers} ({@code unsafe} or {@code varhandle}) overrides the choice, for tests and
 * measurements. (Unmapping is {@link FileMapping}'s.)
 *
 * <p>A window is re-pointed with {@code wrap} without allocating (the store hands every object it reads out
 * through one), and is checked against its own bounds, not only the memory's. A buffer made by {@link #growable}
 * or {@link #growableDirect} owns its memory and grows on a put past its capacity (or {@link #ensureCapacity});
 * a window over it does not follow it when it grows. Every multi-byte value is little-endian, on every platform,
 * as the files have always been. Not thread-safe; windows over the same memory may be read from several threads.
 */
public abstract class LittleEndianBuffer {
    /** Makes an empty buffer of the implementation in use. */
    private interface Maker {
        LittleEndianBuffer make(boolean growable);
    }

    /**
     * Comparisons of at least this many bytes go through {@link ByteBuffer#mismatch}, vectorized, whose set-up costs more
     * than a small object's comparison, past their first {@link #SCANNED_FIRST_BYTES}: a difference near the start, as
     * the next one is in a diff of many small ranges, is found before views are made for it.
     */
    private static final int VECTORIZED_BYTES = 256;
    private static final int SCANNED_FIRST_BYTES = 64;

    /** The most a growable buffer grows to: the largest array every JVM allocates. */
    public static final int MAX_CAPACITY = Integer.MAX_VALUE - 8;

    /** The system property that overrides the implementation this JDK's version chooses. */
    private static final String CHOICE = "swizzle.buffers";
    // method references link on first use: the implementation not chosen is never loaded
    private static final Maker MAKER = useUnsafe() ? UnsafeLittleEndianBuffer::new : VarHandleLittleEndianBuffer::new;

    private final boolean growable;
    /** The buffer the caller wrapped, whose position and limit are the caller's; null if it wrapped an array. */
    ByteBuffer wrapped;
    /** The heap array under the window, from its index 0, or null if the bytes are off the heap or read-only. */
    byte[] array;
    /** Where the window starts in {@link #array} or {@link #wrapped}. */
    int offset;
    int capacity;
    private boolean readOnly;
    /** {@link #capacity}, or 0 if the memory is read-only, so that one comparison checks a put. */
    private int writeLimit;

    LittleEndianBuffer(boolean growable) {
        this.growable = growable;
    }

    private static boolean useUnsafe() {
        String chosen = System.getProperty(CHOICE, "");
        return chosen.equals("unsafe") || !chosen.equals("varhandle") && Runtime.version().feature() < 24;
    }

    /**
     * Refuses a value of {@code -Dswizzle.buffers} that names neither implementation, at every store's opening (the
     * buffers themselves then use this JDK's default, so that the refusal is the same each time, never a class that
     * failed to initialize).
     *
     * @throws InvalidOptionException naming the value
     */
    public static void requireKnownImplementation() {
        String chosen = System.getProperty(CHOICE, "");
        if (!chosen.isEmpty() && !chosen.equals("unsafe") && !chosen.equals("varhandle")) {
            throw new InvalidOptionException("-D" + CHOICE + "=" + chosen + " is neither unsafe nor varhandle: give one of"
                + " them, or leave the property out for the default of this JDK");
        }
        try {
            MAKER.make(false);
        } catch (LinkageError e) { // sun.misc.Unsafe's memory access denied (--sun-misc-unsafe-memory-access=deny)
            throw new InvalidOptionException("The buffers through sun.misc.Unsafe, "
                + (chosen.isEmpty() ? "this JDK's default" : "which -D" + CHOICE + "=unsafe chose") + ", cannot start on"
                + " this JVM (" + e + "): run it with -D" + CHOICE + "=varhandle, or without"
                + " --sun-misc-unsafe-memory-access=deny", e);
        }
    }

    /** An empty window, to be pointed at bytes with {@code wrap}. */
    public static LittleEndianBuffer empty() {
        return MAKER.make(false);
    }

    /** A window over all of {@code bytes}. */
    public static LittleEndianBuffer of(byte[] bytes) {
        return of(bytes, 0, bytes.length);
    }

    /** A window over {@code length} bytes of {@code bytes} from {@code offset}. */
    public static LittleEndianBuffer of(byte[] bytes, int offset, int length) {
        LittleEndianBuffer buffer = MAKER.make(false);
        buffer.wrap(bytes, offset, length);
        return buffer;
    }

    /** A window over {@code buffer} from index 0 to its capacity; its position and limit are left to the caller. */
    public static LittleEndianBuffer of(ByteBuffer buffer) {
        LittleEndianBuffer window = MAKER.make(false);
        window.wrap(buffer);
        return window;
    }

    /** A window over {@code length} bytes of {@code other} from its index {@code offset}. */
    public static LittleEndianBuffer of(LittleEndianBuffer other, int offset, int length) {
        LittleEndianBuffer window = MAKER.make(false);
        window.wrap(other, offset, length);
        return window;
    }

    /** A heap buffer of {@code initialCapacity} bytes that grows on puts past its end. */
    public static LittleEndianBuffer growable(int initialCapacity) {
        LittleEndianBuffer buffer = MAKER.make(true);
        buffer.wrap(new byte[initialCapacity]);
        return buffer;
    }

    /** A direct buffer of {@code initialCapacity} bytes that grows on puts past its end, for file channel I/O. */
    public static LittleEndianBuffer growableDirect(int initialCapacity) {
        LittleEndianBuffer buffer = MAKER.make(true);
        buffer.wrap(ByteBuffer.allocateDirect(initialCapacity));
        return buffer;
    }

    /**
     * Lets go of the memory of this growable buffer if it grew past {@code keptCapacity} bytes, starting again with
     * {@code initialCapacity} bytes of new memory of the same kind (heap or direct); what it held is dropped.
     */
    public final void letGoPast(int keptCapacity, int initialCapacity) {
        if (!growable) {
            throw new IllegalStateException("only a growable buffer owns its memory");
        }
        if (capacity > keptCapacity) {
            if (wrapped != null) {
                wrap(ByteBuffer.allocateDirect(initialCapacity));
            } else {
                wrap(new byte[initialCapacity]);
            }
        }
    }

    /** Points this window at all of {@code bytes}. */
    public final void wrap(byte[] bytes) {
        wrap(bytes, 0, bytes.length);
    }

    /** Points this window at {@code length} bytes of {@code bytes} from {@code offset}. */
    public final void wrap(byte[] bytes, int offset, int length) {
        checkRange(offset, length, bytes.length);
        point(null, bytes, offset, length, false);
        pointAtArray();
    }

    /** Points this window at {@code buffer} from index 0 to its capacity. */
    public final void wrap(ByteBuffer buffer) {
        byte[] bytes = buffer.hasArray() && buffer.arrayOffset() == 0 ? buffer.array() : null;
        point(buffer, bytes, 0, buffer.capacity(), buffer.isReadOnly());
        pointAtBuffer();
    }

    /** Points this window at {@code length} bytes of {@code other} from its index {@code offset}, without copying. */
    public final void wrap(LittleEndianBuffer other, int offset, int length) {
        checkRange(offset, length, other.capacity);
        point(other.wrapped, other.array, other.offset + offset, length, other.readOnly);
        pointInto(other, offset);
    }

    private void point(ByteBuffer wrapped, byte[] array, int offset, int length, boolean readOnly) {
        this.wrapped = wrapped;
        this.array = array;
        this.offset = offset;
        this.capacity = length;
        this.readOnly = readOnly;
        this.writeLimit = readOnly ? 0 : length;
    }

    /** Derives this implementation's own fields after the window was pointed at {@link #array}. */
    abstract void pointAtArray();

    /** Derives this implementation's own fields after the window was pointed at {@link #wrapped}. */
    abstract void pointAtBuffer();

    /** Derives this implementation's own fields for the window {@code offset} bytes into {@code other}. */
    abstract void pointInto(LittleEndianBuffer other, int offset);

    /** The number of bytes in this window. */
    public final int capacity() {
        return capacity;
    }

    /**
     * The heap array under this window, or null if its bytes are off the heap or read-only; index {@code i} of the
     * window is index {@link #windowOffset()} {@code + i} of the array.
     */
    public final byte[] byteArray() {
        return array;
    }

    /**
     * The buffer this window, or the window it was made from, wraps (with the position and limit its user left), or
     * null if it wraps an array; index {@code i} of the window is index {@link #windowOffset()} {@code + i} of it.
     */
    public final ByteBuffer byteBuffer() {
        return wrapped;
    }

    /** Where this window starts in {@link #byteArray()} or {@link #byteBuffer()}. */
    public final int windowOffset() {
        return offset;
    }

    /**
     * Makes room for {@code limit} bytes: a growable buffer grows to hold them (moving its bytes to new memory), any
     * other must already hold them.
     *
     * @throws IndexOutOfBoundsException a buffer that cannot grow holds fewer
     */
    public final void ensureCapacity(int limit) {
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
    public final void boundsCheck(int index, int length) {
        if (index < 0 || length < 0 || index > capacity - length) {
            throw outside(index, length);
        }
    }

    /** Checks that {@code length} bytes from {@code index} may be read; returns {@code index}. */
    final int read(int index, int length) {
        if (index < 0 || length < 0 || index > capacity - length) {
            throw outside(index, length);
        }
        return index;
    }

    /** Checks that {@code length} bytes from {@code index} may be written, growing a growable buffer; returns {@code index}. */
    final int write(int index, int length) {
        if (index < 0 || length < 0 || index > writeLimit - length) {
            refuseOrGrow(index, length);
        }
        return index;
    }

    private void refuseOrGrow(int index, int length) {
        if (readOnly) {
            throw new ReadOnlyBufferException();
        }
        if (!growable || index < 0 || length < 0) {
            throw outside(index, length);
        }
        grow(index + length);
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
        if (limit < 0 || limit > MAX_CAPACITY) {
            throw new IndexOutOfBoundsException("a growable buffer holds at most " + MAX_CAPACITY + " bytes, not " + limit);
        }
        int grown = (int) Math.min(MAX_CAPACITY, Math.max(limit, capacity + (capacity >> 1) + 16L));
        if (wrapped != null) {
            ByteBuffer bigger = ByteBuffer.allocateDirect(grown);
            bigger.put(0, wrapped.duplicate().clear(), offset, capacity); // the caller's limit is not the capacity
            wrap(bigger);
        } else {
            byte[] bigger = new byte[grown];
            System.arraycopy(array, offset, bigger, 0, capacity);
            wrap(bigger);
        }
    }

    public final byte getByte(int index) {
        return byteAt(read(index, 1));
    }

    public final void putByte(int index, byte value) {
        putByteAt(write(index, 1), value);
    }

    public final short getShort(int index) {
        return shortAt(read(index, Short.BYTES));
    }

    public final void putShort(int index, short value) {
        putShortAt(write(index, Short.BYTES), value);
    }

    public final char getChar(int index) {
        return (char) shortAt(read(index, Character.BYTES));
    }

    public final void putChar(int index, char value) {
        putShortAt(write(index, Character.BYTES), (short) value);
    }

    public final int getInt(int index) {
        return intAt(read(index, Integer.BYTES));
    }

    public final void putInt(int index, int value) {
        putIntAt(write(index, Integer.BYTES), value);
    }

    public final long getLong(int index) {
        return longAt(read(index, Long.BYTES));
    }

    public final void putLong(int index, long value) {
        putLongAt(write(index, Long.BYTES), value);
    }

    public final float getFloat(int index) {
        return Float.intBitsToFloat(intAt(read(index, Float.BYTES)));
    }

    public final void putFloat(int index, float value) {
        putIntAt(write(index, Float.BYTES), Float.floatToRawIntBits(value));
    }

    public final double getDouble(int index) {
        return Double.longBitsToDouble(longAt(read(index, Double.BYTES)));
    }

    public final void putDouble(int index, double value) {
        putLongAt(write(index, Double.BYTES), Double.doubleToRawLongBits(value));
    }

    // the accessors below take a window index that was checked already

    abstract byte byteAt(int index);

    abstract void putByteAt(int index, byte value);

    abstract short shortAt(int index);

    abstract void putShortAt(int index, short value);

    abstract int intAt(int index);

    abstract void putIntAt(int index, int value);

    abstract long longAt(int index);

    abstract void putLongAt(int index, long value);

    /** Copies {@code length} bytes from {@code index} into {@code dst} from {@code dstOffset}. */
    public final void getBytes(int index, byte[] dst, int dstOffset, int length) {
        checkRange(dstOffset, length, dst.length);
        copyTo(read(index, length), dst, dstOffset, length);
    }

    /** Copies {@code length} bytes from {@code index} into {@code dst} from its index {@code dstIndex}. */
    public final void getBytes(int index, LittleEndianBuffer dst, int dstIndex, int length) {
        dst.putBytes(dstIndex, this, index, length);
    }

    /** Copies all of {@code dst}'s length from {@code index} into it. */
    public final void getBytes(int index, byte[] dst) {
        getBytes(index, dst, 0, dst.length);
    }

    /** Copies all of {@code src} to {@code index}. */
    public final void putBytes(int index, byte[] src) {
        putBytes(index, src, 0, src.length);
    }

    /** Copies {@code length} bytes of {@code src} from {@code srcOffset} to {@code index}. */
    public final void putBytes(int index, byte[] src, int srcOffset, int length) {
        checkRange(srcOffset, length, src.length);
        copyFrom(write(index, length), src, srcOffset, length);
    }

    /** Copies {@code length} bytes of {@code src} from its index {@code srcIndex} to {@code index}. */
    public final void putBytes(int index, LittleEndianBuffer src, int srcIndex, int length) {
        int from = src.read(srcIndex, length);
        copyFrom(write(index, length), src, from, length);
    }

    abstract void copyTo(int index, byte[] dst, int dstOffset, int length);

    abstract void copyFrom(int index, byte[] src, int srcOffset, int length);

    abstract void copyFrom(int index, LittleEndianBuffer src, int srcIndex, int length);

    /**
     * The index, counted from {@code index}, of the first of {@code length} bytes that differs from the byte of
     * {@code other} as far from {@code otherIndex}, or {@code length} when they are all equal, for a commit that
     * compares objects with their committed bytes.
     */
    public final int mismatch(int index, LittleEndianBuffer other, int otherIndex, int length) {
        read(index, length);
        other.read(otherIndex, length);
        if (length < VECTORIZED_BYTES) {
            return mismatchAt(index, other, otherIndex, length);
        }
        int found = mismatchAt(index, other, otherIndex, SCANNED_FIRST_BYTES);
        if (found < SCANNED_FIRST_BYTES) {
            return found;
        }
        int rest = length - SCANNED_FIRST_BYTES;
        found = comparedRange(index + SCANNED_FIRST_BYTES, rest)
            .mismatch(other.comparedRange(otherIndex + SCANNED_FIRST_BYTES, rest));
        return found < 0 ? length : SCANNED_FIRST_BYTES + found;
    }

    /** {@link #mismatch} of a short range, checked already: long by long, then byte by byte. */
    abstract int mismatchAt(int index, LittleEndianBuffer other, int otherIndex, int length);

    /**
     * {@code length} bytes of this window from {@code index} as a new view's position and limit, for
     * {@link ByteBuffer#mismatch}, which compares vectorized. A view is made for each comparison: one kept would keep
     * the memory it was last made for, a long image's copy included.
     */
    private ByteBuffer comparedRange(int index, int length) {
        int from = offset + index;
        ByteBuffer view = array != null ? ByteBuffer.wrap(array) : wrapped.duplicate();
        view.clear();
        return view.limit(from + length).position(from);
    }

    /**
     * Puts the UTF-8 bytes of {@code value} after their count, an int: {@code 4 +} their count bytes, which it
     * returns.
     */
    public final int putStringUtf8(int index, String value) {
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        write(index, Integer.BYTES + bytes.length);
        putInt(index, bytes.length);
        putBytes(index + Integer.BYTES, bytes);
        return Integer.BYTES + bytes.length;
    }

    /** The string of the {@code length} UTF-8 bytes from {@code index}. */
    public final String getStringUtf8(int index, int length) {
        byte[] bytes = new byte[length];
        getBytes(index, bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /** Sets {@code length} bytes from {@code index} to {@code value}. */
    public final void setMemory(int index, int length, byte value) {
        fill(write(index, length), length, value);
    }

    abstract void fill(int index, int length, byte value);

    /**
     * Copies the first {@code count} elements of {@code array}, a {@code short[]}, {@code char[]}, {@code int[]},
     * {@code long[]}, {@code float[]} or {@code double[]}, to {@code index}, each as its put would, with one bounds
     * check instead of one per element.
     */
    public final void putPrimitives(int index, Object array, int count) {
        putPrimitives(index, array, 0, count);
    }

    /** Copies the {@code count} elements of {@code array} from element {@code from} to {@code index}, as {@link #putPrimitives(int, Object, int)}. */
    public final void putPrimitives(int index, Object array, int from, int count) {
        checkRange(from, count, java.lang.reflect.Array.getLength(array));
        int bytes = byteCount(array, count);
        putPrimitivesAt(write(index, bytes), array, from, count, bytes);
    }

    /**
     * Fills the first {@code count} elements of {@code array}, a {@code short[]}, {@code char[]}, {@code int[]},
     * {@code long[]}, {@code float[]} or {@code double[]}, from {@code index}, each as its get would (see
     * {@link #putPrimitives}).
     */
    public final void getPrimitives(int index, Object array, int count) {
        getPrimitives(index, array, 0, count);
    }

    /** Fills the {@code count} elements of {@code array} from element {@code from}, as {@link #getPrimitives(int, Object, int)}. */
    public final void getPrimitives(int index, Object array, int from, int count) {
        checkRange(from, count, java.lang.reflect.Array.getLength(array));
        int bytes = byteCount(array, count);
        getPrimitivesAt(read(index, bytes), array, from, count, bytes);
    }

    abstract void putPrimitivesAt(int index, Object array, int from, int count, int bytes);

    abstract void getPrimitivesAt(int index, Object array, int from, int count, int bytes);

    /** The bytes of {@code count} elements of {@code array}, which no window of an int length can hold past 2 GiB. */
    private static int byteCount(Object array, int count) {
        long bytes = (long) count * unit(array);
        if (bytes > Integer.MAX_VALUE) {
            throw new IndexOutOfBoundsException(count + " elements of a " + array.getClass().getSimpleName() + " take "
                + bytes + " bytes, more than a buffer holds");
        }
        return (int) bytes;
    }

    static int unit(Object array) {
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
    public final void putBooleans(int index, boolean[] values, int count) {
        putBooleans(index, values, 0, count);
    }

    /** Stores {@code count} booleans of {@code values} from index {@code from} as bytes 1 and 0 from {@code index}. */
    public final void putBooleans(int index, boolean[] values, int from, int count) {
        checkRange(from, count, values.length);
        putBooleansAt(write(index, count), values, from, count);
    }

    /** Fills {@code count} booleans of {@code values} from index 0 from the bytes from {@code index}: true for any but 0. */
    public final void getBooleans(int index, boolean[] values, int count) {
        getBooleans(index, values, 0, count);
    }

    /** Fills {@code count} booleans of {@code values} from index {@code from}, as {@link #getBooleans(int, boolean[], int)}. */
    public final void getBooleans(int index, boolean[] values, int from, int count) {
        checkRange(from, count, values.length);
        int at = read(index, count);
        for (int i = 0; i < count; i++) {
            values[from + i] = byteAt(at + i) != 0;
        }
    }

    abstract void putBooleansAt(int index, boolean[] values, int from, int count);

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[capacity " + capacity
            + (array != null ? ", heap" : wrapped != null && wrapped.isDirect() ? ", direct" : "")
            + (growable ? ", growable" : "") + "]";
    }
}
