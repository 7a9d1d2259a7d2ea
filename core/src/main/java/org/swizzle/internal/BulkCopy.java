package org.swizzle.internal;

import static org.agrona.UnsafeAccess.UNSAFE;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * Moves primitive arrays between the Java heap and an Agrona buffer with one memory copy instead of a
 * bounds-checked put or get per element. A memory copy keeps the platform's byte order, which is the
 * order of Agrona's puts and gets that take none: the bytes are those a put or get per element would
 * move. Every range is bounds-checked once, as Agrona checks its own bulk copies.
 *
 * <p>{@code sun.misc.Unsafe} stays here as long as the buffers are Agrona's {@code UnsafeBuffer}, which use it
 * for every access (and so trigger JDK 24's warning first). The bulk put and get of a {@code ByteBuffer} view
 * in native order, the copy without Unsafe, measured slower ({@code ValueFormatBenchmark}, JDK 17: about
 * 30 ns more a call for a short string, 11 times slower for a {@code boolean[]}, which has no view buffer).
 */
final class BulkCopy {

    static final long BOOLEANS = UNSAFE.arrayBaseOffset(boolean[].class);
    static final long SHORTS = UNSAFE.arrayBaseOffset(short[].class);
    static final long CHARS = UNSAFE.arrayBaseOffset(char[].class);
    static final long INTS = UNSAFE.arrayBaseOffset(int[].class);
    static final long LONGS = UNSAFE.arrayBaseOffset(long[].class);
    static final long FLOATS = UNSAFE.arrayBaseOffset(float[].class);
    static final long DOUBLES = UNSAFE.arrayBaseOffset(double[].class);

    private BulkCopy() {
    }

    /** Copies {@code bytes} bytes of {@code array}, from its element base {@code base}, to {@code buffer} at {@code index}. */
    static void toBuffer(Object array, long base, MutableDirectBuffer buffer, int index, int bytes) {
        buffer.boundsCheck(index, bytes);
        UNSAFE.copyMemory(array, base, buffer.byteArray(), buffer.addressOffset() + index, bytes);
    }

    /** Copies {@code bytes} bytes of {@code buffer} at {@code index} into {@code array}, from its element base {@code base}. */
    static void fromBuffer(DirectBuffer buffer, int index, Object array, long base, int bytes) {
        buffer.boundsCheck(index, bytes);
        UNSAFE.copyMemory(buffer.byteArray(), buffer.addressOffset() + index, array, base, bytes);
    }
}
