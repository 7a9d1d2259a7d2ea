package org.swizzle.store;

import java.nio.file.Path;

import org.swizzle.StoreVersionException;

/** The messages of format checks shared by the store's files. */
final class Formats {
    /**
     * Who wrote the format versions of store files older than this version's: every one of them comes from before the
     * first release. A release that changes a format names here the release that reads the format it replaces.
     */
    static final String WRITERS_OF_OLDER_FORMATS = "only development builds of Swizzle before its first release"
        + " (0.1.0) wrote it, and no release reads or converts it.";

    private Formats() {
    }

    static StoreVersionException unsupportedVersion(Path file, long offset, int found, int supported) {
        if (found > supported) {
            return new StoreVersionException(file + " has format version " + found + " at offset " + offset
                + ", written by a newer Swizzle; this version reads format version " + supported
                + ". Open the store with a Swizzle release that supports version " + found + '.');
        }
        return new StoreVersionException(file + " has format version " + found + " at offset " + offset
            + ", which this version of Swizzle does not read: it reads format version " + supported + ". Version "
            + found + " is older: " + WRITERS_OF_OLDER_FORMATS + " Open the store with the build that wrote it and"
            + " copy the objects you need into a new store; nothing was changed.");
    }

    /** For a log of an older format version that holds commits, which this version cannot replay. */
    static StoreVersionException olderLogWithCommits(Path file, int found, int supported) {
        return new StoreVersionException(file + " has format version " + found + " at offset " + FileHeader.VERSION_OFFSET
            + " and holds commits that are not applied yet, which this version of Swizzle"
            + " cannot replay: it reads format version " + supported + ". Open the store with the build of Swizzle that"
            + " wrote it and close it cleanly first (closing applies the commits and empties the log), then open it"
            + " with this version.");
    }

    /** {@code value} as {@code 0x} and eight hex digits, the way checksums are shown in messages. */
    static String hex(int value) {
        return String.format("0x%08x", value);
    }

    /** A store id as messages and the tool show it: {@code 0x} and sixteen hex digits. */
    static String storeId(long id) {
        return String.format("0x%016x", id);
    }
}
