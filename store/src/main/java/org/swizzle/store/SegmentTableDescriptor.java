package org.swizzle.store;

import java.util.zip.CRC32C;

/**
 * Layout of the object table at the front of a logical segment in the cluster file.
 *
 * <p>A table has {@link Oids#SLOTS_PER_SEGMENT} entries, one per slot, whether used or not, so the
 * entry of an OID is found by indexing. An entry whose object offset is 0 is empty: the object does
 * not exist (offset 0 is the header page, never an object). A table always lies inside one cluster.
 * All values are little-endian.
 *
 * <p>Each entry carries two checksums: the CRC32C of the object's bytes, checked whenever the
 * object is read, and the CRC32C of the entry itself, computed over the OID (8 bytes) followed by
 * the entry's first 28 bytes and checked whenever the entry is read. Including the OID catches an
 * entry written to the wrong slot, and means that even an empty entry has a non-trivial checksum:
 * a new table is written with a valid empty entry in every slot, so zeroed bytes are damage.
 *
 * <p>Each entry also names the commit that last wrote it. An entry written by a commit past the
 * end of the WAL proves that the log lost a commit whose effects reached the cluster file (a
 * damaged last block taken for a torn one, or a cut log); the store refuses to open rather than
 * show part of that commit.
 *
 * <pre>
 * Entry (32 bytes), at table offset + slot * 32:
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+  0
 *  |        File offset of the object's bytes (0 = no object)      |
 *  |                                                               |
 *  +---------------------------------------------------------------+  8
 *  |                     Length in bytes                           |
 *  +---------------------------------------------------------------+ 12
 *  |                         Class id                              |
 *  +---------------------------------------------------------------+ 16
 *  |          Commit that wrote this entry (0: a new table)        |
 *  |                                                               |
 *  +---------------------------------------------------------------+ 24
 *  |               CRC32C of the object's bytes                    |
 *  +---------------------------------------------------------------+ 28
 *  |     CRC32C of the OID then bytes 0 to 27 of this entry        |
 *  +---------------------------------------------------------------+ 32
 * </pre>
 */
final class SegmentTableDescriptor {

    static final int OBJECT_OFFSET_OFFSET = 0;
    static final int LENGTH_OFFSET = 8;
    static final int CLASS_ID_OFFSET = 12;
    static final int COMMIT_OFFSET = 16;
    static final int OBJECT_CRC_OFFSET = 24;
    static final int ENTRY_CRC_OFFSET = 28;
    static final int ENTRY_LENGTH = 32;
    static final int TABLE_LENGTH = ENTRY_LENGTH * Oids.SLOTS_PER_SEGMENT;

    /** Tables and objects start on this boundary, so that their longs are aligned. */
    static final int ALIGNMENT = 8;

    private SegmentTableDescriptor() {
    }

    static long entryPosition(long tablePosition, long oid) {
        return tablePosition + (long) Oids.slot(oid) * ENTRY_LENGTH;
    }

    /** Writes the entry of {@code oid} at {@code index}, its checksum included. */
    static void putEntry(LittleEndianBuffer buffer, int index, long oid, long objectOffset, int length, int classId,
        long commit, int objectCrc, Checksums checksums) {
        buffer.putLong(index + OBJECT_OFFSET_OFFSET, objectOffset);
        buffer.putInt(index + LENGTH_OFFSET, length);
        buffer.putInt(index + CLASS_ID_OFFSET, classId);
        buffer.putLong(index + COMMIT_OFFSET, commit);
        buffer.putInt(index + OBJECT_CRC_OFFSET, objectCrc);
        buffer.putInt(index + ENTRY_CRC_OFFSET, entryCrc(buffer, index, oid, checksums));
    }

    /**
     * Writes a whole table of empty entries for the slots of {@code segment} at {@code index}, with one checksum
     * computed: the first slot's. The OIDs of a segment differ in their low byte alone, and a CRC is linear in its
     * input, so an empty entry's checksum is the first one's with {@link #EMPTY_ENTRY_CRC_STEPS} of its slot xored in.
     */
    static void putEmptyTable(LittleEndianBuffer buffer, int index, long segment, Checksums checksums) {
        buffer.setMemory(index, TABLE_LENGTH, (byte) 0);
        int first = entryCrc(buffer, index, Oids.firstOidOf(segment), checksums);
        for (int slot = 0; slot < Oids.SLOTS_PER_SEGMENT; slot++) {
            buffer.putInt(index + slot * ENTRY_LENGTH + ENTRY_CRC_OFFSET, first ^ EMPTY_ENTRY_CRC_STEPS[slot]);
        }
    }

    /**
     * For each slot, what xored into the checksum of the empty entry of a segment's first OID gives the checksum of
     * the empty entry of that slot's: {@code crc(slot, zeros) ^ crc(0, zeros)}, since the first OID's low byte is 0.
     */
    private static final int[] EMPTY_ENTRY_CRC_STEPS = emptyEntryCrcSteps();

    private static int[] emptyEntryCrcSteps() {
        byte[] entry = new byte[Long.BYTES + ENTRY_CRC_OFFSET];
        CRC32C crc = new CRC32C();
        crc.update(entry);
        int zero = (int) crc.getValue();
        int[] steps = new int[Oids.SLOTS_PER_SEGMENT];
        for (int slot = 0; slot < steps.length; slot++) {
            entry[0] = (byte) slot; // the low byte of a little-endian OID
            crc.reset();
            crc.update(entry);
            steps[slot] = (int) crc.getValue() ^ zero;
        }
        return steps;
    }

    /** The checksum the entry of {@code oid} at {@code index} should carry. */
    static int entryCrc(LittleEndianBuffer buffer, int index, long oid, Checksums checksums) {
        return checksums.ofPrefixed(oid, buffer, index, ENTRY_CRC_OFFSET);
    }

    static long objectOffset(LittleEndianBuffer buffer, int index) {
        return buffer.getLong(index + OBJECT_OFFSET_OFFSET);
    }

    static int length(LittleEndianBuffer buffer, int index) {
        return buffer.getInt(index + LENGTH_OFFSET);
    }

    static int classId(LittleEndianBuffer buffer, int index) {
        return buffer.getInt(index + CLASS_ID_OFFSET);
    }

    static long commit(LittleEndianBuffer buffer, int index) {
        return buffer.getLong(index + COMMIT_OFFSET);
    }

    static int objectCrc(LittleEndianBuffer buffer, int index) {
        return buffer.getInt(index + OBJECT_CRC_OFFSET);
    }

    static int storedEntryCrc(LittleEndianBuffer buffer, int index) {
        return buffer.getInt(index + ENTRY_CRC_OFFSET);
    }
}
