package org.swizzle.store;

import static org.swizzle.store.WalDescriptor.FILE_HEADER_LENGTH;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

import org.swizzle.StoreIOException;

/**
 * The redo log {@code swizzle.wal} as a file: its header, appending a block, reading blocks back,
 * cutting the tail, and resetting the log at a checkpoint. What the blocks mean is
 * {@link WalDescriptor}'s, {@link WalScanner}'s and {@link BlockApplier}'s business.
 *
 * <p>The file is extended with zeros {@link #PREALLOCATION} bytes at a time ahead of small blocks (never past
 * the length at which a checkpoint resets it), so that forcing a commit writes its pages without changing
 * the file's length: a commit's {@code force(false)} then has no file-system metadata to make durable. The
 * log ends at its last complete block; the zeros after it are not part of it ({@link WalScanner} tells them
 * from a torn block).
 */
final class WriteAheadLog implements AutoCloseable {
    /** How far ahead of the log's end the file is extended with zeros. */
    static final int PREALLOCATION = 1 << 20;
    /** Larger blocks are appended as they are: writing zeros before them would double their writes. */
    private static final int PREALLOCATED_BLOCK_LIMIT = PREALLOCATION / 4;

    /** The length past which a commit checkpoints and resets the log: zeros past it would be cut off unused. */
    private final long checkpointBytes;
    private final Path file;
    private final StoreChannel channel;
    private final Checksums checksums = new Checksums();
    private final LittleEndianBuffer header = LittleEndianBuffer.of(ByteBuffer.allocateDirect(FILE_HEADER_LENGTH));
    private ByteBuffer zeros;
    private long epoch;
    private long storeId;
    /** The end of the last block: where the next one goes. */
    private long end;
    /** The file's length; the bytes from {@link #end} to it are zeros. */
    private long allocated;
    private long appendStart = -1;
    /** The block last written, where it starts in it, and {@link StoreChannel#reopens()} before it was: see {@link #force}. */
    private ByteBuffer appended;
    private int appendedFrom;
    private int reopensAtAppend;
    private boolean intact = true;

    private WriteAheadLog(Path file, StoreChannel channel, long epoch, long storeId, long end, long checkpointBytes) {
        this.checkpointBytes = checkpointBytes;
        this.file = file;
        this.channel = channel;
        this.epoch = epoch;
        this.storeId = storeId;
        this.end = end;
        this.allocated = end;
    }

    /** Writes the header of an empty log of store {@code storeId} following checkpoint 0, and forces it. */
    static void create(Path file, FileChannelFactory files, long storeId) {
        try (FileChannel channel = files.open(file)) {
            LittleEndianBuffer header = LittleEndianBuffer.of(ByteBuffer.allocateDirect(FILE_HEADER_LENGTH));
            WalDescriptor.putFileHeader(header, 0, storeId, new Checksums());
            channel.truncate(0);
            FileIo.writeFully(channel, header.byteBuffer().clear(), 0);
            channel.force(true);
        } catch (IOException e) {
            throw FileIo.failure("create", file, e);
        }
    }

    /**
     * Opens the log and checks its header; {@code checkpointBytes} is the length past which commits reset it.
     * A log of an older format version that {@link #checkHeader} passes has its header rewritten to the
     * current version, unless {@code readOnly}; its blocks keep theirs.
     */
    static WriteAheadLog open(Path file, FileChannelFactory files, boolean readOnly, long checkpointBytes) {
        StoreChannel channel = null;
        try {
            channel = StoreChannel.open(file, files, readOnly);
            LittleEndianBuffer header = LittleEndianBuffer.of(ByteBuffer.allocateDirect(FILE_HEADER_LENGTH));
            int read = channel.readFully(header.byteBuffer(), 0);
            Checksums checksums = new Checksums();
            long size = channel.size();
            long epoch = channel.call(opened -> checkHeader(file, opened, header, read, checksums));
            long storeId = WalDescriptor.storeId(header);
            if (!readOnly && WalDescriptor.fileVersion(header) != WalDescriptor.FORMAT_VERSION) {
                WalDescriptor.putFileHeader(header, epoch, storeId, checksums);
                channel.writeFully(header.byteBuffer().clear(), 0);
                channel.force(true);
            }
            return new WriteAheadLog(file, channel, epoch, storeId, size, checkpointBytes);
        } catch (IOException e) {
            throw Closer.closeAfter(FileIo.failure("open", file, e), channel);
        } catch (RuntimeException e) {
            throw Closer.closeAfter(e, channel);
        }
    }

    /**
     * Checks the header in the first {@code read} bytes of {@code header} of the log open in {@code channel}
     * (see {@link FileHeader}); returns its epoch. A header of version
     * {@link WalDescriptor#VERSION_WITHOUT_FREE} or later passes, and one of version
     * {@link WalDescriptor#UPGRADABLE_VERSION} when no block follows it: nothing or zeros, as a log preallocated and
     * closed cleanly holds.
     */
    static long checkHeader(Path file, FileChannel channel, LittleEndianBuffer header, int read, Checksums checksums)
        throws IOException {
        int version = WalDescriptor.FILE_HEADER.check(file, header, read, checksums, WalDescriptor.UPGRADABLE_VERSION);
        if (version < WalDescriptor.VERSION_WITHOUT_FREE && !FileIo.zerosFrom(channel, FILE_HEADER_LENGTH)) {
            throw Formats.olderLogWithCommits(file, version, WalDescriptor.FORMAT_VERSION);
        }
        return WalDescriptor.epoch(header);
    }

    Path file() {
        return file;
    }

    /** The channel the store reads and writes the file through. */
    StoreChannel channel() {
        return channel;
    }

    /** The length of the log, header included: the end of its last block, not of the zeros after it. */
    long size() {
        return end;
    }

    /** The file's length, the zeros after the log's end included. */
    long fileSize() {
        return allocated;
    }

    /**
     * Ends the log at {@code logEnd}, where recovery found that the zeros of the file's preallocated
     * tail begin: the next block goes there.
     */
    void endAt(long logEnd) {
        if (logEnd > allocated) {
            throw new IllegalArgumentException("log end " + logEnd + " past the end of " + file + " (" + allocated + " bytes)");
        }
        end = logEnd;
    }

    /** Whether the log holds anything after its header. */
    boolean hasBlocks() {
        return end > FILE_HEADER_LENGTH;
    }

    /** The checkpoint sequence the log follows. */
    long epoch() {
        return epoch;
    }

    /** The store the header names (0: written before stores had an id). */
    long storeId() {
        return storeId;
    }

    /** Whether the log ends where this object thinks it does: false after an append that could not be undone. */
    boolean intact() {
        return intact;
    }

    /**
     * Writes the remaining bytes of {@code block} at the end of the log in one write. On failure the
     * log is cut back to where it was, so that the block never becomes durable.
     */
    void write(ByteBuffer block, long commitNumber) {
        long start = end;
        int length = block.remaining();
        appended = block;
        appendedFrom = block.position();
        reopensAtAppend = channel.reopens();
        try {
            long preallocatedEnd = Math.min(start + PREALLOCATION, checkpointBytes);
            if (start + length > allocated && length <= PREALLOCATED_BLOCK_LIMIT && start + length <= preallocatedEnd) {
                extendWithZeros(preallocatedEnd);
            }
            channel.writeFully(block, start);
            appendStart = start;
            end = start + length;
            allocated = Math.max(allocated, end);
        } catch (IOException e) {
            throw undoAppend(start, commitNumber, e);
        }
    }

    /** Writes zeros from the file's end to {@code newLength}; made durable by the next force. */
    private void extendWithZeros(long newLength) throws IOException {
        if (zeros == null) {
            zeros = ByteBuffer.allocateDirect(64 * 1024);
        }
        channel.writeZeros(allocated, newLength, zeros);
        allocated = newLength;
    }

    /**
     * Forces the block last written to the disk; on failure, cuts it off again. Where an interrupt closed the channel
     * as the block was written or forced, an error of those writes may have been reported as the interrupt alone (see
     * {@link StoreChannel#reopens()}), so the block is written and forced again, on the store's thread that nothing
     * interrupts.
     */
    void force(long commitNumber) {
        try {
            channel.force(false);
            if (channel.reopens() != reopensAtAppend) {
                ByteBuffer again = appended.duplicate().position(appendedFrom);
                long at = appendStart;
                channel.callQuietly(quiet -> {
                    FileIo.writeFully(quiet, again, at);
                    quiet.force(false);
                    return null;
                });
            }
        } catch (IOException e) {
            long start = appendStart;
            end = start;
            throw undoAppend(start, commitNumber, e);
        }
    }

    private StoreIOException undoAppend(long start, long commitNumber, IOException cause) {
        String what = "Cannot append commit " + commitNumber + " at offset " + start + " of " + file + ": " + cause;
        try {
            channel.truncate(start);
            allocated = start;
            return new StoreIOException(what + ". The commit was not made durable and the store is still usable;"
                + " check that the disk is not full, then commit again.", cause);
        } catch (IOException truncateFailure) {
            intact = false;
            StoreIOException failure = new StoreIOException(what + ". Cutting the WAL back to " + start
                + " bytes failed too, so the store was closed; reopen it (recovery keeps commit " + commitNumber
                + " only if its block reached the disk whole)." + (FileIo.closedTheFile(cause) ? ' '
                + FileIo.advice(file, cause) : ""), cause);
            failure.addSuppressed(truncateFailure);
            return failure;
        }
    }

    /** Reads into {@code dst} from {@code position}; returns the bytes read, fewer at the end of the log. */
    int read(long position, ByteBuffer dst) {
        try {
            return channel.readFully(dst, position);
        } catch (IOException e) {
            throw FileIo.failure("read offset " + position + " of", file, e);
        }
    }

    /** Cuts the log to {@code size} bytes (at least its header) and forces the cut to the disk. */
    void truncate(long size) {
        try {
            channel.truncate(size);
            channel.force(true);
            end = size;
            allocated = size;
        } catch (IOException e) {
            throw FileIo.failure("truncate to " + size + " bytes", file, e);
        }
    }

    /**
     * Retires every block: rewrites the header to follow checkpoint {@code newEpoch} of store {@code newStoreId}, cuts the log
     * to its header, extends it with the zeros the next commits write into (so that the first commit
     * after a checkpoint or a reopen does not pay for them) and forces it. A crash part-way leaves
     * either the old log (which the new checkpoint already holds) or the new header before blocks of
     * the old epoch or zeros, which recovery skips.
     */
    void reset(long newEpoch, long newStoreId) {
        WalDescriptor.putFileHeader(header, newEpoch, newStoreId, checksums);
        try {
            channel.writeFully(header.byteBuffer().clear(), 0);
            channel.truncate(FILE_HEADER_LENGTH);
            end = FILE_HEADER_LENGTH;
            allocated = FILE_HEADER_LENGTH;
            long preallocatedEnd = Math.min(FILE_HEADER_LENGTH + PREALLOCATION, checkpointBytes);
            if (preallocatedEnd > allocated) {
                extendWithZeros(preallocatedEnd);
            }
            channel.force(true);
            epoch = newEpoch;
            storeId = newStoreId;
        } catch (IOException e) {
            throw FileIo.failure("reset (to follow checkpoint " + newEpoch + ")", file, e);
        }
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
