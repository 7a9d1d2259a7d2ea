package org.swizzle.store;

import java.nio.file.Path;

import org.agrona.DirectBuffer;

import org.swizzle.StoreFormatException;

/** The messages of format checks shared by the store's files. */
final class Formats {
    private Formats() {
    }

    /**
     * Checks that the first {@code read} bytes of {@code buffer} agree with the little-endian
     * 8-byte {@code magic}; an empty file passes, and a file shorter than its magic fails when the
     * bytes it has differ.
     */
    static void checkMagic(Path file, DirectBuffer buffer, int read, long magic, String kind) {
        int length = Math.min(read, Long.BYTES);
        StringBuilder found = new StringBuilder();
        boolean matches = true;
        for (int i = 0; i < length; i++) {
            byte b = buffer.getByte(i);
            found.append(String.format("%02x", b & 0xFF));
            matches &= b == (byte) (magic >>> (8 * i));
        }
        if (!matches) {
            StringBuilder expected = new StringBuilder();
            for (int i = 0; i < Long.BYTES; i++) {
                expected.append((char) (magic >>> (8 * i) & 0xFF));
            }
            throw new StoreFormatException(file + " is not a Swizzle " + kind + ": its first bytes are " + found
                + ", expected the magic \"" + expected + "\". Open the directory of a Swizzle store.");
        }
    }

    static StoreFormatException unsupportedVersion(Path file, long offset, int found, int supported) {
        if (found > supported) {
            return new StoreFormatException(file + " has format version " + found + " at offset " + offset
                + ", written by a newer Swizzle; this version reads format version " + supported
                + ". Open the store with a Swizzle release that supports version " + found + '.');
        }
        return new StoreFormatException(file + " has format version " + found + " at offset " + offset
            + ", which this version of Swizzle does not read: it reads format version " + supported
            + " (version " + found + " is older, or the byte is damaged).");
    }

    /** {@code value} as {@code 0x} and eight hex digits, the way checksums are shown in messages. */
    static String hex(int value) {
        return String.format("0x%08x", value);
    }
}
