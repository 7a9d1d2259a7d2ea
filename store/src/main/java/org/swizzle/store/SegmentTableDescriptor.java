package org.swizzle.store;

import java.nio.ByteOrder;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * Layout of the object table at the front of a logical segment in the cluster file.
 *
 * <p>A table has {@link Oids#SLOTS_PER_SEGMENT} entries, one per slot, whether used or not, so the
 * entry of an OID is found by indexing. An entry whose object offset is 0 is empty: the object does
 * not exist (offset 0 is the header page, never an object). A table always lies inside one cluster.
 * All values are little-endian.
 *
 * <pre>
 * Entry (16 bytes), at table offset + slot * 16:
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+
 *  |        File offset of the object's bytes (0 = no object)      |
 *  |                                                               |
 *  +---------------------------------------------------------------+
 *  |                     Length in bytes                           |
 *  +---------------------------------------------------------------+
 *  |                         Class id                              |
 *  +---------------------------------------------------------------+
 * </pre>
 */
final class SegmentTableDescriptor {
    static final ByteOrder ORDER = ByteOrder.LITTLE_ENDIAN;

    static final int OBJECT_OFFSET_OFFSET = 0;
    static final int LENGTH_OFFSET = 8;
    static final int CLASS_ID_OFFSET = 12;
    static final int ENTRY_LENGTH = 16;
    static final int TABLE_LENGTH = ENTRY_LENGTH * Oids.SLOTS_PER_SEGMENT;

    /** Tables and objects start on this boundary, so that their longs are aligned. */
    static final int ALIGNMENT = 8;

    private SegmentTableDescriptor() {
    }

    static long entryPosition(long tablePosition, long oid) {
        return tablePosition + (long) Oids.slot(oid) * ENTRY_LENGTH;
    }

    static void putEntry(MutableDirectBuffer buffer, int index, long objectOffset, int length, int classId) {
        buffer.putLong(index + OBJECT_OFFSET_OFFSET, objectOffset, ORDER);
        buffer.putInt(index + LENGTH_OFFSET, length, ORDER);
        buffer.putInt(index + CLASS_ID_OFFSET, classId, ORDER);
    }

    static long objectOffset(DirectBuffer buffer, int entryIndex) {
        return buffer.getLong(entryIndex + OBJECT_OFFSET_OFFSET, ORDER);
    }

    static int length(DirectBuffer buffer, int entryIndex) {
        return buffer.getInt(entryIndex + LENGTH_OFFSET, ORDER);
    }

    static int classId(DirectBuffer buffer, int entryIndex) {
        return buffer.getInt(entryIndex + CLASS_ID_OFFSET, ORDER);
    }
}
