package org.swizzle;

import java.nio.file.Path;

/**
 * A store file failed a check: a bad magic number, a checksum mismatch, a reference to an object
 * that does not exist. Nothing is repaired or dropped silently; the message names the file and the
 * offset so the damage can be inspected.
 */
public class StoreCorruptedException extends StoreException {
    private static final long serialVersionUID = 1L;

    private final transient Path file;
    private final long offset;

    public StoreCorruptedException(Path file, long offset, String problem) {
        super(problem + " in " + file + " at offset " + offset
            + ". The store is damaged; restore it from a backup, or keep a copy of the files to investigate.");
        this.file = file;
        this.offset = offset;
    }

    /** The damaged file. */
    public Path file() {
        return file;
    }

    /** The byte offset in {@link #file()} where the damage was found. */
    public long offset() {
        return offset;
    }
}
