package org.swizzle.store;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Opens the store's files. A seam for tests, which wrap the channels to simulate a full disk or a
 * failing write; the store itself always uses {@link #DEFAULT}.
 */
@FunctionalInterface
interface FileChannelFactory {
    FileChannelFactory DEFAULT = file -> FileChannel.open(
        file, StandardOpenOption.READ, StandardOpenOption.WRITE, StandardOpenOption.CREATE);
    /** For a read-only store: opens existing files for reading only. */
    FileChannelFactory READ_ONLY = file -> FileChannel.open(file, StandardOpenOption.READ);

    /** Opens {@code file} for reading and writing, creating it if absent (for reading only, by {@link #READ_ONLY}). */
    FileChannel open(Path file) throws IOException;
}
