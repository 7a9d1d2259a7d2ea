package org.swizzle.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The channel of an open store's file, which an interrupt does not take from the store. {@code java.nio} closes a
 * {@code FileChannel} that a thread uses while it is interrupted, which would close the store each time an application
 * cancels a task or shuts a pool down while that task commits. Each call here runs with the calling thread's interrupt
 * cleared and set again before it returns; an interrupt that arrives during the call closes the channel all the same,
 * and then the call is made again on a spare channel to the same file, opened with the first and never used until
 * then (so that a file deleted meanwhile is still reached), and a new spare is opened if the file is still there under
 * its name. After a few attempts the call is made on a thread of the store's own that nothing interrupts, so that
 * interrupts coming faster than the call can finish do not stop it. Every call the store makes allows being made
 * again: positional reads and writes, forces, truncations, and mappings of the regions not mapped yet.
 *
 * <p>A channel is used by one thread at a time: the store's commits, checkpoints and opens are serialized, and
 * readers read through mappings, not channels; a call handed to the store's thread happens before its result is used.
 */
public final class StoreChannel implements AutoCloseable {
    /** The times a call is made on the calling thread before interrupts that keep closing the channel send it to {@link QuietThread}. */
    private static final int ATTEMPTS_ON_CALLER = 3;

    private final Path file;
    private final boolean readOnly;
    /** The file's key when it was opened, or null where the file system gives none. */
    private final Object key;
    private FileChannel channel;
    /**
     * A second channel to the file, for when an interrupt closes {@link #channel}. Null once used, if none could be
     * opened again (the file deleted or replaced): {@link #channel} is then the last one to the file, and every call is
     * made on {@link QuietThread}, so that no interrupt closes it and what it holds can be written back (see
     * {@link FilesInPlace}).
     */
    private FileChannel spare;
    /** How many times an interrupt closed the channel: see {@link #reopens()}. */
    private int reopens;

    /** What the store does with the channel; made again, on another channel, when an interrupt closed it. */
    @FunctionalInterface
    public interface Call<T> {
        T on(FileChannel channel) throws IOException;
    }

    /** A {@link Call} that returns nothing. */
    @FunctionalInterface
    public interface Action {
        void on(FileChannel channel) throws IOException;
    }

    private StoreChannel(Path file, boolean readOnly, FileChannel channel) throws IOException {
        this.file = file;
        this.readOnly = readOnly;
        this.channel = channel;
        this.key = FileIo.keyOf(file);
        try {
            this.spare = openDirectly();
        } catch (IOException e) {
            throw Closer.closeAfter(e, channel);
        } catch (RuntimeException e) {
            throw Closer.closeAfter(e, channel);
        }
    }

    /** Opens {@code file} through {@code files}, which opens it for reading only if {@code readOnly}. */
    static StoreChannel open(Path file, FileChannelFactory files, boolean readOnly) throws IOException {
        FileChannel channel = files.open(file);
        return new StoreChannel(file, readOnly, channel);
    }

    /** Opens {@code file} for reading and writing, creating it if absent (as an index's map file is). */
    public static StoreChannel open(Path file) throws IOException {
        return open(file, FileChannelFactory.DEFAULT, false);
    }

    Path file() {
        return file;
    }

    /** The file's key when the store opened it: see {@link FilesInPlace}. */
    Object key() {
        return key;
    }

    /**
     * How many times an interrupt has closed the channel. A force that an interrupt cut short may have met an error of
     * the file's writes, which the JDK then reports as the interrupt, and which the next force, through another
     * channel, does not report again: a caller that must know its bytes are on the disk writes them again.
     */
    int reopens() {
        return reopens;
    }

    /**
     * Makes {@code call} on the channel, again on another channel to the file if an interrupt closes it; where
     * interrupts keep coming, on a thread of the store's that nothing interrupts.
     */
    public <T> T call(Call<T> call) throws IOException {
        boolean interrupted = Thread.interrupted();
        try {
            for (int attempt = 1; attempt <= ATTEMPTS_ON_CALLER && spare != null; attempt++) {
                try {
                    return call.on(channel);
                } catch (ClosedByInterruptException e) {
                    interrupted = true;
                    Thread.interrupted();
                    replaceClosed();
                }
            }
            return callOnQuietThread(call);
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** {@link #call} for an action that returns nothing. */
    public void run(Action action) throws IOException {
        call(channel -> {
            action.on(channel);
            return null;
        });
    }

    /** Makes {@code call} on {@link QuietThread} at once: for what an interrupt must not cut short at all. */
    <T> T callQuietly(Call<T> call) throws IOException {
        boolean interrupted = Thread.interrupted();
        try {
            return callOnQuietThread(call);
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Writes all of {@code src} at {@code position}; made again whole when an interrupt cuts it short. */
    void writeFully(ByteBuffer src, long position) throws IOException {
        int start = src.position();
        run(channel -> FileIo.writeFully(channel, src.position(start), position));
    }

    /** Writes zeros from {@code from} to {@code to}, through {@code zeros}, a buffer of zeros. */
    void writeZeros(long from, long to, ByteBuffer zeros) throws IOException {
        run(channel -> FileIo.writeZeros(channel, from, to, zeros));
    }

    /** Reads until {@code dst} is full or the file ends; returns the bytes read. */
    int readFully(ByteBuffer dst, long position) throws IOException {
        int start = dst.position();
        return call(channel -> FileIo.readFully(channel, dst.position(start), position));
    }

    long size() throws IOException {
        return call(FileChannel::size);
    }

    void truncate(long size) throws IOException {
        run(channel -> channel.truncate(size));
    }

    /** Forces the file's written bytes to the disk, and its length and other metadata if {@code metaData}. */
    void force(boolean metaData) throws IOException {
        run(channel -> channel.force(metaData));
    }

    /**
     * Forces the file's written bytes and its length to the disk on the store's own thread, where no interrupt cuts the
     * force short (a force an interrupt cut short may have met an error of the file's writes, which the JDK reports as
     * the interrupt, and which a force through another channel does not report again); or says which file failed. For
     * the forces of a checkpoint, rare enough that the hand-over costs nothing that counts.
     */
    void forceQuietly() {
        try {
            callQuietly(channel -> {
                channel.force(true);
                return null;
            });
        } catch (IOException e) {
            throw FileIo.failure("force", file, e);
        }
    }

    /**
     * Puts the spare in place of the channel an interrupt closed, and a new spare if the file is still there under its
     * name. Only a call made while there is a spare meets an interrupt: without one, calls go to {@link QuietThread}.
     */
    private void replaceClosed() {
        reopens++;
        channel = spare;
        spare = reopenedOrNull();
    }

    /** The file opened again, without creating it, if the file under its name is still the one opened first; else null. */
    private FileChannel reopenedOrNull() {
        if (key == null || !key.equals(FileIo.keyOf(file))) {
            return null;
        }
        FileChannel reopened = null;
        try {
            reopened = openDirectly();
            if (key.equals(FileIo.keyOf(file))) {
                return reopened;
            }
        } catch (IOException e) {
            // none: the caller goes on without a spare
        }
        Closer.closeAfter(new IOException("a spare channel not used"), reopened);
        return null;
    }

    /**
     * Opens the file, never creating it, not through {@link #files}: a test's factory, which wraps the channels it
     * opens to make them fail, sees the channels the store uses first, one a file.
     */
    private FileChannel openDirectly() throws IOException {
        return readOnly ? FileChannel.open(file, StandardOpenOption.READ)
            : FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
    }

    /** Makes {@code call} on {@link QuietThread}, waiting for it through interrupts, which are set again after. */
    private <T> T callOnQuietThread(Call<T> call) throws IOException {
        FileChannel current = channel;
        Future<T> result = QuietThread.EXECUTOR.submit(() -> call.on(current));
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return result.get();
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (ExecutionException e) {
                    Throwable failure = e.getCause();
                    if (failure instanceof IOException) {
                        throw (IOException) failure;
                    }
                    if (failure instanceof RuntimeException) {
                        throw (RuntimeException) failure;
                    }
                    throw (Error) failure;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * The thread, made on first use and shared by the stores of the JVM, that makes the calls interrupts kept from
     * finishing on the calling thread. It holds no class loader of the application's.
     */
    private static final class QuietThread {
        static final ExecutorService EXECUTOR = Executors.newSingleThreadExecutor(task -> {
            Thread thread = new Thread(task, "swizzle-io");
            thread.setDaemon(true);
            thread.setContextClassLoader(null);
            return thread;
        });
    }

    @Override
    public void close() throws IOException {
        IOException failure = Closer.closeAfter(new IOException("Cannot close " + file), channel, spare);
        if (failure.getSuppressed().length > 0) {
            throw failure;
        }
    }
}
