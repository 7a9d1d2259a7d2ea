package org.swizzle.store;

import static org.swizzle.store.WalDescriptor.BLOCK_HEADER_LENGTH;

import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

import org.agrona.ExpandableDirectByteBuffer;
import org.swizzle.StoreCorruptedException;

/**
 * Brings the files up to date when a store opens: replays every complete WAL block in order, and
 * cuts the log at the first block that is torn (short, or failing its magic or CRC check), which is
 * what a crash in the middle of an append leaves. Replaying is safe whether or not a block was
 * applied before the crash, because records are blind positional writes.
 */
final class Recovery {
    private static final System.Logger LOG = System.getLogger("org.swizzle.store");

    private final WriteAheadLog wal;
    private final BlockApplier applier;
    private final StoreState state;
    private final ExpandableDirectByteBuffer block = new ExpandableDirectByteBuffer(64 * 1024);
    private final CRC32C crc = new CRC32C();
    private int blocksReplayed;
    private long firstCommit;

    Recovery(WriteAheadLog wal, BlockApplier applier, StoreState state) {
        this.wal = wal;
        this.applier = applier;
        this.state = state;
    }

    /** Replays the log; returns the number of blocks replayed. */
    int run() {
        long size = wal.size();
        long offset = 0;
        while (offset < size) {
            String problem = readBlock(offset, size - offset);
            if (problem != null) {
                cutTornTail(offset, size, problem);
                break;
            }
            replay(offset);
            offset += WalDescriptor.blockLength(block);
        }
        if (blocksReplayed > 0) {
            LOG.log(Level.INFO, () -> "Recovered " + wal.file() + ": replayed " + blocksReplayed
                + " WAL blocks, commits " + firstCommit + " to " + state.lastCommit);
        }
        return blocksReplayed;
    }

    /** Reads the block at {@code offset} into {@link #block}; returns why it is torn, or null if it is complete. */
    private String readBlock(long offset, long remaining) {
        if (remaining < BLOCK_HEADER_LENGTH) {
            return "only " + remaining + " bytes left, less than a block header";
        }
        wal.read(offset, block.byteBuffer().clear().limit(BLOCK_HEADER_LENGTH));
        if (WalDescriptor.magic(block) != WalDescriptor.MAGIC) {
            return "bad magic 0x" + Integer.toHexString(WalDescriptor.magic(block));
        }
        int length = WalDescriptor.blockLength(block);
        if (length < BLOCK_HEADER_LENGTH || length % WalDescriptor.ALIGNMENT != 0 || length > remaining) {
            return "block length " + length + " with " + remaining + " bytes left in the log";
        }
        block.checkLimit(length);
        ByteBuffer bytes = block.byteBuffer();
        wal.read(offset, bytes.clear().limit(length));
        crc.reset();
        crc.update(bytes.clear().limit(length).position(WalDescriptor.CRC_START));
        int expected = WalDescriptor.crc(block);
        int found = (int) crc.getValue();
        if (found != expected) {
            return "CRC32C 0x" + Integer.toHexString(found) + ", block says 0x" + Integer.toHexString(expected);
        }
        return null;
    }

    private void replay(long offset) {
        int version = WalDescriptor.version(block);
        if (version != WalDescriptor.FORMAT_VERSION) {
            throw Formats.unsupportedVersion(wal.file(), offset + WalDescriptor.VERSION_OFFSET, version,
                WalDescriptor.FORMAT_VERSION);
        }
        long commit = WalDescriptor.commitNumber(block);
        if (blocksReplayed > 0 && commit <= state.lastCommit) {
            throw new StoreCorruptedException(wal.file(), offset + WalDescriptor.COMMIT_NUMBER_OFFSET,
                "block of commit " + commit + " follows the block of commit " + state.lastCommit);
        }
        applier.apply(block, offset);
        if (blocksReplayed == 0) {
            firstCommit = commit;
        }
        blocksReplayed++;
        state.lastCommit = commit;
    }

    private void cutTornTail(long offset, long size, String problem) {
        wal.truncate(offset);
        LOG.log(Level.WARNING, () -> "Truncated " + wal.file() + " at offset " + offset + ": dropped "
            + (size - offset) + " bytes that are not a complete block (" + problem + "). They are what an append"
            + " cut short by the end of the last process leaves; that commit never became durable."
            + " The last commit kept is " + state.lastCommit + '.');
    }
}
