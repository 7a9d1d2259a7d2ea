package org.swizzle.store;

import static org.swizzle.store.WalDescriptor.BLOCK_HEADER_LENGTH;

import java.nio.ByteBuffer;
import java.util.Arrays;

import org.agrona.ExpandableDirectByteBuffer;

/**
 * Turns a transaction's pending puts into one WAL block: places new and resized objects in OID
 * order (starting segments as needed), then adds the PATCH records of existing objects, the
 * allocator's new state and the CRC. Placements are taken from the free space as a plan that the
 * caller keeps ({@link FreeSpace#endPlan()}) once the block is durable, or rolls back; the space
 * that resized objects leave is listed for the caller to free once the block is applied.
 */
final class BlockBuilder {
    private final ClusterLayout layout;
    private final Placement placement;
    private final ExpandableDirectByteBuffer block = new ExpandableDirectByteBuffer(64 * 1024);
    private final Checksums checksums = new Checksums();
    private long[] freed = new long[32];
    private int freedLength;
    private int length;
    private int records;
    private int images;
    private int moved;
    private long payloadBytes;
    private long deadBytes;

    BlockBuilder(ClusterLayout layout, Placement placement) {
        this.layout = layout;
        this.placement = placement;
    }

    /**
     * Encodes the block of commit {@code commitNumber}, following checkpoint {@code epoch}; returns
     * its length, 0 when there is nothing to log. Begins a plan on the free space when it returns
     * more than 0.
     */
    int build(long commitNumber, long epoch, PendingPuts puts, long nextNewOid, StoreState state,
        SegmentDirectory directory) {
        length = 0;
        records = 0;
        images = 0;
        moved = 0;
        payloadBytes = 0;
        deadBytes = 0;
        freedLength = 0;
        if (puts.isEmpty()) {
            return 0;
        }
        FreeSpace free = placement.freeSpace();
        free.beginPlan();
        try {
            int index = placeImages(BLOCK_HEADER_LENGTH, puts, directory);
            index = copyPatches(index, puts);
            long nextOid = Math.max(state.nextOid, nextNewOid);
            if (nextOid != state.nextOid || free.allocatedEnd() != state.allocatedEnd) {
                index = WalDescriptor.putAllocator(block, index, nextOid, free.allocatedEnd());
                records++;
            }
            WalDescriptor.putBlockHeader(block, index, commitNumber, epoch);
            WalDescriptor.putCrc(block, checksums.of(block, WalDescriptor.CRC_START, index - WalDescriptor.CRC_START));
            length = index;
            return index;
        } catch (RuntimeException e) {
            free.rollback();
            throw e;
        }
    }

    private int placeImages(int start, PendingPuts puts, SegmentDirectory directory) {
        int index = start;
        long newSegment = -1;
        long newTable = 0;
        int n = puts.sortImageOids();
        for (int i = 0; i < n; i++) {
            long oid = puts.sortedImageOid(i);
            PendingPuts.Put put = puts.latest(oid);
            long segment = Oids.segment(oid);
            long table = segment == newSegment ? newTable : directory.tableOffset(segment);
            if (table == 0) {
                table = placement.table();
                index = WalDescriptor.putSegment(block, index, segment, table);
                newSegment = segment;
                newTable = table;
                records++;
            }
            long position = place(put, table);
            index = WalDescriptor.putImage(block, index, oid, put.classId, put.crc, position, puts.images(), put.start,
                put.length);
            records++;
            images++;
            payloadBytes += put.payloadBytes;
        }
        return index;
    }

    private long place(PendingPuts.Put put, long table) {
        if (put.kind == PendingPuts.Kind.NEW_IMAGE) {
            return placement.newObject(put.length, table);
        }
        long position = placement.resized(put.oldOffset, put.oldLength, put.length, table);
        long oldExtent = layout.extent(put.oldLength);
        if (position != put.oldOffset) {
            moved++;
            release(put.oldOffset, oldExtent);
        } else {
            long newExtent = layout.extent(put.length);
            release(put.oldOffset + newExtent, oldExtent - newExtent);
        }
        return position;
    }

    private void release(long position, long bytes) {
        if (bytes <= 0) {
            return;
        }
        if (freedLength + 2 > freed.length) {
            freed = Arrays.copyOf(freed, 2 * freed.length);
        }
        freed[freedLength++] = position;
        freed[freedLength++] = bytes;
        deadBytes += bytes;
    }

    private int copyPatches(int start, PendingPuts puts) {
        int index = start;
        for (int i = 0; i < puts.count(); i++) {
            PendingPuts.Put put = puts.put(i);
            if (put.kind == PendingPuts.Kind.PATCH) {
                block.putBytes(index, puts.records(), put.start, put.length);
                index += put.length;
                records++;
                payloadBytes += put.payloadBytes;
            }
        }
        return index;
    }

    /** The block last built. */
    ExpandableDirectByteBuffer block() {
        return block;
    }

    /** The bytes of the block last built, ready to be written. */
    ByteBuffer bytes() {
        return block.byteBuffer().clear().limit(length);
    }

    /** The records of the block last built. */
    int records() {
        return records;
    }

    /** Frees the space that the objects of the block last built left, once the block is applied. */
    void releaseLeftSpace(FreeSpace free) {
        for (int i = 0; i < freedLength; i += 2) {
            free.free(freed[i], freed[i + 1]);
        }
        freedLength = 0;
    }

    /** Adds what the block last built logged to {@code counters}. */
    void countLogged(StoreCounters counters) {
        counters.commitsLogged++;
        counters.recordsLogged += records;
        counters.walBytesLogged += length;
        counters.payloadBytesLogged += payloadBytes;
        counters.imagesLogged += images;
        counters.objectsMoved += moved;
        counters.deadBytes += deadBytes;
        counters.lastCommitRecords = records;
        counters.lastCommitBytes = length;
    }
}
