package org.swizzle.store;

import static org.swizzle.store.WalDescriptor.BLOCK_HEADER_LENGTH;

import java.nio.file.Path;

import org.agrona.DirectBuffer;
import org.swizzle.StoreCorruptedException;

/**
 * A cursor over the records of one WAL block, checking that each is well formed before it is
 * used: a known type, a payload inside the block, ranges inside their payload and their object,
 * and positions past the header page. A block that passes its CRC and fails here was written
 * wrong, which is reported as corruption naming the record's offset in the WAL.
 */
final class WalRecords {
    private final Path walFile;
    private DirectBuffer block;
    private long blockOffset;
    private int end;
    private int next;
    private int record;
    private int type;
    private int headerLength;
    private int payloadLength;

    WalRecords(Path walFile) {
        this.walFile = walFile;
    }

    /** Starts at the first record of {@code block}, read from {@code blockOffset} of the WAL. */
    WalRecords reset(DirectBuffer block, long blockOffset) {
        this.block = block;
        this.blockOffset = blockOffset;
        this.end = WalDescriptor.blockLength(block);
        this.next = BLOCK_HEADER_LENGTH;
        return this;
    }

    /** Moves to the next record; {@code false} at the end of the block. */
    boolean next() {
        if (next >= end) {
            return false;
        }
        record = next;
        int left = end - record;
        type = left >= WalDescriptor.RECORD_HEADER_LENGTH ? WalDescriptor.type(block, record) : -1;
        headerLength = WalDescriptor.headerLength(type);
        payloadLength = headerLength < 0 || headerLength > left ? -1 : WalDescriptor.payloadLength(block, record);
        if (headerLength < 0 || payloadLength < 0 || payloadLength > left - headerLength) {
            throw corrupted("record of type " + type + " with payload length " + payloadLength
                + " does not fit in the " + left + " bytes left of its block");
        }
        check();
        next = record + WalDescriptor.align(headerLength + payloadLength);
        return true;
    }

    private void check() {
        long oid = oid();
        long position = position();
        switch (type) {
            case WalDescriptor.PATCH:
                checkObject(oid, position);
                checkRanges();
                break;
            case WalDescriptor.IMAGE:
                checkObject(oid, position);
                break;
            case WalDescriptor.SEGMENT:
                if (oid < 0 || oid >= SegmentDirectory.MAX_SEGMENTS || position < ClusterFileDescriptor.FIRST_FREE) {
                    throw corrupted("SEGMENT record of segment " + oid + " puts its table at offset " + position);
                }
                break;
            default:
                if (oid < Oids.FIRST_NEW_OID || position <= ClusterFileDescriptor.FIRST_FREE) {
                    throw corrupted("ALLOCATOR record with next OID " + oid + " and allocated end " + position);
                }
                break;
        }
    }

    private void checkObject(long oid, long position) {
        if (oid <= 0 || position < ClusterFileDescriptor.FIRST_FREE || position % SegmentTableDescriptor.ALIGNMENT != 0) {
            throw corrupted("record of type " + type + " writes object " + oid + " at cluster file offset " + position
                + ", expected a positive OID and an aligned offset past the header page");
        }
    }

    private void checkRanges() {
        int objectLength = objectLength();
        int count = WalDescriptor.patchRangeCount(block, record);
        int at = payloadIndex();
        int payloadEnd = at + payloadLength;
        if (objectLength < 0 || count < 0) {
            throw corrupted("PATCH record of object " + oid() + " has object length " + objectLength + " and "
                + count + " ranges");
        }
        for (int i = 0; i < count; i++) {
            int offset = at + WalDescriptor.RANGE_HEADER_LENGTH <= payloadEnd ? WalDescriptor.rangeOffset(block, at) : -1;
            int length = offset < 0 ? -1 : WalDescriptor.rangeLength(block, at);
            if (offset < 0 || length < 0 || length > objectLength - offset
                || WalDescriptor.RANGE_HEADER_LENGTH + length > payloadEnd - at) {
                throw corrupted("range " + i + " of the PATCH record of object " + oid() + " (offset " + offset
                    + ", length " + length + ") lies outside its payload or its " + objectLength + "-byte object");
            }
            at += WalDescriptor.RANGE_HEADER_LENGTH + WalDescriptor.align(length);
        }
        if (WalDescriptor.align(at) != WalDescriptor.align(payloadEnd)) {
            throw corrupted("the " + count + " ranges of the PATCH record of object " + oid() + " end at " + at
                + ", not at the end of its payload, " + payloadEnd);
        }
    }

    private StoreCorruptedException corrupted(String problem) {
        return new StoreCorruptedException(walFile, blockOffset + record, problem);
    }

    int type() {
        return type;
    }

    /** The record's offset in the WAL. */
    long walOffset() {
        return blockOffset + record;
    }

    long oid() {
        return WalDescriptor.oid(block, record);
    }

    long position() {
        return WalDescriptor.position(block, record);
    }

    int payloadIndex() {
        return record + headerLength;
    }

    int payloadLength() {
        return payloadLength;
    }

    /** The object's length: its payload for an IMAGE, the recorded length for a PATCH. */
    int objectLength() {
        return type == WalDescriptor.PATCH ? WalDescriptor.patchLength(block, record) : payloadLength;
    }

    int classId() {
        return type == WalDescriptor.PATCH ? WalDescriptor.patchClassId(block, record)
            : WalDescriptor.imageClassId(block, record);
    }

    int objectCrc() {
        return type == WalDescriptor.PATCH ? WalDescriptor.patchCrc(block, record) : WalDescriptor.imageCrc(block, record);
    }

    int rangeCount() {
        return WalDescriptor.patchRangeCount(block, record);
    }
}
