package org.swizzle.store;

import static org.swizzle.store.WalDescriptor.BLOCK_HEADER_LENGTH;

import java.nio.ByteBuffer;
import java.nio.file.Path;

import org.agrona.ExpandableDirectByteBuffer;
import org.swizzle.StoreCorruptedException;

/**
 * Applies the records of a WAL block to the cluster file, the segment directory and the store's
 * state: deterministic positional writes, the same for a fresh commit and for recovery, so that a
 * block applied twice leaves the files as applying it once does.
 */
final class BlockApplier {
    private final ClusterFile clusters;
    private final SegmentDirectory directory;
    private final StoreState state;
    private final Path walFile;

    BlockApplier(ClusterFile clusters, SegmentDirectory directory, StoreState state, Path walFile) {
        this.clusters = clusters;
        this.directory = directory;
        this.state = state;
        this.walFile = walFile;
    }

    /** Applies the block at the start of {@code block}, read from {@code walOffset} of the WAL. */
    void apply(ExpandableDirectByteBuffer block, long walOffset) {
        int end = WalDescriptor.blockLength(block);
        ByteBuffer bytes = block.byteBuffer();
        int index = BLOCK_HEADER_LENGTH;
        while (index < end) {
            int type = end - index >= WalDescriptor.RECORD_HEADER_LENGTH ? WalDescriptor.type(block, index) : -1;
            int headerLength = WalDescriptor.headerLength(type);
            int payloadLength = headerLength < 0 ? -1 : WalDescriptor.payloadLength(block, index);
            if (headerLength < 0 || payloadLength < 0 || payloadLength > end - index - headerLength) {
                throw corrupted(walOffset + index, "record of type " + type + " with payload length " + payloadLength
                    + " does not fit in the " + (end - index) + " bytes left of its block");
            }
            long oid = WalDescriptor.oid(block, index);
            long position = WalDescriptor.position(block, index);
            int payload = index + headerLength;
            switch (type) {
                case WalDescriptor.WRITE:
                    checkPosition(walOffset + index, position);
                    clusters.write(position, bytes.clear().limit(payload + payloadLength).position(payload));
                    break;
                case WalDescriptor.IMAGE:
                    checkPosition(walOffset + index, position);
                    clusters.write(position, bytes.clear().limit(payload + payloadLength).position(payload));
                    clusters.writeEntry(entryPosition(walOffset + index, oid), position, payloadLength,
                        WalDescriptor.classId(block, index));
                    break;
                case WalDescriptor.SEGMENT:
                    checkPosition(walOffset + index, position);
                    clusters.clearTable(position);
                    directory.set(oid, position);
                    break;
                default:
                    clusters.writeAllocator(oid, position);
                    state.nextOid = oid;
                    state.nextFree = position;
                    break;
            }
            index += WalDescriptor.align(headerLength + payloadLength);
        }
    }

    private long entryPosition(long recordOffset, long oid) {
        long table = directory.tableOffset(Oids.segment(oid));
        if (table == 0) {
            throw corrupted(recordOffset, "IMAGE record of object " + oid + " names segment " + Oids.segment(oid)
                + ", which has no table");
        }
        return SegmentTableDescriptor.entryPosition(table, oid);
    }

    private void checkPosition(long recordOffset, long position) {
        if (position < ClusterFileDescriptor.FIRST_FREE) {
            throw corrupted(recordOffset, "record writes at cluster file offset " + position
                + ", inside the header page (below " + ClusterFileDescriptor.FIRST_FREE + ")");
        }
    }

    private StoreCorruptedException corrupted(long offset, String problem) {
        return new StoreCorruptedException(walFile, offset, problem);
    }
}
