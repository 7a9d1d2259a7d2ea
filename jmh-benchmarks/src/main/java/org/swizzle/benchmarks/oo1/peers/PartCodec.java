package org.swizzle.benchmarks.oo1.peers;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.swizzle.benchmarks.oo1.OO1Data;

/**
 * A part as the value bytes of a key-value peer (H2 MVStore, Chronicle Map), keyed by its id: the
 * fields, the 3 outgoing connections in full, and the ids of the parts whose connections come in.
 *
 * <pre>
 *  0       4       8               16                   26
 *  +-------+-------+---------------+--------------------+
 *  |   x   |   y   |     build     |  type (10 ASCII)   |
 *  +-------+-------+---------------+--------------------+
 *  26: 3 x [ to id (4) | length (4) | type (10 ASCII) ]   (18 bytes each)
 *  80: from count (4), then that many from ids (4 each)
 * </pre>
 *
 * Big-endian, read and written by hand: the peers store and return {@code byte[]} as is.
 *
 * <p>Part of the OO1 benchmarks; run them with {@code jmh-benchmarks/run.sh [smoke|quick|full]} from the
 * repository root (see {@code jmh-benchmarks/README.md}).
 */
public final class PartCodec {

    static final int X = 0;
    static final int Y = 4;
    static final int BUILD = 8;
    static final int TYPE = 16;
    static final int TYPE_LENGTH = 10;
    static final int CONNECTIONS = 26;
    static final int CONNECTION_LENGTH = 18;
    static final int FROM_COUNT = CONNECTIONS + OO1Data.CONNECTIONS * CONNECTION_LENGTH;
    static final int FROM = FROM_COUNT + 4;

    private PartCodec() {
    }

    /** The value of part {@code id} of {@code data}, with room for {@code fromCount} incoming ids. */
    public static byte[] encode(OO1Data data, int id, int[] from, int fromCount) {
        byte[] part = new byte[FROM + 4 * fromCount];
        int i = data.index(id);
        putInt(part, X, data.x[i]);
        putInt(part, Y, data.y[i]);
        putLong(part, BUILD, data.build[i]);
        putType(part, TYPE, data.type(id));
        for (int c = 0; c < OO1Data.CONNECTIONS; c++) {
            int at = CONNECTIONS + c * CONNECTION_LENGTH;
            putInt(part, at, data.to(id, c));
            putInt(part, at + 4, data.length(id, c));
            putType(part, at + 8, data.connectionType(id, c));
        }
        putInt(part, FROM_COUNT, fromCount);
        for (int k = 0; k < fromCount; k++) {
            putInt(part, FROM + 4 * k, from[k]);
        }
        return part;
    }

    /** A copy of {@code part} with {@code fromId} added to its incoming ids. */
    public static byte[] withFrom(byte[] part, int fromId) {
        int count = fromCount(part);
        byte[] grown = Arrays.copyOf(part, part.length + 4);
        putInt(grown, FROM + 4 * count, fromId);
        putInt(grown, FROM_COUNT, count + 1);
        return grown;
    }

    /** A copy of {@code part} with {@code x} and {@code y} incremented. */
    public static byte[] incremented(byte[] part) {
        byte[] copy = part.clone();
        putInt(copy, X, x(copy) + 1);
        putInt(copy, Y, y(copy) + 1);
        return copy;
    }

    public static int x(byte[] part) {
        return getInt(part, X);
    }

    public static int y(byte[] part) {
        return getInt(part, Y);
    }

    public static String type(byte[] part) {
        return new String(part, TYPE, TYPE_LENGTH, StandardCharsets.ISO_8859_1);
    }

    public static int to(byte[] part, int c) {
        return getInt(part, CONNECTIONS + c * CONNECTION_LENGTH);
    }

    public static int fromCount(byte[] part) {
        return getInt(part, FROM_COUNT);
    }

    public static int from(byte[] part, int k) {
        return getInt(part, FROM + 4 * k);
    }

    private static void putType(byte[] part, int at, String type) {
        byte[] ascii = type.getBytes(StandardCharsets.ISO_8859_1);
        System.arraycopy(ascii, 0, part, at, TYPE_LENGTH);
    }

    private static int getInt(byte[] b, int at) {
        return (b[at] & 0xff) << 24 | (b[at + 1] & 0xff) << 16 | (b[at + 2] & 0xff) << 8 | b[at + 3] & 0xff;
    }

    private static void putInt(byte[] b, int at, int v) {
        b[at] = (byte) (v >>> 24);
        b[at + 1] = (byte) (v >>> 16);
        b[at + 2] = (byte) (v >>> 8);
        b[at + 3] = (byte) v;
    }

    private static void putLong(byte[] b, int at, long v) {
        putInt(b, at, (int) (v >>> 32));
        putInt(b, at + 4, (int) v);
    }
}
