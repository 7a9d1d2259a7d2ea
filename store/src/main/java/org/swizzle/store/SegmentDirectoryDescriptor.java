package org.swizzle.store;

import java.nio.ByteOrder;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * Layout of the segment directory file {@code swizzle.segments}: for each logical segment, the
 * offset in the cluster file of its object table.
 *
 * <p>The directory is read whole into a {@code long[]} when the store opens, so that finding a
 * segment is array indexing. Entries are written once, when a segment is created (a SEGMENT record
 * in the WAL), and never move; 0 means the segment has no table yet. A short tail (a torn last
 * entry) is ignored: the WAL replays it. All values are little-endian.
 *
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+
 *  |                    Magic "SWZSEGDR"                           |
 *  |                                                               |
 *  +---------------------------------------------------------------+
 *  |                        Format version                         |
 *  +---------------------------------------------------------------+
 *  |                          Reserved                             |
 *  +---------------------------------------------------------------+
 *  |           Table offset of segment 0 (0 = no table)            |
 *  |                                                               |
 *  +---------------------------------------------------------------+
 *  |           Table offset of segment 1 ...                      ...
 * </pre>
 */
final class SegmentDirectoryDescriptor {
    static final String FILE_NAME = "swizzle.segments";
    static final long MAGIC = Ascii.magic8("SWZSEGDR");
    static final int FORMAT_VERSION = 1;
    static final ByteOrder ORDER = ByteOrder.LITTLE_ENDIAN;

    static final int MAGIC_OFFSET = 0;
    static final int VERSION_OFFSET = 8;
    static final int HEADER_LENGTH = 16;
    static final int ENTRY_LENGTH = 8;

    private SegmentDirectoryDescriptor() {
    }

    static long entryPosition(long segment) {
        return HEADER_LENGTH + segment * ENTRY_LENGTH;
    }

    static void putHeader(MutableDirectBuffer buffer) {
        buffer.setMemory(0, HEADER_LENGTH, (byte) 0);
        buffer.putLong(MAGIC_OFFSET, MAGIC, ORDER);
        buffer.putInt(VERSION_OFFSET, FORMAT_VERSION, ORDER);
    }

    static int version(DirectBuffer buffer) {
        return buffer.getInt(VERSION_OFFSET, ORDER);
    }

    static long tableOffset(DirectBuffer buffer, int index) {
        return buffer.getLong(index, ORDER);
    }
}
