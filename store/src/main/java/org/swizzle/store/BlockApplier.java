package org.swizzle.store;

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
    private final WalRecords records;

    BlockApplier(ClusterFile clusters, SegmentDirectory directory, StoreState state, Path walFile) {
        this.clusters = clusters;
        this.directory = directory;
        this.state = state;
        this.walFile = walFile;
        this.records = new WalRecords(walFile);
    }

    /** Applies the block at the start of {@code block}, read from {@code walOffset} of the WAL. */
    void apply(ExpandableDirectByteBuffer block, long walOffset) {
        apply(block, walOffset, -1);
    }

    /**
     * Applies a block as {@link #apply(ExpandableDirectByteBuffer, long)} does, pausing in
     * {@link CrashWindows#midApply()} once {@code pauseAfter} records are applied.
     */
    void apply(ExpandableDirectByteBuffer block, long walOffset, int pauseAfter) {
        ByteBuffer bytes = block.byteBuffer();
        long commit = WalDescriptor.commitNumber(block);
        records.reset(block, walOffset);
        int applied = 0;
        while (records.next()) {
            switch (records.type()) {
                case WalDescriptor.PATCH:
                    applyRanges(block, bytes);
                    writeEntry(commit);
                    break;
                case WalDescriptor.IMAGE:
                    int payload = records.payloadIndex();
                    clusters.write(records.position(), bytes.clear().limit(payload + records.payloadLength()).position(payload));
                    writeEntry(commit);
                    break;
                case WalDescriptor.SEGMENT:
                    clusters.writeEmptyTable(records.position(), records.oid());
                    directory.set(records.oid(), records.position());
                    break;
                default:
                    state.nextOid = records.oid();
                    state.allocatedEnd = records.position();
                    break;
            }
            if (++applied == pauseAfter) {
                CrashWindows.midApply();
            }
        }
    }

    private void applyRanges(ExpandableDirectByteBuffer block, ByteBuffer bytes) {
        int at = records.payloadIndex();
        for (int i = 0; i < records.rangeCount(); i++) {
            int offset = WalDescriptor.rangeOffset(block, at);
            int length = WalDescriptor.rangeLength(block, at);
            int from = at + WalDescriptor.RANGE_HEADER_LENGTH;
            clusters.write(records.position() + offset, bytes.clear().limit(from + length).position(from));
            at = from + WalDescriptor.align(length);
        }
    }

    private void writeEntry(long commit) {
        long oid = records.oid();
        long table = directory.tableOffset(Oids.segment(oid));
        if (table == 0) {
            String damage = directory.damage(Oids.segment(oid));
            if (damage != null) {
                throw new StoreCorruptedException(directory.file(),
                    SegmentDirectoryDescriptor.entryPosition(Oids.segment(oid)), damage);
            }
            throw new StoreCorruptedException(walFile, records.walOffset(), "record of type " + records.type()
                + " for object " + oid + " names segment " + Oids.segment(oid) + ", which has no table");
        }
        clusters.writeEntry(SegmentTableDescriptor.entryPosition(table, oid), oid, records.position(),
            records.objectLength(), records.classId(), commit, records.objectCrc());
    }
}
