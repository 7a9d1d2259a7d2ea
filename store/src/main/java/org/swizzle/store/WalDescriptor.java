package org.swizzle.store;

import java.nio.ByteOrder;

import org.agrona.BitUtil;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * Layout of the redo write-ahead log {@code swizzle.wal}: one block per commit, appended in one
 * write; the WAL is truncated to empty at each checkpoint.
 *
 * <p>A block is complete when its length fits in the file and its CRC32C matches; recovery replays
 * complete blocks in order and truncates the log at the first one that is not. Every record is a
 * blind positional write (it carries the absolute file position of its bytes), so applying a block
 * twice, or applying blocks whose effects are already in the files, yields the same files. All
 * values are little-endian; blocks and records start on 8-byte boundaries.
 *
 * <pre>
 * Block header:
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+
 *  |                        Magic "SWZW"                           |
 *  +---------------------------------------------------------------+
 *  |            CRC32C of the block from byte 8 to its end         |
 *  +---------------------------------------------------------------+
 *  |           Block length, header and padding included           |
 *  +---------------------------------------------------------------+
 *  |                        Format version                         |
 *  +---------------------------------------------------------------+
 *  |                        Commit number                          |
 *  |                                                               |
 *  +---------------------------------------------------------------+
 *  |                     Records ...                              ...
 *
 * Record header, common to all types:
 *  +---------------------------------------------------------------+
 *  |     Type: 1 WRITE, 2 IMAGE, 3 SEGMENT, 4 ALLOCATOR            |
 *  +---------------------------------------------------------------+
 *  |               Payload length (0 for SEGMENT, ALLOCATOR)       |
 *  +---------------------------------------------------------------+
 *  |   WRITE, IMAGE: OID | SEGMENT: segment | ALLOCATOR: next OID  |
 *  |                                                               |
 *  +---------------------------------------------------------------+
 *  |  WRITE, IMAGE: file offset of the payload |                   |
 *  |  SEGMENT: file offset of its table | ALLOCATOR: next free byte|
 *  +---------------------------------------------------------------+
 * IMAGE only:
 *  |                          Class id                             |
 *  +---------------------------------------------------------------+
 *  |                          Reserved                             |
 *  +---------------------------------------------------------------+
 * WRITE, IMAGE:
 *  |                 Payload, padded to 8 bytes                   ...
 *  +---------------------------------------------------------------+
 * </pre>
 *
 * <ul>
 * <li>WRITE: changed bytes of an existing object, at their place in the cluster file.</li>
 * <li>IMAGE: the whole bytes of a new, moved or resized object, at their place; also sets the
 * object's table entry to (offset, length, class id).</li>
 * <li>SEGMENT: a new logical segment: zero its table and record its offset in the directory.</li>
 * <li>ALLOCATOR: the allocator state after this commit, written to the cluster file header.</li>
 * </ul>
 */
final class WalDescriptor {
    static final String FILE_NAME = "swizzle.wal";
    static final int MAGIC = Ascii.magic4("SWZW");
    static final int FORMAT_VERSION = 1;
    static final ByteOrder ORDER = ByteOrder.LITTLE_ENDIAN;
    static final int ALIGNMENT = 8;

    static final int MAGIC_OFFSET = 0;
    static final int CRC_OFFSET = 4;
    static final int LENGTH_OFFSET = 8;
    static final int VERSION_OFFSET = 12;
    static final int COMMIT_NUMBER_OFFSET = 16;
    static final int BLOCK_HEADER_LENGTH = 24;
    /** The CRC covers the block from here to its end. */
    static final int CRC_START = LENGTH_OFFSET;

    static final int WRITE = 1;
    static final int IMAGE = 2;
    static final int SEGMENT = 3;
    static final int ALLOCATOR = 4;

    static final int TYPE_OFFSET = 0;
    static final int PAYLOAD_LENGTH_OFFSET = 4;
    static final int OID_OFFSET = 8;
    static final int POSITION_OFFSET = 16;
    static final int CLASS_ID_OFFSET = 24;
    static final int RECORD_HEADER_LENGTH = 24;
    static final int IMAGE_HEADER_LENGTH = 32;

    private WalDescriptor() {
    }

    static int align(int length) {
        return BitUtil.align(length, ALIGNMENT);
    }

    /** The header length of a record of {@code type}, or -1 for an unknown type. */
    static int headerLength(int type) {
        switch (type) {
            case WRITE:
            case SEGMENT:
            case ALLOCATOR:
                return RECORD_HEADER_LENGTH;
            case IMAGE:
                return IMAGE_HEADER_LENGTH;
            default:
                return -1;
        }
    }

    static void putBlockHeader(MutableDirectBuffer buffer, int length, long commitNumber) {
        buffer.putInt(MAGIC_OFFSET, MAGIC, ORDER);
        buffer.putInt(CRC_OFFSET, 0, ORDER);
        buffer.putInt(LENGTH_OFFSET, length, ORDER);
        buffer.putInt(VERSION_OFFSET, FORMAT_VERSION, ORDER);
        buffer.putLong(COMMIT_NUMBER_OFFSET, commitNumber, ORDER);
    }

    static void putCrc(MutableDirectBuffer buffer, int crc) {
        buffer.putInt(CRC_OFFSET, crc, ORDER);
    }

    static int magic(DirectBuffer block) {
        return block.getInt(MAGIC_OFFSET, ORDER);
    }

    static int crc(DirectBuffer block) {
        return block.getInt(CRC_OFFSET, ORDER);
    }

    static int blockLength(DirectBuffer block) {
        return block.getInt(LENGTH_OFFSET, ORDER);
    }

    static int version(DirectBuffer block) {
        return block.getInt(VERSION_OFFSET, ORDER);
    }

    static long commitNumber(DirectBuffer block) {
        return block.getLong(COMMIT_NUMBER_OFFSET, ORDER);
    }

    /** Appends a WRITE record at {@code index}; returns the index after it. */
    static int putWrite(
        MutableDirectBuffer buffer, int index, long oid, long position, DirectBuffer src, int srcOffset, int length) {
        putRecordHeader(buffer, index, WRITE, length, oid, position);
        return putPayload(buffer, index + RECORD_HEADER_LENGTH, src, srcOffset, length);
    }

    /** Appends an IMAGE record at {@code index}; returns the index after it. */
    static int putImage(
        MutableDirectBuffer buffer, int index, long oid, int classId, long position,
        DirectBuffer src, int srcOffset, int length) {
        putRecordHeader(buffer, index, IMAGE, length, oid, position);
        buffer.putInt(index + CLASS_ID_OFFSET, classId, ORDER);
        buffer.putInt(index + CLASS_ID_OFFSET + 4, 0, ORDER);
        return putPayload(buffer, index + IMAGE_HEADER_LENGTH, src, srcOffset, length);
    }

    /** Appends a SEGMENT record at {@code index}; returns the index after it. */
    static int putSegment(MutableDirectBuffer buffer, int index, long segment, long tablePosition) {
        putRecordHeader(buffer, index, SEGMENT, 0, segment, tablePosition);
        return index + RECORD_HEADER_LENGTH;
    }

    /** Appends an ALLOCATOR record at {@code index}; returns the index after it. */
    static int putAllocator(MutableDirectBuffer buffer, int index, long nextOid, long nextFree) {
        putRecordHeader(buffer, index, ALLOCATOR, 0, nextOid, nextFree);
        return index + RECORD_HEADER_LENGTH;
    }

    private static void putRecordHeader(
        MutableDirectBuffer buffer, int index, int type, int payloadLength, long oid, long position) {
        buffer.putInt(index + TYPE_OFFSET, type, ORDER);
        buffer.putInt(index + PAYLOAD_LENGTH_OFFSET, payloadLength, ORDER);
        buffer.putLong(index + OID_OFFSET, oid, ORDER);
        buffer.putLong(index + POSITION_OFFSET, position, ORDER);
    }

    private static int putPayload(MutableDirectBuffer buffer, int index, DirectBuffer src, int srcOffset, int length) {
        buffer.putBytes(index, src, srcOffset, length);
        int end = index + length;
        int aligned = align(end);
        buffer.setMemory(end, aligned - end, (byte) 0);
        return aligned;
    }

    static int type(DirectBuffer buffer, int record) {
        return buffer.getInt(record + TYPE_OFFSET, ORDER);
    }

    static int payloadLength(DirectBuffer buffer, int record) {
        return buffer.getInt(record + PAYLOAD_LENGTH_OFFSET, ORDER);
    }

    /** The OID (WRITE, IMAGE), segment number (SEGMENT) or next OID (ALLOCATOR). */
    static long oid(DirectBuffer buffer, int record) {
        return buffer.getLong(record + OID_OFFSET, ORDER);
    }

    /** The payload's file offset (WRITE, IMAGE), table offset (SEGMENT) or next free byte (ALLOCATOR). */
    static long position(DirectBuffer buffer, int record) {
        return buffer.getLong(record + POSITION_OFFSET, ORDER);
    }

    static int classId(DirectBuffer buffer, int record) {
        return buffer.getInt(record + CLASS_ID_OFFSET, ORDER);
    }
}
