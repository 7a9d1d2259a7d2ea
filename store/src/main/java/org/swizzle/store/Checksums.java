package org.swizzle.store;

import java.nio.ByteBuffer;
import java.util.zip.CRC32C;


/**
 * CRC32C over the store's byte ranges, reused without allocating: over a heap array directly,
 * over a direct buffer through a cached duplicate of its {@code ByteBuffer}, and over small or
 * address-only ranges through a copy. {@link CRC32C} is an intrinsic on the platforms we run on,
 * so a checksum costs a fraction of a nanosecond per byte.
 *
 * <p>Use {@link #reset()}, {@code update}, then {@link #value()}; or {@link #of} for one range,
 * {@link #ofPrefixed} for a short one after a number.
 * Not thread-safe: each user holds its own.
 */
final class Checksums {
    /** Ranges up to this length are copied to the heap rather than checksummed through a buffer view. */
    private static final int COPY_LIMIT = 256;

    private final CRC32C crc = new CRC32C();
    private final byte[] chunk = new byte[4096];
    /** The second operand of {@link #rawOfDifference}, allocated by its first use. */
    private byte[] other = new byte[0];
    private ByteBuffer source;
    private ByteBuffer view;

    void reset() {
        crc.reset();
    }

    int value() {
        return (int) crc.getValue();
    }

    /** The CRC32C of {@code length} bytes of {@code buffer} from {@code offset}. */
    int of(LittleEndianBuffer buffer, int offset, int length) {
        crc.reset();
        update(buffer, offset, length);
        return value();
    }

    /**
     * The CRC32C of the eight little-endian bytes of {@code prefix} followed by {@code length} bytes
     * of {@code buffer} from {@code offset}, for short ranges: one copy and one update, the cheapest
     * way to check a table or directory entry.
     */
    int ofPrefixed(long prefix, LittleEndianBuffer buffer, int offset, int length) {
        putLong(prefix);
        buffer.getBytes(offset, chunk, Long.BYTES, length);
        crc.reset();
        crc.update(chunk, 0, Long.BYTES + length);
        return value();
    }

    /**
     * The raw CRC32C (no initial value, no final xor) of {@code before ^ after} over {@code length} bytes: what
     * {@link CrcShift} turns into the change of an image's checksum.
     */
    int rawOfDifference(LittleEndianBuffer before, int beforeOffset, LittleEndianBuffer after, int afterOffset, int length) {
        int raw = 0;
        for (int done = 0; done < length; ) {
            int n = Math.min(chunk.length, length - done);
            if (other.length < n) {
                other = new byte[chunk.length];
            }
            before.getBytes(beforeOffset + done, chunk, 0, n);
            after.getBytes(afterOffset + done, other, 0, n);
            for (int i = 0; i < n; i++) {
                chunk[i] ^= other[i];
            }
            crc.reset();
            crc.update(chunk, 0, n);
            // crc(d) = raw(d) ^ crc(zeros of d's length), and a CRC32C of n zeros is its all-ones start shifted past them
            raw = CrcShift.appendZeros(raw, n) ^ value() ^ ~CrcShift.appendZeros(~0, n);
            done += n;
        }
        return raw;
    }

    private void putLong(long value) {
        for (int i = 0; i < Long.BYTES; i++) {
            chunk[i] = (byte) (value >>> (8 * i));
        }
    }

    /** Adds {@code length} bytes of {@code buffer} from {@code offset}. */
    void update(LittleEndianBuffer buffer, int offset, int length) {
        byte[] array = buffer.byteArray();
        if (array != null) {
            crc.update(array, buffer.windowOffset() + offset, length);
        } else if (length > COPY_LIMIT && buffer.byteBuffer() != null) {
            ByteBuffer bytes = viewOf(buffer.byteBuffer());
            int from = buffer.windowOffset() + offset;
            crc.update(bytes.limit(from + length).position(from));
        } else {
            copyAndUpdate(buffer, offset, length);
        }
    }

    /** Adds {@code length} bytes of {@code owned} from {@code position}, moving its position and limit. */
    void update(ByteBuffer owned, int position, int length) {
        owned.clear();
        crc.update(owned.limit(position + length).position(position));
    }

    /** Lets go of the buffer it checksummed last, whose view it keeps for the next checksum of the same buffer. */
    void forgetView() {
        source = null;
        view = null;
    }

    private ByteBuffer viewOf(ByteBuffer buffer) {
        if (buffer != source) {
            source = buffer;
            view = buffer.duplicate();
        }
        return view.clear();
    }

    private void copyAndUpdate(LittleEndianBuffer buffer, int offset, int length) {
        int done = 0;
        while (done < length) {
            int n = Math.min(chunk.length, length - done);
            buffer.getBytes(offset + done, chunk, 0, n);
            crc.update(chunk, 0, n);
            done += n;
        }
    }
}
