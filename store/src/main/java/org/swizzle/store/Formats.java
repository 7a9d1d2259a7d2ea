package org.swizzle.store;

import java.nio.file.Path;

import org.swizzle.StoreFormatException;

/** The messages of format checks shared by the store's files. */
final class Formats {
    private Formats() {
    }

    static StoreFormatException unsupportedVersion(Path file, long offset, int found, int supported) {
        if (found > supported) {
            return new StoreFormatException(file + " has format version " + found + " at offset " + offset
                + ", written by a newer Swizzle; this version reads format version " + supported
                + ". Open the store with a Swizzle release that supports version " + found + '.');
        }
        return new StoreFormatException(file + " has format version " + found + " at offset " + offset
            + ", which this version of Swizzle does not read: it reads format version " + supported
            + " (version " + found + " is older).");
    }

    /** {@code value} as {@code 0x} and eight hex digits, the way checksums are shown in messages. */
    static String hex(int value) {
        return String.format("0x%08x", value);
    }
}
