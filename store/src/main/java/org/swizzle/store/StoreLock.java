package org.swizzle.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import org.swizzle.StoreLockedException;

/**
 * The lock file {@code swizzle.lock}, held while a store is open so that one process owns a store.
 * It holds the owner's process id, for the message another process gets.
 */
final class StoreLock implements AutoCloseable {
    static final String FILE_NAME = "swizzle.lock";

    private final FileChannel channel;
    private final FileLock lock;

    private StoreLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /** Locks the store in {@code directory}; {@link StoreLockedException} if someone else holds it. */
    static StoreLock acquire(Path directory) {
        Path file = directory.resolve(FILE_NAME);
        FileChannel channel = null;
        try {
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
            FileLock lock = channel.tryLock();
            if (lock == null) {
                throw new StoreLockedException("The store in " + directory + " is open in another process"
                    + owner(channel) + ": " + file + " is locked. Close the store in that process, or wait for it"
                    + " to exit, then open it again.");
            }
            channel.truncate(0);
            channel.write(ByteBuffer.wrap(Long.toString(ProcessHandle.current().pid()).getBytes(StandardCharsets.US_ASCII)), 0);
            return new StoreLock(channel, lock);
        } catch (OverlappingFileLockException e) {
            throw Closer.closeAfter(new StoreLockedException("The store in " + directory
                + " is already open in this JVM. Use the open store, or close it before opening it again.", e), channel);
        } catch (IOException e) {
            throw Closer.closeAfter(FileIo.failure("lock", file, e), channel);
        } catch (RuntimeException e) {
            throw Closer.closeAfter(e, channel);
        }
    }

    private static String owner(FileChannel channel) throws IOException {
        ByteBuffer pid = ByteBuffer.allocate(20);
        int read = FileIo.readFully(channel, pid, 0);
        return read > 0 ? " (process " + new String(pid.array(), 0, read, StandardCharsets.US_ASCII).trim() + ")" : "";
    }

    @Override
    public void close() throws IOException {
        try {
            if (lock.isValid()) {
                lock.release();
            }
        } finally {
            channel.close();
        }
    }
}
