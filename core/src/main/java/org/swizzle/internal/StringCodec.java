package org.swizzle.internal;

import java.nio.charset.StandardCharsets;

import org.swizzle.store.LittleEndianBuffer;

/**
 * Strings in the stored format ({@link ValueKind#STRING_LATIN1}, {@link ValueKind#STRING_UTF16}): one byte
 * a char when every char fits, else two, which keeps any Java string exactly, unpaired surrogates
 * included. Written and read with array copies, not a char at a time.
 */
final class StringCodec {

    private StringCodec() {
    }

    static void write(ObjectWriter out, String value) {
        int length = value.length();
        if (isLatin1(value)) {
            out.writeKind(ValueKind.STRING_LATIN1);
            out.writeInt(length);
            writeLatin1(value, out.buffer(), out.claim(length), out.byteScratch());
        } else {
            out.writeKind(ValueKind.STRING_UTF16);
            out.writeInt(length);
            writeChars(value, out.buffer(), out.claim(2L * length), out.charScratch());
        }
    }

    private static boolean isLatin1(String value) {
        for (int i = 0; i < value.length(); i++) {
            if (value.charAt(i) > 0xFF) {
                return false;
            }
        }
        return true;
    }

    /**
     * Writes the low byte of each char, straight into the buffer's array where it has one, else through
     * {@code scratch} a piece at a time: the deprecated {@code String.getBytes} drops the high bytes, and every char
     * here has none; for a string held as Latin-1 it is one array copy.
     */
    @SuppressWarnings("deprecation")
    private static void writeLatin1(String value, LittleEndianBuffer buffer, int at, byte[] scratch) {
        byte[] array = buffer.byteArray();
        if (array != null) {
            value.getBytes(0, value.length(), array, buffer.windowOffset() + at);
            return;
        }
        for (int from = 0, to; from < value.length(); from = to) {
            to = from + Math.min(scratch.length, value.length() - from);
            value.getBytes(from, to, scratch, 0);
            buffer.putBytes(at + from, scratch, 0, to - from);
        }
    }

    /** Writes each char as two bytes through {@code scratch}, a piece at a time. */
    private static void writeChars(String value, LittleEndianBuffer buffer, int at, char[] scratch) {
        for (int from = 0, to; from < value.length(); from = to) {
            to = from + Math.min(scratch.length, value.length() - from);
            value.getChars(from, to, scratch, 0);
            buffer.putPrimitives(at + 2 * from, scratch, to - from);
        }
    }

    static String read(ValueKind kind, ObjectReader in) {
        int length = in.readCount(kind);
        int at = in.take((long) length * kind.unit());
        LittleEndianBuffer buffer = in.buffer();
        if (kind == ValueKind.STRING_LATIN1) {
            return length <= SharedStrings.MAX_LENGTH ? in.strings().latin1(buffer, at, length)
                : latin1(buffer, at, length, in.scratch(length));
        }
        char[] chars = new char[length];
        buffer.getPrimitives(at, chars, length);
        return new String(chars);
    }

    /** The string of the {@code length} Latin-1 bytes at {@code at} in {@code buffer}, copied out through {@code bytes}. */
    static String latin1(LittleEndianBuffer buffer, int at, int length, byte[] bytes) {
        buffer.getBytes(at, bytes, 0, length);
        return new String(bytes, 0, length, StandardCharsets.ISO_8859_1);
    }

    /** A string stored as a value inside another value's payload. */
    static String readNested(ObjectReader in) {
        ValueKind kind = in.readKind();
        if (kind.codec() != ValueKind.Codec.STRING) {
            throw in.corrupt("expected a string, found value tag " + kind.tag());
        }
        return read(kind, in);
    }
}
