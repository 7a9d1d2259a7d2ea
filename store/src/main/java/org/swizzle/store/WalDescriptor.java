package org.swizzle.store;

import java.nio.ByteOrder;

import org.agrona.BitUtil;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * Layout of the redo write-ahead log {@code swizzle.wal}: a file header, then one block per commit,
 * each appended in one write. A checkpoint resets the log to its header, naming the checkpoint the
 * log now follows (its <em>epoch</em>).
 *
 * <p>A block is complete when its length fits in the file and its CRC32C matches; recovery replays
 * complete blocks of the current epoch in order, skips blocks of an older epoch (already in the
 * checkpoint: a crash cut the reset short), and treats a block that fails its checks as the torn
 * tail of the log only when no complete block follows it (see {@link WalScanner}). Every record is
 * a blind positional write (it carries the absolute file positions of its bytes), so applying a
 * block twice yields the same files. All values are little-endian; blocks, records and ranges start
 * on 8-byte boundaries.
 *
 * <p>The magic (bytes 0 to 7), the format version (bytes 8 to 11) and the place of the header's
 * CRC32C (bytes 28 to 31, over the bytes before it) are the outer layout every format version of this
 * file keeps, so that a damaged header is told from a newer one: see {@link FileHeader}.
 *
 * <pre>
 * File header:
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+  0
 *  |                    Magic "SWZWALOG"                           |
 *  |                                                               |
 *  +---------------------------------------------------------------+  8
 *  |                     Format version (2)                        |
 *  +---------------------------------------------------------------+ 12
 *  |                          Zeros                                |
 *  +---------------------------------------------------------------+ 16
 *  |         Epoch: the checkpoint sequence the log follows        |
 *  |                                                               |
 *  +---------------------------------------------------------------+ 24
 *  |                          Zeros                                |
 *  +---------------------------------------------------------------+ 28
 *  |                CRC32C of bytes 0 to 27                        |
 *  +---------------------------------------------------------------+ 32
 *
 * Block header:
 *  +---------------------------------------------------------------+  0
 *  |                        Magic "SWZW"                           |
 *  +---------------------------------------------------------------+  4
 *  |            CRC32C of the block from byte 8 to its end         |
 *  +---------------------------------------------------------------+  8
 *  |           Block length, header and padding included           |
 *  +---------------------------------------------------------------+ 12
 *  |                     Format version (2)                        |
 *  +---------------------------------------------------------------+ 16
 *  |                        Commit number                          |
 *  |                                                               |
 *  +---------------------------------------------------------------+ 24
 *  |                  Epoch, as in the file header                 |
 *  |                                                               |
 *  +---------------------------------------------------------------+ 32
 *  |                     Records ...                              ...
 *
 * Record header, common to all types:
 *  +---------------------------------------------------------------+  0
 *  |     Type: 1 PATCH, 2 IMAGE, 3 SEGMENT, 4 ALLOCATOR            |
 *  +---------------------------------------------------------------+  4
 *  |          Payload length (0 for SEGMENT, ALLOCATOR)            |
 *  +---------------------------------------------------------------+  8
 *  |   PATCH, IMAGE: OID | SEGMENT: segment | ALLOCATOR: next OID  |
 *  |                                                               |
 *  +---------------------------------------------------------------+ 16
 *  |  PATCH, IMAGE: file offset of the object's bytes              |
 *  |  SEGMENT: file offset of its table | ALLOCATOR: allocated end |
 *  +---------------------------------------------------------------+ 24
 * IMAGE continues:
 *  |                          Class id                             |
 *  +---------------------------------------------------------------+ 28
 *  |               CRC32C of the object's bytes                    |
 *  +---------------------------------------------------------------+ 32
 *  |          Payload: the object's bytes, padded to 8            ...
 * PATCH continues:
 *  |                  Object length in bytes                       |
 *  +---------------------------------------------------------------+ 28
 *  |                          Class id                             |
 *  +---------------------------------------------------------------+ 32
 *  |          CRC32C of the object's new bytes                     |
 *  +---------------------------------------------------------------+ 36
 *  |                       Range count                             |
 *  +---------------------------------------------------------------+ 40
 *  |  Payload: ranges, each: offset in the object (4), length (4), |
 *  |  the bytes, padded to 8                                      ...
 * </pre>
 *
 * <ul>
 * <li>PATCH: the changed byte ranges of an existing object, written over its bytes, and its table
 * entry rewritten with the new checksum.</li>
 * <li>IMAGE: the whole bytes of a new, moved or resized object at their place; also sets the
 * object's table entry to (offset, length, class id, checksum).</li>
 * <li>SEGMENT: a new logical segment: write its table of empty entries and its directory entry.</li>
 * <li>ALLOCATOR: the allocator state after this commit.</li>
 * </ul>
 */
final class WalDescriptor {
    static final String FILE_NAME = "swizzle.wal";
    static final long FILE_MAGIC = Ascii.magic8("SWZWALOG");
    static final int BLOCK_MAGIC = Ascii.magic4("SWZW");
    static final int FORMAT_VERSION = 2;
    static final ByteOrder ORDER = ByteOrder.LITTLE_ENDIAN;
    static final int ALIGNMENT = 8;

    static final int FILE_MAGIC_OFFSET = 0;
    static final int FILE_VERSION_OFFSET = 8;
    static final int EPOCH_OFFSET = 16;
    static final int FILE_CRC_OFFSET = 28;
    static final int FILE_HEADER_LENGTH = 32;
    /** The file header's outer layout, fixed for every format version. */
    static final FileHeader FILE_HEADER = new FileHeader(FILE_MAGIC, "write-ahead log", FILE_CRC_OFFSET, FORMAT_VERSION);

    static final int MAGIC_OFFSET = 0;
    static final int CRC_OFFSET = 4;
    static final int LENGTH_OFFSET = 8;
    static final int VERSION_OFFSET = 12;
    static final int COMMIT_NUMBER_OFFSET = 16;
    static final int BLOCK_EPOCH_OFFSET = 24;
    static final int BLOCK_HEADER_LENGTH = 32;
    /** The CRC covers the block from here to its end. */
    static final int CRC_START = LENGTH_OFFSET;

    static final int PATCH = 1;
    static final int IMAGE = 2;
    static final int SEGMENT = 3;
    static final int ALLOCATOR = 4;

    static final int TYPE_OFFSET = 0;
    static final int PAYLOAD_LENGTH_OFFSET = 4;
    static final int OID_OFFSET = 8;
    static final int POSITION_OFFSET = 16;
    static final int RECORD_HEADER_LENGTH = 24;

    static final int IMAGE_CLASS_ID_OFFSET = 24;
    static final int IMAGE_CRC_OFFSET = 28;
    static final int IMAGE_HEADER_LENGTH = 32;

    static final int PATCH_LENGTH_OFFSET = 24;
    static final int PATCH_CLASS_ID_OFFSET = 28;
    static final int PATCH_CRC_OFFSET = 32;
    static final int PATCH_RANGE_COUNT_OFFSET = 36;
    static final int PATCH_HEADER_LENGTH = 40;

    static final int RANGE_OFFSET_OFFSET = 0;
    static final int RANGE_LENGTH_OFFSET = 4;
    static final int RANGE_HEADER_LENGTH = 8;

    private WalDescriptor() {
    }

    static int align(int length) {
        return BitUtil.align(length, ALIGNMENT);
    }

    /** The header length of a record of {@code type}, or -1 for an unknown type. */
    static int headerLength(int type) {
        switch (type) {
            case SEGMENT:
            case ALLOCATOR:
                return RECORD_HEADER_LENGTH;
            case IMAGE:
                return IMAGE_HEADER_LENGTH;
            case PATCH:
                return PATCH_HEADER_LENGTH;
            default:
                return -1;
        }
    }

    // ---- file header ----

    static void putFileHeader(MutableDirectBuffer buffer, long epoch, Checksums checksums) {
        buffer.setMemory(0, FILE_HEADER_LENGTH, (byte) 0);
        buffer.putLong(FILE_MAGIC_OFFSET, FILE_MAGIC, ORDER);
        buffer.putInt(FILE_VERSION_OFFSET, FORMAT_VERSION, ORDER);
        buffer.putLong(EPOCH_OFFSET, epoch, ORDER);
        buffer.putInt(FILE_CRC_OFFSET, checksums.of(buffer, 0, FILE_CRC_OFFSET), ORDER);
    }


    static long epoch(DirectBuffer header) {
        return header.getLong(EPOCH_OFFSET, ORDER);
    }


    // ---- block header ----

    static void putBlockHeader(MutableDirectBuffer buffer, int length, long commitNumber, long epoch) {
        buffer.putInt(MAGIC_OFFSET, BLOCK_MAGIC, ORDER);
        buffer.putInt(CRC_OFFSET, 0, ORDER);
        buffer.putInt(LENGTH_OFFSET, length, ORDER);
        buffer.putInt(VERSION_OFFSET, FORMAT_VERSION, ORDER);
        buffer.putLong(COMMIT_NUMBER_OFFSET, commitNumber, ORDER);
        buffer.putLong(BLOCK_EPOCH_OFFSET, epoch, ORDER);
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

    static long blockEpoch(DirectBuffer block) {
        return block.getLong(BLOCK_EPOCH_OFFSET, ORDER);
    }

    // ---- records ----

    /** Appends an IMAGE record at {@code index}; returns the index after it. */
    static int putImage(MutableDirectBuffer buffer, int index, long oid, int classId, int crc, long position,
        DirectBuffer src, int srcOffset, int length) {
        putRecordHeader(buffer, index, IMAGE, length, oid, position);
        buffer.putInt(index + IMAGE_CLASS_ID_OFFSET, classId, ORDER);
        buffer.putInt(index + IMAGE_CRC_OFFSET, crc, ORDER);
        return putPadded(buffer, index + IMAGE_HEADER_LENGTH, src, srcOffset, length);
    }

    /** Writes the header of a PATCH record at {@code index}, once its ranges are in place after it. */
    static void putPatchHeader(MutableDirectBuffer buffer, int index, long oid, long position, int objectLength,
        int classId, int crc, int rangeCount, int payloadLength) {
        putRecordHeader(buffer, index, PATCH, payloadLength, oid, position);
        buffer.putInt(index + PATCH_LENGTH_OFFSET, objectLength, ORDER);
        buffer.putInt(index + PATCH_CLASS_ID_OFFSET, classId, ORDER);
        buffer.putInt(index + PATCH_CRC_OFFSET, crc, ORDER);
        buffer.putInt(index + PATCH_RANGE_COUNT_OFFSET, rangeCount, ORDER);
    }

    /** Appends a range of a PATCH record at {@code index}; returns the index after it. */
    static int putRange(MutableDirectBuffer buffer, int index, int offsetInObject, DirectBuffer src, int srcOffset,
        int length) {
        buffer.putInt(index + RANGE_OFFSET_OFFSET, offsetInObject, ORDER);
        buffer.putInt(index + RANGE_LENGTH_OFFSET, length, ORDER);
        return putPadded(buffer, index + RANGE_HEADER_LENGTH, src, srcOffset, length);
    }

    /** Appends a SEGMENT record at {@code index}; returns the index after it. */
    static int putSegment(MutableDirectBuffer buffer, int index, long segment, long tablePosition) {
        putRecordHeader(buffer, index, SEGMENT, 0, segment, tablePosition);
        return index + RECORD_HEADER_LENGTH;
    }

    /** Appends an ALLOCATOR record at {@code index}; returns the index after it. */
    static int putAllocator(MutableDirectBuffer buffer, int index, long nextOid, long allocatedEnd) {
        putRecordHeader(buffer, index, ALLOCATOR, 0, nextOid, allocatedEnd);
        return index + RECORD_HEADER_LENGTH;
    }

    private static void putRecordHeader(
        MutableDirectBuffer buffer, int index, int type, int payloadLength, long oid, long position) {
        buffer.putInt(index + TYPE_OFFSET, type, ORDER);
        buffer.putInt(index + PAYLOAD_LENGTH_OFFSET, payloadLength, ORDER);
        buffer.putLong(index + OID_OFFSET, oid, ORDER);
        buffer.putLong(index + POSITION_OFFSET, position, ORDER);
    }

    private static int putPadded(MutableDirectBuffer buffer, int index, DirectBuffer src, int srcOffset, int length) {
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

    /** The OID (PATCH, IMAGE), segment number (SEGMENT) or next OID (ALLOCATOR). */
    static long oid(DirectBuffer buffer, int record) {
        return buffer.getLong(record + OID_OFFSET, ORDER);
    }

    /** The object's file offset (PATCH, IMAGE), table offset (SEGMENT) or allocated end (ALLOCATOR). */
    static long position(DirectBuffer buffer, int record) {
        return buffer.getLong(record + POSITION_OFFSET, ORDER);
    }

    static int imageClassId(DirectBuffer buffer, int record) {
        return buffer.getInt(record + IMAGE_CLASS_ID_OFFSET, ORDER);
    }

    static int imageCrc(DirectBuffer buffer, int record) {
        return buffer.getInt(record + IMAGE_CRC_OFFSET, ORDER);
    }

    static int patchLength(DirectBuffer buffer, int record) {
        return buffer.getInt(record + PATCH_LENGTH_OFFSET, ORDER);
    }

    static int patchClassId(DirectBuffer buffer, int record) {
        return buffer.getInt(record + PATCH_CLASS_ID_OFFSET, ORDER);
    }

    static int patchCrc(DirectBuffer buffer, int record) {
        return buffer.getInt(record + PATCH_CRC_OFFSET, ORDER);
    }

    static int patchRangeCount(DirectBuffer buffer, int record) {
        return buffer.getInt(record + PATCH_RANGE_COUNT_OFFSET, ORDER);
    }

    static int rangeOffset(DirectBuffer buffer, int range) {
        return buffer.getInt(range + RANGE_OFFSET_OFFSET, ORDER);
    }

    static int rangeLength(DirectBuffer buffer, int range) {
        return buffer.getInt(range + RANGE_LENGTH_OFFSET, ORDER);
    }
}
