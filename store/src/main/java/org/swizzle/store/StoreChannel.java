package org.swizzle.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The channel of an open store's file, which an interrupt does not take from the store. {@code java.nio} closes a
 * {@code FileChannel} that a thread uses while it is interrupted, which would close the store each time an application
 * cancels a task or shuts a pool down while that task commits. Each call here runs with the calling thread's interrupt
 * cleared and set again before it returns; an interrupt that arrives during the call closes the channel all the same,
 * and then the file is opened again, if it is still the same file (its key, device and inode, is checked), and the
 * call is made again, after a few attempts on a thread of the store's own that nothing interrupts, so that interrupts
 * coming faster than the call can finish do not stop it. Every call the store makes allows being made again:
 * positional reads and writes, forces, truncations, and mappings of the regions not mapped yet.
 */
final class StoreChannel implements AutoCloseable {
    /** The times a call is made on the calling thread before interrupts that keep closing the channel send it to {@link QuietThread}. */
    private static final int ATTEMPTS_ON_CALLER = 3;

    private final Path file;
    private final FileChannelFactory files;
    /** The file's key when it was opened, or null where the file system gives none. */
    private final Object key;
    private FileChannel channel;

    /** What the store does with the channel; made again, on a new channel, when an interrupt closed it. */
    @FunctionalInterface
    interface Call<T> {
        T on(FileChannel channel) throws IOException;
    }

    /** A {@link Call} that returns nothing. */
    @FunctionalInterface
    interface Action {
        void on(FileChannel channel) throws IOException;
    }

    private StoreChannel(Path file, FileChannelFactory files, FileChannel channel) {
        this.file = file;
        this.files = files;
        this.channel = channel;
        this.key = FileIo.keyOf(file);
    }

    /** Opens {@code file} through {@code files}. */
    static StoreChannel open(Path file, FileChannelFactory files) throws IOException {
        return new StoreChannel(file, files, files.open(file));
    }

    Path file() {
        return file;
    }

    /** The file's key when the store opened it: see {@link FilesInPlace}. */
    Object key() {
        return key;
    }

    /**
     * Makes {@code call} on the channel, again on the file opened anew if an interrupt closes the channel; where
     * interrupts keep coming, on a thread of the store's that nothing interrupts.
     */
    <T> T call(Call<T> call) throws IOException {
        boolean interrupted = Thread.interrupted();
        try {
            for (int attempt = 1; attempt <= ATTEMPTS_ON_CALLER; attempt++) {
                try {
                    return call.on(channel);
                } catch (ClosedByInterruptException e) {
                    interrupted = true;
                    Thread.interrupted();
                    reopen(e);
                }
            }
            return callOnQuietThread(call);
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
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

    /** The thread, made on first use, that makes the calls interrupts kept from finishing on the calling thread. */
    private static final class QuietThread {
        static final ExecutorService EXECUTOR = Executors.newSingleThreadExecutor(task -> {
            Thread thread = new Thread(task, "swizzle-io");
            thread.setDaemon(true);
            return thread;
        });
    }

    /** {@link #call} for an action that returns nothing. */
    void run(Action action) throws IOException {
        call(channel -> {
            action.on(channel);
            return null;
        });
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

    /** Forces the file's written bytes and its length to the disk, or says which file failed. */
    void force() {
        try {
            force(true);
        } catch (IOException e) {
            throw FileIo.failure("force", file, e);
        }
    }

    /**
     * Opens the file again after an interrupt closed the channel: only the same file, never one created in its place;
     * otherwise {@code cause} is thrown, and the store closes as for any failure of its files.
     */
    private void reopen(ClosedByInterruptException cause) throws ClosedByInterruptException {
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            throw cause;
        }
        FileChannel reopened;
        try {
            reopened = files.open(file);
        } catch (IOException e) {
            cause.addSuppressed(e);
            throw cause;
        }
        if (key != null && !key.equals(FileIo.keyOf(file))) {
            throw Closer.closeAfter(cause, reopened);
        }
        channel = reopened;
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
