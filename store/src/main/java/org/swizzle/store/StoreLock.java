package org.swizzle.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import org.swizzle.StoreIOException;
import org.swizzle.StoreLockedException;

/**
 * The lock file {@code swizzle.lock}, held while a store is open so that one process owns a store.
 * A writable open holds it exclusively and, once it has found a store or is creating one, writes
 * its process id into it, for the message another process gets; while it creates a new store it
 * writes {@value #CREATING} after the id, so that a creation cut short is told from a store whose
 * files were lost (see {@link StoreDirectory}).
 *
 * <p>A read-only open writes nothing: it holds a shared lock on the lock file if there is one, which
 * keeps writers out and lets other read-only processes in, and takes no lock where there is no lock
 * file (a read-only copy of a store, where creating one would be a write).
 */
final class StoreLock implements AutoCloseable {
    static final String FILE_NAME = "swizzle.lock";
    /** Follows the process id in the lock file while the process creates a new store. */
    static final String CREATING = " creating a new store";

    private final FileChannel channel;
    private final FileLock lock;
    private final String previousOwner;
    private final Path directory;
    /** Whether the lock file was made for this lock: an open refused then takes it away again. */
    private final boolean madeFile;
    /** Whether the file says this process is creating the store: a creation cut short must find it so marked. */
    private boolean creating;

    private StoreLock(Path directory, FileChannel channel, FileLock lock, String previousOwner, boolean madeFile) {
        this.directory = directory;
        this.channel = channel;
        this.lock = lock;
        this.previousOwner = previousOwner;
        this.madeFile = madeFile;
    }

    /**
     * Locks the store in {@code directory} for writing, creating the lock file if absent, and
     * writes nothing into it yet (see {@link #markOpen()}); {@link StoreLockedException} if someone
     * else holds it.
     */
    static StoreLock acquire(Path directory) {
        Path file = directory.resolve(FILE_NAME);
        boolean existed = Files.exists(file);
        FileChannel channel = null;
        try {
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
            FileLock lock = tryLock(channel, false, directory, file);
            return new StoreLock(directory, channel, lock, contents(channel), !existed);
        } catch (OverlappingFileLockException e) {
            throw Closer.closeAfter(alreadyOpenInThisJvm(directory, e), channel);
        } catch (IOException e) {
            StoreIOException failure = FileIo.failure("lock", file, e);
            throw Closer.closeAfter(new StoreIOException(failure.getMessage() + " A store on a read-only file system"
                + " opens with StoreOptions.builder().readOnly(true).", e), channel);
        } catch (RuntimeException e) {
            throw Closer.closeAfter(e, channel);
        }
    }

    /**
     * Locks the store in {@code directory} for reading only, writing nothing: a shared lock on its
     * lock file, or no lock if it has none. {@link StoreLockedException} if a writer holds it.
     */
    static StoreLock acquireShared(Path directory) {
        Path file = directory.resolve(FILE_NAME);
        if (!Files.exists(file)) {
            return new StoreLock(directory, null, null, "", false);
        }
        FileChannel channel = null;
        try {
            channel = FileChannel.open(file, StandardOpenOption.READ);
            FileLock lock = tryLock(channel, true, directory, file);
            return new StoreLock(directory, channel, lock, contents(channel), false);
        } catch (OverlappingFileLockException e) {
            throw Closer.closeAfter(alreadyOpenInThisJvm(directory, e), channel);
        } catch (IOException e) {
            throw Closer.closeAfter(FileIo.failure("lock (shared, for reading)", file, e), channel);
        } catch (RuntimeException e) {
            throw Closer.closeAfter(e, channel);
        }
    }

    private static FileLock tryLock(FileChannel channel, boolean shared, Path directory, Path file) throws IOException {
        FileLock lock = channel.tryLock(0, Long.MAX_VALUE, shared);
        if (lock == null) {
            throw new StoreLockedException("The store in " + directory + " is open in another process" + holder(channel, shared)
                + ": " + file + " is locked. Close the store in that process, or wait for it to exit, then open it again.");
        }
        return lock;
    }

    /**
     * Who holds the lock a {@code shared} (or exclusive) request did not get, as far as the file tells: a writer, whose
     * process id its open wrote into the file, or only readers (read-only opens, the store tool), which write nothing.
     */
    private static String holder(FileChannel channel, boolean shared) throws IOException {
        if (!shared) {
            FileLock probe = channel.tryLock(0, Long.MAX_VALUE, true);
            if (probe != null) {
                probe.release();
                return ", opened read-only (by an application or the store tool)";
            }
        }
        String owner = contents(channel);
        return owner.isEmpty() ? ", opened for writing" : ", opened for writing by process " + owner;
    }

    private static StoreLockedException alreadyOpenInThisJvm(Path directory, OverlappingFileLockException e) {
        return new StoreLockedException("The store in " + directory
            + " is already open in this JVM. Use the open store, or close it before opening it again.", e);
    }

    private static String contents(FileChannel channel) throws IOException {
        ByteBuffer bytes = ByteBuffer.allocate(64);
        int read = FileIo.readFully(channel, bytes, 0);
        return new String(bytes.array(), 0, read, StandardCharsets.US_ASCII).trim();
    }

    /**
     * What the lock file held when this lock was taken: the process id of the last writable open,
     * followed by {@value #CREATING} if that process was creating the store and did not finish; empty
     * for a new lock file.
     */
    String previousOwner() {
        return previousOwner;
    }

    /** Records that this process is creating a new store: see {@link #CREATING}. */
    void markCreating() throws IOException {
        write(ProcessHandle.current().pid() + CREATING);
        creating = true;
    }

    /** Records that this process has the store, complete, open for writing. */
    void markOpen() {
        try {
            write(Long.toString(ProcessHandle.current().pid()));
            creating = false;
        } catch (IOException e) {
            throw FileIo.failure("write the process id into", file(), e);
        }
    }

    private void write(String owner) throws IOException {
        channel.truncate(0);
        FileIo.writeFully(channel, ByteBuffer.wrap(owner.getBytes(StandardCharsets.US_ASCII)), 0);
    }

    private Path file() {
        return directory.resolve(FILE_NAME);
    }

    /**
     * Releases the lock of an open that was refused, deleting the lock file if this open made it (while it still holds
     * the lock), so that a refused open leaves the directory as it found it; but not while it marks a creation that
     * failed part-way, which the next open finishes.
     */
    void closeRefused() throws IOException {
        try {
            if (madeFile && !creating) {
                Files.deleteIfExists(file());
            }
        } finally {
            close();
        }
    }

    @Override
    public void close() throws IOException {
        if (channel == null) {
            return;
        }
        try {
            if (lock.isValid()) {
                lock.release();
            }
        } finally {
            channel.close();
        }
    }
}
