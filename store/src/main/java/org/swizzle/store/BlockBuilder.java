package org.swizzle.store;

import static org.swizzle.store.WalDescriptor.BLOCK_HEADER_LENGTH;

import java.nio.ByteBuffer;
import java.util.Arrays;

import org.agrona.ExpandableDirectByteBuffer;

/**
 * Turns a transaction's pending puts into one WAL block (see {@link WalDescriptor}): places new and
 * resized objects in OID order, starting segments as needed, then logs the SEGMENT records of those
 * segments, the IMAGE records of the placed objects, the PATCH records of existing objects in OID
 * order, the allocator's new state and the CRC. Placements are taken from the free space as a plan
 * that the caller keeps ({@link FreeSpace#endPlan()}) once the block is durable, or rolls back; the
 * space that resized objects leave is listed for the caller to free once the block is applied.
 */
final class BlockBuilder {
    private final ClusterLayout layout;
    private final Placement placement;
    private final ExpandableDirectByteBuffer block = new ExpandableDirectByteBuffer(64 * 1024);
    private final Checksums checksums = new Checksums();
    private long[] freed = new long[32];
    private int freedLength;
    /** The places of the images of the block being built, by sorted index. */
    private long[] positions = new long[16];
    /** The segments that the block starts, and their tables. */
    private long[] newSegments = new long[4];
    private long[] newTables = new long[4];
    private int newSegmentCount;
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
        newSegmentCount = 0;
        if (puts.isEmpty()) {
            return 0;
        }
        FreeSpace free = placement.freeSpace();
        free.beginPlan();
        try {
            int imageCount = placeImages(puts, directory);
            int index = putSegments(BLOCK_HEADER_LENGTH);
            index = putImages(index, puts, imageCount);
            index = putPatches(index, puts);
            long nextOid = Math.max(state.nextOid, nextNewOid);
            boolean allocated = nextOid != state.nextOid || free.allocatedEnd() != state.allocatedEnd;
            index = WalDescriptor.putCount(block, index, allocated ? 1 : 0);
            if (allocated) {
                index = WalDescriptor.putAllocator(block, index, nextOid, free.allocatedEnd());
                records++;
            }
            index = WalDescriptor.pad(block, index);
            WalDescriptor.putBlockHeader(block, index, commitNumber, epoch);
            WalDescriptor.putCrc(block, checksums.of(block, WalDescriptor.CRC_START, index - WalDescriptor.CRC_START));
            length = index;
            return index;
        } catch (RuntimeException e) {
            free.rollback();
            throw e;
        }
    }

    /** Places the staged images in OID order, starting the segments they need; returns how many there are. */
    private int placeImages(PendingPuts puts, SegmentDirectory directory) {
        int n = puts.sortImageOids();
        if (positions.length < n) {
            positions = new long[Math.max(n, 2 * positions.length)];
        }
        for (int i = 0; i < n; i++) {
            long oid = puts.sortedOid(i);
            long segment = Oids.segment(oid);
            boolean started = newSegmentCount > 0 && newSegments[newSegmentCount - 1] == segment;
            long table = started ? newTables[newSegmentCount - 1] : directory.tableOffset(segment);
            if (table == 0) {
                table = placement.table();
                startSegment(segment, table);
            }
            positions[i] = place(puts.latest(oid), table);
        }
        return n;
    }

    private void startSegment(long segment, long table) {
        if (newSegmentCount == newSegments.length) {
            newSegments = Arrays.copyOf(newSegments, 2 * newSegmentCount);
            newTables = Arrays.copyOf(newTables, 2 * newSegmentCount);
        }
        newSegments[newSegmentCount] = segment;
        newTables[newSegmentCount] = table;
        newSegmentCount++;
    }

    private int putSegments(int start) {
        int index = WalDescriptor.putCount(block, start, newSegmentCount);
        for (int i = 0; i < newSegmentCount; i++) {
            index = WalDescriptor.putSegment(block, index, newSegments[i], newTables[i]);
            records++;
        }
        return index;
    }

    /** Logs the {@code n} images that {@link #placeImages} placed, whose OIDs the puts hold sorted. */
    private int putImages(int start, PendingPuts puts, int n) {
        int index = WalDescriptor.putCount(block, start, n);
        long previous = 0;
        for (int i = 0; i < n; i++) {
            long oid = puts.sortedOid(i);
            PendingPuts.Put put = puts.latest(oid);
            index = WalDescriptor.putImage(block, index, oid - previous, put.classId, put.crc, positions[i], puts.images(),
                put.start, put.length);
            previous = oid;
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

    private int putPatches(int start, PendingPuts puts) {
        int n = puts.sortPatchOids();
        int index = WalDescriptor.putCount(block, start, n);
        long previous = 0;
        for (int i = 0; i < n; i++) {
            long oid = puts.sortedOid(i);
            PendingPuts.Put put = puts.latest(oid);
            index = WalDescriptor.putPatchHeader(block, index, oid - previous, put.crc, put.ranges);
            block.putBytes(index, puts.ranges(), put.start, put.length);
            index += put.length;
            previous = oid;
            records++;
            payloadBytes += put.payloadBytes;
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
