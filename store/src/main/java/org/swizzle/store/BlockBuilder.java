package org.swizzle.store;

import static org.swizzle.store.WalDescriptor.BLOCK_HEADER_LENGTH;

import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

import org.agrona.ExpandableDirectByteBuffer;

/**
 * Turns a transaction's pending puts into one WAL block: places new and moved objects in OID order
 * (starting segments as needed), then adds the records of existing objects, the allocator's new
 * state and the CRC. Planning touches no store state, so a commit that fails leaves none behind.
 */
final class BlockBuilder {
    private final ClusterLayout layout;
    private final ExpandableDirectByteBuffer block = new ExpandableDirectByteBuffer(64 * 1024);
    private final CRC32C crc = new CRC32C();
    private int length;
    private long nextFree;
    private int records;
    private int images;
    private int moved;
    private long payloadBytes;
    private long deadBytes;

    BlockBuilder(ClusterLayout layout) {
        this.layout = layout;
    }

    /** Encodes the block of commit {@code commitNumber}; returns its length, 0 when there is nothing to log. */
    int build(long commitNumber, PendingPuts puts, long nextNewOid, StoreState state, SegmentDirectory directory) {
        length = 0;
        records = 0;
        images = 0;
        moved = 0;
        payloadBytes = 0;
        deadBytes = 0;
        nextFree = state.nextFree;
        if (puts.isEmpty()) {
            return 0;
        }
        int index = placeImages(BLOCK_HEADER_LENGTH, puts, directory);
        index = copyRecords(index, puts);
        long nextOid = Math.max(state.nextOid, nextNewOid);
        if (nextOid != state.nextOid || nextFree != state.nextFree) {
            index = WalDescriptor.putAllocator(block, index, nextOid, nextFree);
            records++;
        }
        WalDescriptor.putBlockHeader(block, index, commitNumber);
        crc.reset();
        crc.update(block.byteBuffer().clear().limit(index).position(WalDescriptor.CRC_START));
        WalDescriptor.putCrc(block, (int) crc.getValue());
        length = index;
        return index;
    }

    private int placeImages(int start, PendingPuts puts, SegmentDirectory directory) {
        int index = start;
        long newSegment = -1;
        int n = puts.sortImageOids();
        for (int i = 0; i < n; i++) {
            long oid = puts.sortedImageOid(i);
            PendingPuts.Put put = puts.latest(oid);
            long segment = Oids.segment(oid);
            if (directory.tableOffset(segment) == 0 && segment != newSegment) {
                long table = layout.placeTable(nextFree);
                index = WalDescriptor.putSegment(block, index, segment, table);
                nextFree = table + SegmentTableDescriptor.TABLE_LENGTH;
                newSegment = segment;
                records++;
            }
            long position = layout.placeObject(nextFree, put.length);
            nextFree = layout.endOfObject(position, put.length);
            index = WalDescriptor.putImage(block, index, oid, put.classId, position, puts.images(), put.start, put.length);
            count(put);
            if (put.kind == PendingPuts.Kind.MOVED_IMAGE) {
                moved++;
            }
        }
        return index;
    }

    private int copyRecords(int start, PendingPuts puts) {
        int index = start;
        for (int i = 0; i < puts.count(); i++) {
            PendingPuts.Put put = puts.put(i);
            if (put.kind == PendingPuts.Kind.RECORDS) {
                block.putBytes(index, puts.records(), put.start, put.length);
                index += put.length;
                count(put);
            }
        }
        return index;
    }

    private void count(PendingPuts.Put put) {
        records += put.records;
        images += put.images;
        payloadBytes += put.payloadBytes;
        deadBytes += put.deadBytes;
    }

    /** The block last built. */
    ExpandableDirectByteBuffer block() {
        return block;
    }

    /** The bytes of the block last built, ready to be written. */
    ByteBuffer bytes() {
        return block.byteBuffer().clear().limit(length);
    }

    /** The next free byte of the cluster file once the block last built is applied. */
    long nextFree() {
        return nextFree;
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
    }
}
