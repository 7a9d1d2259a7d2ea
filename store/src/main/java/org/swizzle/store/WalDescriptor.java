package org.swizzle.store;

import java.nio.file.Path;

import org.agrona.BitUtil;

/**
 * Layout of the redo write-ahead log {@code swizzle.wal}: a file header, then one block per commit,
 * each appended in one write. A checkpoint resets the log to its header, naming the checkpoint the
 * log now follows (its <em>epoch</em>).
 *
 * <p>A block is complete when its length fits in the file and its CRC32C matches; recovery replays
 * complete blocks of the current epoch in order, skips blocks of an older epoch (already in the
 * checkpoint: a crash cut the reset short), and treats a block that fails its checks as the torn
 * tail of the log only when no complete block follows it (see {@link WalScanner}). Fixed-width
 * values are little-endian. Blocks start and end on 8-byte boundaries; the records inside a block
 * are packed, without alignment, and most of their numbers are unsigned LEB128 varints
 * ({@link Varints}), so that a small change logs a few bytes more than the bytes that changed.
 *
 * <p>The header names the store the log belongs to by the id its checkpoints carry (see
 * {@link ClusterFileDescriptor}): a log put beside another store's files is refused, naming both ids,
 * before anything of it is replayed. A log whose header names store 0 was written before stores had an
 * id, and is taken as the store's own; the store's next checkpoint writes its id.
 *
 * <p>The magic (bytes 0 to 7), the format version (bytes 8 to 11) and the place of the header's
 * CRC32C (bytes 28 to 31, over the bytes before it) are the outer layout every format version of this
 * file keeps, so that a damaged header is told from a newer one: see {@link FileHeader}. Each block
 * names its own format version. Blocks of the two versions before this one are read as they are: those
 * of version 4 ({@link #VERSION_WITHOUT_SPLICE}) are the blocks of this version without the SPLICE
 * section, those of version 3 ({@link #VERSION_WITHOUT_FREE}) without the FREE, RELEASE and SPLICE
 * sections. (Format 4 gained its RELEASE section before any release of the library wrote format 4, so
 * every format-4 block has both FREE and RELEASE.)
 * A log of version 2 ({@link #UPGRADABLE_VERSION}) that holds no block, which is what closing a store
 * leaves, is read too; one that holds blocks is refused, since its records cannot be read. Opening a
 * store writable rewrites an older log header to this version.
 *
 * <pre>
 * File header:
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+  0
 *  |                    Magic "SWZWALOG"                           |
 *  |                                                               |
 *  +---------------------------------------------------------------+  8
 *  |                     Format version (5)                        |
 *  +---------------------------------------------------------------+ 12
 *  |          Store id, low 32 bits (as in the checkpoint)         |
 *  +---------------------------------------------------------------+ 16
 *  |         Epoch: the checkpoint sequence the log follows        |
 *  |                                                               |
 *  +---------------------------------------------------------------+ 24
 *  |          Store id, high 32 bits                               |
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
 *  |                 Format version (5, 4 or 3)                    |
 *  +---------------------------------------------------------------+ 16
 *  |                        Commit number                          |
 *  |                                                               |
 *  +---------------------------------------------------------------+ 24
 *  |                  Epoch, as in the file header                 |
 *  |                                                               |
 *  +---------------------------------------------------------------+ 32
 *  |                     Records ...                              ...
 *
 * Records: seven sections in this order (six in a block of version 4, which has no SPLICE section; four
 * in a block of version 3, which has no FREE, RELEASE or SPLICE section), each a count, then that many
 * records of one type.
 * (v) marks an unsigned LEB128 varint of 1 to 9 bytes; CRC32C values take 4 bytes.
 *  +------------------------------+
 *  | SEGMENT count (v)            |
 *  +------------------------------+
 *  | SEGMENT records:             |  segment (v), table offset / 8 (v)
 *  +------------------------------+
 *  | IMAGE count (v)              |
 *  +------------------------------+
 *  | IMAGE records:               |  OID delta (v), class id (v, as unsigned 32 bits),
 *  |                              |  CRC32C of the object's bytes, object offset / 8 (v),
 *  |                              |  length (v), the object's bytes
 *  +------------------------------+
 *  | PATCH count (v)              |
 *  +------------------------------+
 *  | PATCH records:               |  OID delta (v), CRC32C of the object's new bytes,
 *  |                              |  range count (v), then per range:
 *  |                              |    offset delta (v), length (v), the bytes
 *  +------------------------------+
 *  | ALLOCATOR count (v): 0 or 1  |
 *  +------------------------------+
 *  | ALLOCATOR record:            |  next OID (v), allocated end (v)
 *  +------------------------------+
 *  | FREE count (v)               |
 *  +------------------------------+
 *  | FREE records:                |  OID delta (v)
 *  +------------------------------+
 *  | RELEASE count (v)            |
 *  +------------------------------+
 *  | RELEASE records:             |  segment delta (v)
 *  +------------------------------+
 *  | SPLICE count (v)             |
 *  +------------------------------+
 *  | SPLICE records:              |  OID delta (v), class id (v, as unsigned 32 bits),
 *  |                              |  CRC32C of the object's new bytes,
 *  |                              |  old offset / 8 (v), old length (v),
 *  |                              |  new offset / 8 (v), new length (v),
 *  |                              |  suffix length (v), range count (v), then
 *  |                              |  ranges as in a PATCH
 *  +------------------------------+
 *  | Zeros, to a multiple of 8    |
 *  +------------------------------+
 * </pre>
 *
 * <p>The OIDs of the IMAGE section, those of the PATCH section, those of the FREE section and those of
 * the SPLICE section ascend; each is logged as its difference from the OID before it in its section (the
 * first from 0), so at least 1; an OID is in at most one of these four sections of a block. The segments of the RELEASE
 * section ascend too, each logged as its difference from the segment before it (the first as it is,
 * since segment 0 may be released), so at least 1 after the first. A range is placed by its offset in
 * the object, logged as its distance from the end of the range before it in its record (the first
 * from 0). Offsets in the cluster file are multiples of 8
 * ({@link SegmentTableDescriptor#ALIGNMENT}), logged divided by 8.
 *
 * <ul>
 * <li>SEGMENT: a new logical segment, or the new place of a segment's table that compaction moves: write
 * a table of empty entries there and the segment's directory entry. A moved table's block holds an IMAGE of
 * every live object of the segment (at its old place unless it moves too), which fills the new table; the
 * old table's space is free once the block is applied.</li>
 * <li>IMAGE: the whole bytes of a new, moved or resized object, written at their offset; also sets
 * the object's table entry to (offset, length, class id, checksum).</li>
 * <li>PATCH: the changed byte ranges of an existing object whose place, length and class id stay.
 * It names no offset: the ranges are written over the object where its table entry says it lies
 * (the entry checked against its checksum, the ranges against its length), and the entry is
 * rewritten with the new checksum. The entry is the one the PATCH applies to
 * because a block's sections are applied in order (its IMAGEs, which may move an object, before its
 * PATCHes) and blocks in log order; when recovery replays blocks whose effects, and those of later
 * blocks, already reached the cluster file, an entry may be one that a later block wrote, which
 * still gives the object's place unless a later block holds an IMAGE of the object, and recovery
 * then skips the PATCH, or a SPLICE of it, and recovery then writes the PATCH where the first such SPLICE
 * reads the object (see {@link ReplayPlan}).</li>
 * <li>ALLOCATOR: the allocator state after this commit, when the commit changed it. Compaction lowers the
 * allocated end, past clusters that nothing in the files references once the blocks before are applied; a block
 * may then hold this record alone.</li>
 * <li>FREE: an object removed: its table entry is written empty, as a new table's entries are, so the
 * object reads as one never written, and the space its entry gave it is free once the block is applied.
 * Freeing an object whose entry is already empty changes nothing. Its OID is never handed out again
 * (the allocator's next OID only grows; only the reserved root and catalog OIDs may be put anew), so a
 * reference that outlives the object finds no object.
 * Recovery skips a PATCH of an object that a later block frees, as it skips one that a later block
 * images: the entry that PATCH would follow may be the empty one the FREE wrote.</li>
 * <li>RELEASE: a segment left without a live object by this commit (its last ones freed by this block or
 * earlier), and below the segment that new OIDs are handed out from once this commit is applied: its
 * directory entry is written empty, as that of a segment that never had a table, so its OIDs read as
 * never written, and the table's space is free once the block is applied. Its OIDs are never handed out
 * again; only segment 0 may get a table again, by a SEGMENT record, when the reserved root or catalog
 * object is put anew. A RELEASE follows the FREEs of its block, which write into the table it releases.
 * When recovery replays a block whose records write into the table of a segment that a RELEASE of that
 * block or a later one releases, and the segment has no table when it gets there (the release was
 * applied before the crash, and its space may hold other objects since), it skips those records: their
 * objects are all freed by then (see {@link ReplayPlan}).</li>
 * <li>SPLICE: the new bytes of an existing object whose length changed and whose class id stays, built
 * from its old bytes, which the record names by their offset and length: of the new length {@code n} and
 * suffix length {@code s}, the last {@code s} bytes are the last {@code s} old bytes; the first
 * {@code n - s} bytes are the old bytes at the same offsets, as far as the old bytes before their last
 * {@code s} reach, with the record's ranges written over them (ranges lie in those first {@code n - s}
 * bytes, and cover every one of them past the old bytes before the suffix). An insertion or deletion at
 * one place, with changes before it (a collection's size), so logs about the bytes that changed. The new
 * bytes go to the new offset, never where the old ones are (copying a suffix over itself is not
 * idempotent), are checked against the record's CRC32C before they are written, and the object's table
 * entry is set to (new offset, new length, class id, checksum), as an IMAGE sets it. The space of the old
 * bytes is free once the block is applied, but no commit may place anything there until a checkpoint
 * makes the record unreplayable: recovery replays it from that space (see {@link FreeSpace#hold}).
 * <br>Replaying it is sound because of what the replay writes before it: the block that put the object's
 * old bytes at the old offset (an IMAGE, or a SPLICE whose own source is sound, the same way), or the
 * checkpoint, when they were written before it; and the PATCHes in between, which recovery writes at the
 * old offset of the first SPLICE of their object after them, not where the entry, which a later block may
 * have rewritten, says (see {@link ReplayPlan}). No block between the checkpoint the replay starts from
 * and the SPLICE places another object there (the object was live there), and none after it does (the
 * space is held). So the old bytes are the ones the SPLICE first read. A later block that images or frees
 * the object makes recovery skip the SPLICE, as it skips a PATCH: that IMAGE rewrites the object whole,
 * that FREE empties its entry, and the space the SPLICE wrote may hold other objects since. A later SPLICE
 * of the object does not: it reads what this one wrote. Were the old bytes overwritten all the same (a
 * store written without the hold, or damaged), the spliced bytes fail the CRC32C, and replaying the
 * record reports the store corrupted instead of writing them.</li>
 * </ul>
 *
 * <p>So applying a block twice, or a block and the blocks after it twice, yields the same files.
 */
final class WalDescriptor {
    static final String FILE_NAME = "swizzle.wal";
    static final long FILE_MAGIC = Ascii.magic8("SWZWALOG");
    static final int BLOCK_MAGIC = Ascii.magic4("SWZW");
    static final int FORMAT_VERSION = 5;
    /** The format version before this one, whose blocks are read as they are: they have no SPLICE section. */
    static final int VERSION_WITHOUT_SPLICE = 4;
    /** The format version before that, whose blocks are read as they are: they have no FREE, RELEASE or SPLICE section. */
    static final int VERSION_WITHOUT_FREE = 3;
    /** The older format version whose empty log an open upgrades; its blocks cannot be read. */
    static final int UPGRADABLE_VERSION = 2;
    /** Blocks start and end on this boundary. */
    static final int ALIGNMENT = 8;

    static final int FILE_MAGIC_OFFSET = 0;
    static final int FILE_VERSION_OFFSET = 8;
    static final int STORE_ID_LOW_OFFSET = 12;
    static final int EPOCH_OFFSET = 16;
    static final int STORE_ID_HIGH_OFFSET = 24;
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
    static final int FREE = 5;
    static final int RELEASE = 6;
    static final int SPLICE = 7;
    /** The record types of a block's sections, in order. */
    private static final int[] SECTIONS = {SEGMENT, IMAGE, PATCH, ALLOCATOR, FREE, RELEASE, SPLICE};
    /** The sections of a block of {@link #VERSION_WITHOUT_SPLICE}: those before SPLICE. */
    private static final int SECTIONS_WITHOUT_SPLICE = 6;
    /** The sections of a block of {@link #VERSION_WITHOUT_FREE}: those before FREE. */
    private static final int SECTIONS_WITHOUT_FREE = 4;

    /** Cluster file offsets are logged divided by this; objects and tables start on it. */
    static final int POSITION_UNIT = SegmentTableDescriptor.ALIGNMENT;
    static final int CRC_LENGTH = Integer.BYTES;
    /**
     * The header of a range whose offset delta and length are both below 128, as most are: what
     * {@link ByteDiff} weighs against logging the equal bytes between two changes.
     */
    static final int SMALL_RANGE_HEADER_LENGTH = 2;

    private WalDescriptor() {
    }

    static int align(int length) {
        return BitUtil.align(length, ALIGNMENT);
    }

    /** The record type of section {@code index} of a block. */
    static int sectionType(int index) {
        return SECTIONS[index];
    }

    /** The sections of a block of format version {@code version}, which {@link #checkVersion} passed. */
    static int sectionCount(int version) {
        switch (version) {
            case VERSION_WITHOUT_FREE:
                return SECTIONS_WITHOUT_FREE;
            case VERSION_WITHOUT_SPLICE:
                return SECTIONS_WITHOUT_SPLICE;
            default:
                return SECTIONS.length;
        }
    }

    /**
     * Checks that this version reads the block at {@code blockOffset} of {@code walFile}: one of this
     * format version, of {@link #VERSION_WITHOUT_SPLICE} or of {@link #VERSION_WITHOUT_FREE}.
     *
     * @throws org.swizzle.StoreFormatException a block of another version
     */
    static void checkVersion(Path walFile, long blockOffset, LittleEndianBuffer block) {
        int version = version(block);
        if (version != FORMAT_VERSION && version != VERSION_WITHOUT_SPLICE && version != VERSION_WITHOUT_FREE) {
            throw Formats.unsupportedVersion(walFile, blockOffset + VERSION_OFFSET, version, FORMAT_VERSION);
        }
    }

    static String typeName(int type) {
        switch (type) {
            case PATCH:
                return "PATCH";
            case IMAGE:
                return "IMAGE";
            case SEGMENT:
                return "SEGMENT";
            case FREE:
                return "FREE";
            case RELEASE:
                return "RELEASE";
            case SPLICE:
                return "SPLICE";
            default:
                return "ALLOCATOR";
        }
    }

    // ---- file header ----

    static void putFileHeader(LittleEndianBuffer buffer, long epoch, long storeId, Checksums checksums) {
        buffer.setMemory(0, FILE_HEADER_LENGTH, (byte) 0);
        buffer.putLong(FILE_MAGIC_OFFSET, FILE_MAGIC);
        buffer.putInt(FILE_VERSION_OFFSET, FORMAT_VERSION);
        buffer.putInt(STORE_ID_LOW_OFFSET, (int) storeId);
        buffer.putLong(EPOCH_OFFSET, epoch);
        buffer.putInt(STORE_ID_HIGH_OFFSET, (int) (storeId >>> 32));
        buffer.putInt(FILE_CRC_OFFSET, checksums.of(buffer, 0, FILE_CRC_OFFSET));
    }


    static int fileVersion(LittleEndianBuffer header) {
        return header.getInt(FILE_VERSION_OFFSET);
    }

    static long epoch(LittleEndianBuffer header) {
        return header.getLong(EPOCH_OFFSET);
    }

    /** The store id the header names; 0 in a log written before stores had one. */
    static long storeId(LittleEndianBuffer header) {
        return (long) header.getInt(STORE_ID_HIGH_OFFSET) << 32 | header.getInt(STORE_ID_LOW_OFFSET) & 0xFFFF_FFFFL;
    }

    // ---- block header ----

    static void putBlockHeader(LittleEndianBuffer buffer, int length, long commitNumber, long epoch) {
        buffer.putInt(MAGIC_OFFSET, BLOCK_MAGIC);
        buffer.putInt(CRC_OFFSET, 0);
        buffer.putInt(LENGTH_OFFSET, length);
        buffer.putInt(VERSION_OFFSET, FORMAT_VERSION);
        buffer.putLong(COMMIT_NUMBER_OFFSET, commitNumber);
        buffer.putLong(BLOCK_EPOCH_OFFSET, epoch);
    }

    static void putCrc(LittleEndianBuffer buffer, int crc) {
        buffer.putInt(CRC_OFFSET, crc);
    }

    static int magic(LittleEndianBuffer block) {
        return block.getInt(MAGIC_OFFSET);
    }

    static int crc(LittleEndianBuffer block) {
        return block.getInt(CRC_OFFSET);
    }

    static int blockLength(LittleEndianBuffer block) {
        return block.getInt(LENGTH_OFFSET);
    }

    static int version(LittleEndianBuffer block) {
        return block.getInt(VERSION_OFFSET);
    }

    static long commitNumber(LittleEndianBuffer block) {
        return block.getLong(COMMIT_NUMBER_OFFSET);
    }

    static long blockEpoch(LittleEndianBuffer block) {
        return block.getLong(BLOCK_EPOCH_OFFSET);
    }

    // ---- records ----

    /** Writes the record count of a section at {@code index}; returns the index after it. */
    static int putCount(LittleEndianBuffer buffer, int index, int count) {
        return Varints.put(buffer, index, count);
    }

    /** Writes a SEGMENT record at {@code index}; returns the index after it. */
    static int putSegment(LittleEndianBuffer buffer, int index, long segment, long tablePosition) {
        int at = Varints.put(buffer, index, segment);
        return Varints.put(buffer, at, tablePosition / POSITION_UNIT);
    }

    /** Writes an IMAGE record at {@code index}, its bytes copied from {@code src}; returns the index after it. */
    static int putImage(LittleEndianBuffer buffer, int index, long oidDelta, int classId, int crc, long position,
        LittleEndianBuffer src, int srcOffset, int length) {
        int at = Varints.put(buffer, index, oidDelta);
        at = Varints.put(buffer, at, Integer.toUnsignedLong(classId));
        buffer.putInt(at, crc);
        at = Varints.put(buffer, at + CRC_LENGTH, position / POSITION_UNIT);
        at = Varints.put(buffer, at, length);
        buffer.putBytes(at, src, srcOffset, length);
        return at + length;
    }

    /** Writes the start of a PATCH record at {@code index}, its ranges to follow; returns the index after it. */
    static int putPatchHeader(LittleEndianBuffer buffer, int index, long oidDelta, int crc, int rangeCount) {
        int at = Varints.put(buffer, index, oidDelta);
        buffer.putInt(at, crc);
        return Varints.put(buffer, at + CRC_LENGTH, rangeCount);
    }

    /** Writes a range of a PATCH record at {@code index}; returns the index after it. */
    static int putRange(LittleEndianBuffer buffer, int index, int offsetDelta, LittleEndianBuffer src, int srcOffset,
        int length) {
        int at = Varints.put(buffer, index, offsetDelta);
        at = Varints.put(buffer, at, length);
        buffer.putBytes(at, src, srcOffset, length);
        return at + length;
    }

    /**
     * Writes the start of a SPLICE record at {@code index}, its ranges to follow (written as a PATCH's, with
     * {@link #putRange}); returns the index after it.
     */
    static int putSpliceHeader(LittleEndianBuffer buffer, int index, long oidDelta, int classId, int crc,
        long oldPosition, int oldLength, long newPosition, int newLength, int suffixLength, int rangeCount) {
        int at = Varints.put(buffer, index, oidDelta);
        at = Varints.put(buffer, at, Integer.toUnsignedLong(classId));
        buffer.putInt(at, crc);
        at = Varints.put(buffer, at + CRC_LENGTH, oldPosition / POSITION_UNIT);
        at = Varints.put(buffer, at, oldLength);
        at = Varints.put(buffer, at, newPosition / POSITION_UNIT);
        at = Varints.put(buffer, at, newLength);
        at = Varints.put(buffer, at, suffixLength);
        return Varints.put(buffer, at, rangeCount);
    }

    /** Writes an ALLOCATOR record at {@code index}; returns the index after it. */
    static int putAllocator(LittleEndianBuffer buffer, int index, long nextOid, long allocatedEnd) {
        return Varints.put(buffer, Varints.put(buffer, index, nextOid), allocatedEnd);
    }

    /** Writes a FREE record at {@code index}; returns the index after it. */
    static int putFree(LittleEndianBuffer buffer, int index, long oidDelta) {
        return Varints.put(buffer, index, oidDelta);
    }

    /** Writes a RELEASE record at {@code index}; returns the index after it. */
    static int putRelease(LittleEndianBuffer buffer, int index, long segmentDelta) {
        return Varints.put(buffer, index, segmentDelta);
    }

    /** Writes zeros from {@code index} to the next block boundary; returns the block's length. */
    static int pad(LittleEndianBuffer buffer, int index) {
        int end = align(index);
        buffer.setMemory(index, end - index, (byte) 0);
        return end;
    }

    static int crcAt(LittleEndianBuffer buffer, int index) {
        return buffer.getInt(index);
    }
}
