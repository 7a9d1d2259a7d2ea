package org.swizzle.store;

import static org.swizzle.store.WalDescriptor.BLOCK_HEADER_LENGTH;

import java.nio.file.Path;

import org.swizzle.StoreCorruptedException;

/**
 * A cursor over the records of one WAL block, section by section (see {@link WalDescriptor}),
 * checking that each is well formed before it is used: counts and varints that end inside the block
 * and fit their width, OIDs and released segments that ascend, ranges inside the block that do not
 * overlap, positions past the header page, and nothing but padding after the last section. A block that passes its CRC and
 * fails here was written wrong, which is reported as corruption naming the record's offset in the
 * WAL. Whether a PATCH's ranges fit its object is for the applier to check, which knows the object.
 */
final class WalRecords {
    private static final int INT_BITS = Integer.SIZE - 1;
    private static final int LONG_BITS = Long.SIZE - 1;
    private static final int UNSIGNED_INT_BITS = Integer.SIZE;

    private final Path walFile;
    private LittleEndianBuffer block;
    private long blockOffset;
    private int end;
    private int at;
    private int section;
    private int sections;
    private int left;
    private int sectionRecords;
    /** The OID, or segment, of the record before in this section; 0 before the first. */
    private long previousOid;

    private int record;
    private int type;
    private long oid;
    private long position;
    private int classId;
    private int crc;
    private int length;
    private int payload;
    private int rangeCount;
    private int rangesStart;
    private int patchEnd;
    private int lastRangeStart;
    private long oldPosition;
    private int oldLength;
    private int suffixLength;

    private int rangeAt;
    private int rangesLeft;
    private int rangeOffset;
    private int rangeLength;
    private int rangeIndex;

    WalRecords(Path walFile) {
        this.walFile = walFile;
    }

    /**
     * Starts before the first record of {@code block}, read from {@code blockOffset} of the WAL, whose
     * format version {@link WalDescriptor#checkVersion} passed.
     */
    WalRecords reset(LittleEndianBuffer block, long blockOffset) {
        this.block = block;
        this.blockOffset = blockOffset;
        this.end = WalDescriptor.blockLength(block);
        this.at = BLOCK_HEADER_LENGTH;
        this.section = -1;
        this.sections = WalDescriptor.sectionCount(WalDescriptor.version(block));
        this.left = 0;
        return this;
    }

    /** Lets go of the block read last, whose memory the store may let go of too. */
    void forgetBlock() {
        block = null;
    }

    /** Moves to the next record; {@code false} at the end of the block. */
    boolean next() {
        while (left == 0) {
            if (section == sections - 1) {
                checkPadding();
                return false;
            }
            startSection();
        }
        left--;
        record = at;
        switch (type) {
            case WalDescriptor.SEGMENT:
                readSegment();
                break;
            case WalDescriptor.IMAGE:
                readImage();
                break;
            case WalDescriptor.PATCH:
                readPatch();
                break;
            case WalDescriptor.FREE:
                oid = nextOid();
                break;
            case WalDescriptor.RELEASE:
                oid = nextSegment();
                break;
            case WalDescriptor.SPLICE:
                readSplice();
                break;
            default:
                readAllocator();
                break;
        }
        return true;
    }

    private void startSection() {
        section++;
        type = WalDescriptor.sectionType(section);
        record = at;
        long count = varint(INT_BITS, "record count");
        if (count > end - at || type == WalDescriptor.ALLOCATOR && count > 1) {
            throw corrupted("the " + WalDescriptor.typeName(type) + " section counts " + count + " records, more than"
                + (type == WalDescriptor.ALLOCATOR ? " one" : " the " + (end - at) + " bytes left in its block hold"));
        }
        left = (int) count;
        sectionRecords = left;
        previousOid = 0;
    }

    private void readSegment() {
        oid = varint(LONG_BITS, "segment");
        position = position("table offset");
        if (oid >= SegmentDirectory.MAX_SEGMENTS || position < ClusterFileDescriptor.FIRST_FREE) {
            throw corrupted("SEGMENT record of segment " + oid + " puts its table at offset " + position);
        }
    }

    private void readImage() {
        oid = nextOid();
        classId = (int) varint(UNSIGNED_INT_BITS, "class id");
        crc = crc();
        position = position("object offset");
        length = (int) varint(INT_BITS, "object length");
        if (position < ClusterFileDescriptor.FIRST_FREE) {
            throw corrupted("IMAGE record writes object " + oid + " at cluster file offset " + position
                + ", expected an offset past the header page");
        }
        payload = at;
        if (!skip(length)) {
            throw corrupted("the " + length + " bytes of the IMAGE of object " + oid + " at index " + at
                + " of its block run past the block's end, " + end);
        }
    }

    private void readPatch() {
        oid = nextOid();
        crc = crc();
        readRanges();
    }

    private void readSplice() {
        oid = nextOid();
        classId = (int) varint(UNSIGNED_INT_BITS, "class id");
        crc = crc();
        oldPosition = position("old offset");
        oldLength = (int) varint(INT_BITS, "old length");
        position = position("new offset");
        length = (int) varint(INT_BITS, "new length");
        suffixLength = (int) varint(INT_BITS, "suffix length");
        if (oldPosition < ClusterFileDescriptor.FIRST_FREE || position < ClusterFileDescriptor.FIRST_FREE) {
            throw corrupted("SPLICE record of object " + oid + " reads it at cluster file offset " + oldPosition
                + " and writes it at offset " + position + ", expected offsets past the header page");
        }
        if (position < oldPosition + oldLength && oldPosition < position + length) {
            throw corrupted("SPLICE record of object " + oid + " writes its " + length + " bytes at offset " + position
                + ", over the " + oldLength + " bytes at offset " + oldPosition + " it reads");
        }
        if (suffixLength > Math.min(oldLength, length)) {
            throw corrupted("SPLICE record of object " + oid + " copies a suffix of " + suffixLength
                + " bytes, more than its old length " + oldLength + " or its new length " + length);
        }
        int front = length - suffixLength;
        readRanges();
        int copied = Math.min(front, oldLength - suffixLength);
        boolean covered = front == copied || rangeCount > 0 && lastRangeStart <= copied && patchEnd == front;
        if (patchEnd > front || !covered) {
            throw corrupted("the ranges of the SPLICE record of object " + oid + " end at byte " + patchEnd
                + ", but must end by byte " + front + " and cover bytes " + copied + " to " + front
                + ", past the old bytes before the suffix");
        }
    }

    /** Reads the ranges of a PATCH or SPLICE, checking that they fit the block and the largest object length. */
    private void readRanges() {
        rangeCount = (int) varint(INT_BITS, "range count");
        rangesStart = at;
        long rangeEnd = 0;
        lastRangeStart = 0;
        String record = WalDescriptor.typeName(type);
        for (int i = 0; i < rangeCount; i++) {
            long offset = rangeEnd + varint(INT_BITS, "range offset");
            int bytes = (int) varint(INT_BITS, "range length");
            rangeEnd = offset + bytes;
            if (rangeEnd > Integer.MAX_VALUE) {
                throw corrupted("range " + i + " of the " + record + " record of object " + oid + " (offset " + offset
                    + ", length " + bytes + ") ends past the largest object length");
            }
            if (!skip(bytes)) {
                throw corrupted("range " + i + " of the " + record + " record of object " + oid + " (offset " + offset
                    + ", length " + bytes + ") at index " + at + " of its block runs past the block's end, " + end);
            }
            lastRangeStart = (int) offset;
        }
        patchEnd = (int) rangeEnd;
        startRanges();
    }

    private void readAllocator() {
        oid = varint(LONG_BITS, "next OID");
        position = varint(LONG_BITS, "allocated end");
        if (oid < Oids.FIRST_NEW_OID || position <= ClusterFileDescriptor.FIRST_FREE) {
            throw corrupted("ALLOCATOR record with next OID " + oid + " and allocated end " + position);
        }
    }

    private long nextOid() {
        long delta = varint(LONG_BITS, "OID delta");
        if (delta == 0 || delta > Long.MAX_VALUE - previousOid) {
            throw corrupted(WalDescriptor.typeName(type) + " record of OID " + previousOid + " + " + delta
                + ": OIDs in a section must ascend, and stay below 2^63");
        }
        previousOid += delta;
        return previousOid;
    }

    /** The segment of a RELEASE: the first as it is, each later one past the one before it. */
    private long nextSegment() {
        boolean first = left == sectionRecords - 1;
        long delta = varint(LONG_BITS, "segment delta");
        if (!first && delta == 0 || delta >= SegmentDirectory.MAX_SEGMENTS - previousOid) {
            throw corrupted("RELEASE record of segment " + previousOid + " + " + delta + ": segments in a section must"
                + " ascend, and stay below " + SegmentDirectory.MAX_SEGMENTS);
        }
        previousOid += delta;
        return previousOid;
    }

    private long position(String what) {
        long units = varint(LONG_BITS, what);
        if (units > Long.MAX_VALUE / WalDescriptor.POSITION_UNIT) {
            throw corrupted(WalDescriptor.typeName(type) + " record with " + what + " " + units + " * "
                + WalDescriptor.POSITION_UNIT + ", past the largest file offset");
        }
        return units * WalDescriptor.POSITION_UNIT;
    }

    private int crc() {
        int start = at;
        if (!skip(WalDescriptor.CRC_LENGTH)) {
            throw corrupted("the CRC32C of a " + WalDescriptor.typeName(type) + " record at index " + at
                + " of its block runs past the block's end, " + end);
        }
        return WalDescriptor.crcAt(block, start);
    }

    private long varint(int bits, String what) {
        long value = Varints.get(block, at, end, bits);
        if (value == Varints.MALFORMED) {
            throw corrupted("the " + what + " at index " + at + " of the block, in its " + WalDescriptor.typeName(type)
                + " section, runs past the block's end, " + end + ", or is not a varint of at most " + bits + " bits");
        }
        at += Varints.length(value);
        return value;
    }

    /** Steps over {@code bytes} bytes; {@code false}, without moving, if they run past the block's end. */
    private boolean skip(int bytes) {
        if (bytes > end - at) {
            return false;
        }
        at += bytes;
        return true;
    }

    private void checkPadding() {
        boolean zeros = end - at < WalDescriptor.ALIGNMENT;
        for (int i = at; zeros && i < end; i++) {
            zeros = block.getByte(i) == 0;
        }
        if (!zeros) {
            record = at;
            throw corrupted("the records end at index " + at + " of the " + end + "-byte block, followed by bytes"
                + " that are not its padding");
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

    /** The OID (PATCH, IMAGE, FREE, SPLICE), segment number (SEGMENT, RELEASE) or next OID (ALLOCATOR). */
    long oid() {
        return oid;
    }

    /** The object's file offset (IMAGE, SPLICE: its new one), table offset (SEGMENT) or allocated end (ALLOCATOR). */
    long position() {
        return position;
    }

    /** The class id of an IMAGE or SPLICE. */
    int classId() {
        return classId;
    }

    /** The CRC32C of the object's bytes once the record is applied (PATCH, IMAGE, SPLICE). */
    int objectCrc() {
        return crc;
    }

    /** The object's length (IMAGE, SPLICE: its new one). */
    int length() {
        return length;
    }

    /** Where a SPLICE reads its object's old bytes. */
    long oldPosition() {
        return oldPosition;
    }

    /** How many old bytes a SPLICE reads. */
    int oldLength() {
        return oldLength;
    }

    /** How many bytes at the end of a SPLICE's object are the old bytes' last ones. */
    int suffixLength() {
        return suffixLength;
    }

    /** The index in the block of the object's bytes (IMAGE). */
    int payloadIndex() {
        return payload;
    }

    /** The ranges of a PATCH or SPLICE. */
    int rangeCount() {
        return rangeCount;
    }

    /** Where the last range of a PATCH or SPLICE ends in its object: the object must be at least this long. */
    int patchEnd() {
        return patchEnd;
    }

    /** Moves to the next range of the current PATCH or SPLICE; {@code false} after its last. */
    boolean nextRange() {
        if (rangesLeft == 0) {
            return false;
        }
        rangesLeft--;
        int offsetDelta = (int) Varints.get(block, rangeAt, end, INT_BITS);
        rangeAt += Varints.length(offsetDelta);
        rangeOffset += rangeLength + offsetDelta;
        rangeLength = (int) Varints.get(block, rangeAt, end, INT_BITS);
        rangeAt += Varints.length(rangeLength);
        rangeIndex = rangeAt;
        rangeAt += rangeLength;
        return true;
    }

    private void startRanges() {
        rangeAt = rangesStart;
        rangesLeft = rangeCount;
        rangeOffset = 0;
        rangeLength = 0;
    }

    /** The current range's offset in its object. */
    int rangeOffset() {
        return rangeOffset;
    }

    int rangeLength() {
        return rangeLength;
    }

    /** The index in the block of the current range's bytes. */
    int rangeIndex() {
        return rangeIndex;
    }
}
