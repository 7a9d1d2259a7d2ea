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
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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
 *
 * <p>File locks belong to the process, and closing any channel to a file releases every lock the process holds on
 * it: an open refused because this JVM holds the lock must not open the file at all, or its close would leave the
 * open store unlocked against other processes. So the locks this JVM holds are also kept in {@link #HELD}, by the
 * lock file's identity and by the real path of the store's directory, and an open checks there first.
 */
final class StoreLock implements AutoCloseable {
    static final String FILE_NAME = "swizzle.lock";
    /** Follows the process id in the lock file while the process creates a new store. */
    static final String CREATING = " creating a new store";

    /** The locks this JVM holds, under each key of {@link #keys}; guarded by itself, as every acquire and close is. */
    private static final Map<Object, StoreLock> HELD = new HashMap<>();
    /** Channels to a lock file that this JVM locked by other means, never closed: see {@link #heldElsewhereInThisJvm}. */
    private static final List<FileChannel> KEPT_OPEN = new ArrayList<>();

    private final FileChannel channel;
    private final FileLock lock;
    private List<Object> keys = List.of();
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
        synchronized (HELD) {
            return held(lockExclusive(directory));
        }
    }

    private static StoreLock lockExclusive(Path directory) {
        Path file = directory.resolve(FILE_NAME);
        boolean existed = Files.exists(file);
        refuseIfHeldHere(directory, existed);
        FileChannel channel = null;
        try {
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
            FileLock lock = tryLock(channel, false, directory, file);
            return new StoreLock(directory, channel, lock, contents(channel), !existed);
        } catch (OverlappingFileLockException e) {
            throw heldElsewhereInThisJvm(directory, channel, e);
        } catch (IOException e) {
            StoreIOException failure = FileIo.failure("lock", file, e);
            throw Closer.closeAfter(FileIo.ofTheProcess(e) ? failure : new StoreIOException(failure.getMessage()
                + " A store on a read-only file system opens with StoreOptions.builder().readOnly(true).", e), channel);
        } catch (RuntimeException e) {
            throw Closer.closeAfter(e, channel);
        }
    }

    /**
     * Locks the store in {@code directory} for reading only, writing nothing: a shared lock on its
     * lock file, or no lock if it has none. {@link StoreLockedException} if a writer holds it.
     */
    static StoreLock acquireShared(Path directory) {
        synchronized (HELD) {
            return held(lockShared(directory));
        }
    }

    private static StoreLock lockShared(Path directory) {
        Path file = directory.resolve(FILE_NAME);
        if (!Files.exists(file)) {
            return new StoreLock(directory, null, null, "", false);
        }
        refuseIfHeldHere(directory, true);
        FileChannel channel = null;
        try {
            channel = FileChannel.open(file, StandardOpenOption.READ);
            FileLock lock = tryLock(channel, true, directory, file);
            return new StoreLock(directory, channel, lock, contents(channel), false);
        } catch (OverlappingFileLockException e) {
            throw heldElsewhereInThisJvm(directory, channel, e);
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

    private static StoreLockedException alreadyOpenInThisJvm(Path directory, Throwable cause) {
        return new StoreLockedException("The store in " + directory
            + " is already open in this JVM. Use the open store, or close it before opening it again.", cause);
    }

    /** Refuses an open of a store this JVM holds the lock of, before anything opens its lock file. */
    private static void refuseIfHeldHere(Path directory, boolean fileExists) {
        for (Object key : keys(directory, fileExists)) {
            if (HELD.containsKey(key)) {
                throw alreadyOpenInThisJvm(directory, null);
            }
        }
    }

    /**
     * A lock this JVM holds on the file through a channel not of this class: the channel just opened is left open,
     * since closing it would release that lock too.
     */
    private static StoreLockedException heldElsewhereInThisJvm(Path directory, FileChannel channel,
        OverlappingFileLockException e) {
        KEPT_OPEN.add(channel);
        return alreadyOpenInThisJvm(directory, e);
    }

    /**
     * The keys {@code directory}'s lock is held under: the real path of the directory, and the identity of its lock
     * file where the file system gives one, so that any spelling of the path, a link or another mount finds it.
     */
    private static List<Object> keys(Path directory, boolean fileExists) {
        List<Object> keys = new ArrayList<>(2);
        try {
            keys.add(directory.toRealPath());
            if (fileExists) {
                Object fileKey = Files.readAttributes(directory.resolve(FILE_NAME), BasicFileAttributes.class).fileKey();
                if (fileKey != null) {
                    keys.add(fileKey);
                }
            }
        } catch (IOException e) {
            keys.add(directory.toAbsolutePath().normalize()); // the open that follows reports what is wrong with the path
        }
        return keys;
    }

    /** Notes {@code lock} as held by this JVM, if it holds a file lock (a read-only open of a copy holds none). */
    private static StoreLock held(StoreLock lock) {
        if (lock.channel != null) {
            lock.keys = keys(lock.directory, true);
            lock.keys.forEach(key -> HELD.put(key, lock));
        }
        return lock;
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
        synchronized (HELD) {
            try {
                if (lock.isValid()) {
                    lock.release();
                }
            } finally {
                keys.forEach(key -> HELD.remove(key, this));
                channel.close();
            }
        }
    }
}
