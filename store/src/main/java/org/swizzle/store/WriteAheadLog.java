package org.swizzle.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

import org.swizzle.StoreIOException;

/**
 * The redo log {@code swizzle.wal} as a file: append a block, read blocks back, cut the tail.
 * What the blocks mean is {@link WalDescriptor}'s and {@link BlockApplier}'s business.
 */
final class WriteAheadLog implements AutoCloseable {
    private final Path file;
    private final FileChannel channel;
    private long end;
    private boolean intact = true;

    private WriteAheadLog(Path file, FileChannel channel, long end) {
        this.file = file;
        this.channel = channel;
        this.end = end;
    }

    static WriteAheadLog open(Path file, FileChannelFactory files) {
        FileChannel channel = null;
        try {
            channel = files.open(file);
            return new WriteAheadLog(file, channel, channel.size());
        } catch (IOException e) {
            throw Closer.closeAfter(FileIo.failure("open", file, e), channel);
        }
    }

    Path file() {
        return file;
    }

    long size() {
        return end;
    }

    /** Whether the log ends where this object thinks it does: false after an append that could not be undone. */
    boolean intact() {
        return intact;
    }

    /**
     * Appends the remaining bytes of {@code block} in one write, forced to the disk when {@code force}.
     * On failure the log is cut back to where it was, so that the block never becomes durable.
     */
    void append(ByteBuffer block, boolean force, long commitNumber) {
        long start = end;
        int length = block.remaining();
        try {
            FileIo.writeFully(channel, block, start);
            if (force) {
                channel.force(false);
            }
            end = start + length;
        } catch (IOException e) {
            throw undoAppend(start, length, commitNumber, e);
        }
    }

    private StoreIOException undoAppend(long start, int length, long commitNumber, IOException cause) {
        String what = "Cannot append commit " + commitNumber + " (" + length + " bytes at offset " + start + ") to "
            + file + ": " + cause;
        try {
            channel.truncate(start);
            return new StoreIOException(what + ". The commit was not made durable and the store is still usable;"
                + " check that the disk is not full, then commit again.", cause);
        } catch (IOException truncateFailure) {
            intact = false;
            StoreIOException failure = new StoreIOException(what + ". Cutting the WAL back to " + start
                + " bytes failed too, so the store was closed; reopen it (recovery keeps commit " + commitNumber
                + " only if its block reached the disk whole).", cause);
            failure.addSuppressed(truncateFailure);
            return failure;
        }
    }

    /** Reads into {@code dst} from {@code position}; returns the bytes read, fewer at the end of the log. */
    int read(long position, ByteBuffer dst) {
        try {
            return FileIo.readFully(channel, dst, position);
        } catch (IOException e) {
            throw FileIo.failure("read offset " + position + " of", file, e);
        }
    }

    /** Cuts the log to {@code size} bytes and forces the cut to the disk; {@code 0} retires the whole log. */
    void truncate(long size) {
        try {
            channel.truncate(size);
            channel.force(true);
            end = size;
        } catch (IOException e) {
            throw FileIo.failure("truncate to " + size + " bytes", file, e);
        }
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
