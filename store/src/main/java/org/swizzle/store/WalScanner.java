package org.swizzle.store;

import static org.swizzle.store.WalDescriptor.BLOCK_HEADER_LENGTH;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;


/**
 * Reads the blocks of a WAL in order and says how the log ends. A block that fails its checks
 * (too short, bad magic or length, CRC mismatch) ends the log; what it means depends on what
 * follows it:
 *
 * <ul>
 * <li>{@link End#TORN}: no complete block follows, and the bad block is short or holds a sector that was
 * never written. This is what a crash in the middle of the last append leaves (a short block, or a block
 * whose pages did not all reach the disk), and that commit never returned; recovery cuts it off.</li>
 * <li>{@link End#DAMAGED}: a complete block follows, or the bad block is whole. An append never writes past
 * a block it has not finished, so a bad block with a complete one after it was complete once and has been
 * damaged since; commits after it cannot be replayed in order, and dropping them would lose acknowledged
 * commits. A last block is written into zeros (the log's preallocated tail, or the file's end), and a crash
 * leaves the sectors it did not write as they were; so a bad last block whose header is sound, whose length
 * is all in the file and none of whose {@value #SECTOR}-byte sectors is zeros was written whole, and its
 * commit may have returned: it too was damaged since.</li>
 * </ul>
 *
 * <p>Zeros from a block's place to the end of the file are no block: the writer extends the file with zeros
 * ahead of the log (see {@link WriteAheadLog}), and a crash before a block's first byte reached the disk
 * leaves them too. The log ends {@link End#CLEAN} where they begin.
 *
 * <p>A complete block is recognised by its magic, a plausible length and a matching CRC32C, which
 * object bytes inside a damaged block match only by a 1 in 2^32 chance. A damaged last block that holds a
 * sector of zeros (its commit logged 512 zero bytes in a row), or whose header or length was hit, still looks
 * torn: nothing tells those two apart.
 */
final class WalScanner {
    /** How the log ends. */
    enum End {
        /** After a complete block: at the end of the file, or where only zeros follow. */
        CLEAN,
        /** At a block cut short by a crash. */
        TORN,
        /** At a block damaged in the middle of the log. */
        DAMAGED
    }

    /** Positional reads of the WAL file. */
    @FunctionalInterface
    interface Reader {
        /** Reads into {@code dst} from {@code position}; returns the bytes read, fewer at the end of the file. */
        int read(long position, ByteBuffer dst);
    }

    private static final int WINDOW = 64 * 1024;
    /** The unit a disk writes whole or not at all; a crash leaves an unwritten one as it was. */
    static final int SECTOR = 512;

    private final Reader reader;
    private final long size;
    private final LittleEndianBuffer block = LittleEndianBuffer.growableDirect(64 * 1024);
    private final Checksums checksums = new Checksums();
    private ByteBuffer window;
    private long offset;
    private long nextOffset = WalDescriptor.FILE_HEADER_LENGTH;
    private End end;
    private String endProblem;

    WalScanner(Reader reader, long size) {
        this.reader = reader;
        this.size = size;
    }

    /** Moves to the next complete block; {@code false} at the end of the log (see {@link #end()}). */
    boolean next() {
        if (end != null) {
            return false;
        }
        offset = nextOffset;
        if (offset >= size) {
            end = End.CLEAN;
            return false;
        }
        String problem = check(offset);
        if (problem == null) {
            nextOffset = offset + WalDescriptor.blockLength(block);
            return true;
        }
        if (zeros(offset, size)) {
            end = End.CLEAN;
            return false;
        }
        long following = completeBlockAfter(offset);
        if (following >= 0) {
            end = End.DAMAGED;
            endProblem = problem + ", yet a complete block follows at offset " + following + ": the log is damaged in the middle";
        } else if (writtenWhole(offset)) {
            end = End.DAMAGED;
            endProblem = problem + ", yet every sector of it was written, so it is no append a crash cut short:"
                + " it is the last commit, and its commit may have returned";
        } else {
            end = End.TORN;
            endProblem = problem;
        }
        return false;
    }

    /** The block {@link #next()} moved to: its bytes, from index 0. */
    LittleEndianBuffer block() {
        return block;
    }

    /** The WAL offset of the current block, or of the block that ends the log. */
    long offset() {
        return offset;
    }

    End end() {
        return end;
    }

    /** Why the block at {@link #offset()} ends the log, when the end is not {@link End#CLEAN}. */
    String endProblem() {
        return endProblem;
    }

    /** Reads the block at {@code at} into {@link #block}; returns why it is not complete, or null. */
    private String check(long at) {
        String problem = headerProblem(at);
        if (problem != null) {
            return problem;
        }
        int length = WalDescriptor.blockLength(block);
        block.ensureCapacity(length);
        reader.read(at, block.byteBuffer().clear().limit(length));
        int found = checksums.of(block, WalDescriptor.CRC_START, length - WalDescriptor.CRC_START);
        int expected = WalDescriptor.crc(block);
        if (found != expected) {
            return "CRC32C " + Formats.hex(found) + ", block says " + Formats.hex(expected);
        }
        return null;
    }

    /** Reads the header of the block at {@code at} into {@link #block}; returns what is wrong with it, or null. */
    private String headerProblem(long at) {
        long remaining = size - at;
        if (remaining < BLOCK_HEADER_LENGTH) {
            return "only " + remaining + " bytes left, less than a block header";
        }
        reader.read(at, block.byteBuffer().clear().limit(BLOCK_HEADER_LENGTH));
        if (WalDescriptor.magic(block) != WalDescriptor.BLOCK_MAGIC) {
            return "bad magic " + Formats.hex(WalDescriptor.magic(block));
        }
        int length = WalDescriptor.blockLength(block);
        if (length < BLOCK_HEADER_LENGTH || length % WalDescriptor.ALIGNMENT != 0 || length > remaining) {
            return "block length " + length + " with " + remaining + " bytes left in the log";
        }
        return null;
    }

    /**
     * Whether the block at {@code at}, which failed its checks, has a sound header, its whole length in the file, and no
     * sector of zeros: every sector it covers holds a byte that is not zero within the block or, for its last, in the
     * zeros after it.
     */
    private boolean writtenWhole(long at) {
        if (headerProblem(at) != null) {
            return false;
        }
        long end = at + WalDescriptor.blockLength(block);
        for (long sector = at - at % SECTOR; sector < end; sector += SECTOR) {
            if (zeros(Math.max(sector, at), Math.min(sector + SECTOR, size))) {
                return false;
            }
        }
        return true;
    }

    /** Whether every byte from {@code from} to {@code to} is zero (to the file's end: the log's preallocated tail). */
    private boolean zeros(long from, long to) {
        ByteBuffer bytes = window();
        for (long position = from; position < to; position += WINDOW) {
            int read = reader.read(position, bytes.clear().limit((int) Math.min(WINDOW, to - position)));
            for (int i = 0; i + Long.BYTES <= read; i += Long.BYTES) {
                if (bytes.getLong(i) != 0) {
                    return false;
                }
            }
            for (int i = read & -Long.BYTES; i < read; i++) {
                if (bytes.get(i) != 0) {
                    return false;
                }
            }
        }
        return true;
    }

    private ByteBuffer window() {
        if (window == null) {
            window = ByteBuffer.allocateDirect(WINDOW).order(ByteOrder.LITTLE_ENDIAN);
        }
        return window;
    }

    /** The offset of the first complete block after the bad one at {@code bad}, or -1. */
    private long completeBlockAfter(long bad) {
        ByteBuffer window = window();
        long at = bad + WalDescriptor.ALIGNMENT;
        while (at + BLOCK_HEADER_LENGTH <= size) {
            int read = reader.read(at, window.clear());
            for (int i = 0; i + Integer.BYTES <= read; i += WalDescriptor.ALIGNMENT) {
                if (window.getInt(i) == WalDescriptor.BLOCK_MAGIC && check(at + i) == null) {
                    return at + i;
                }
            }
            if (read < WINDOW) {
                break;
            }
            at += WINDOW;
        }
        return -1;
    }
}
