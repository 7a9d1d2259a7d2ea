package org.swizzle.store;



/**
 * Layout of the segment directory file {@code swizzle.segments}: for each logical segment, the
 * offset in the cluster file of its object table.
 *
 * <p>The directory is read whole into a {@code long[]} when the store opens, so that finding a
 * segment is array indexing. An entry is written when its segment is created (a SEGMENT record in
 * the WAL); a segment past the last one written gets the entries in between, empty, in the same
 * write, so every entry below the count is written and valid. An entry is written empty again when its
 * segment's table is released (a RELEASE record), so a released segment reads as one that never had a
 * table. The count of entries is recorded by
 * each checkpoint: entries below it were forced with that checkpoint; entries past it come from
 * the WAL, which recovery replays, so whatever the file holds there is ignored.
 *
 * <p>The header and each entry carry a CRC32C. An entry's covers its segment number (8 bytes)
 * followed by its first 12 bytes, so an entry in the wrong place, or zeroed, fails its check. All
 * values are little-endian.
 *
 * <p>The magic (bytes 0 to 7), the format version (bytes 8 to 11) and the place of the header's
 * CRC32C (bytes 12 to 15, over the bytes before it) are the outer layout every format version of this
 * file keeps, so that a damaged header is told from a newer one: see {@link FileHeader}.
 *
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+  0
 *  |                    Magic "SWZSEGDR"                           |
 *  |                                                               |
 *  +---------------------------------------------------------------+  8
 *  |                     Format version (2)                        |
 *  +---------------------------------------------------------------+ 12
 *  |                CRC32C of bytes 0 to 11                        |
 *  +---------------------------------------------------------------+ 16
 * Entry of segment n, at 16 + 16 * n:
 *  +---------------------------------------------------------------+  0
 *  |          File offset of the segment's table (0 = none)        |
 *  |                                                               |
 *  +---------------------------------------------------------------+  8
 *  |                          Zeros                                |
 *  +---------------------------------------------------------------+ 12
 *  |   CRC32C of the segment number, then bytes 0 to 11 of entry   |
 *  +---------------------------------------------------------------+ 16
 * </pre>
 */
final class SegmentDirectoryDescriptor {
    static final String FILE_NAME = "swizzle.segments";
    static final long MAGIC = Ascii.magic8("SWZSEGDR");
    static final int FORMAT_VERSION = 2;

    static final int MAGIC_OFFSET = 0;
    static final int VERSION_OFFSET = 8;
    static final int HEADER_CRC_OFFSET = 12;
    static final int HEADER_LENGTH = 16;
    /** The header's outer layout, fixed for every format version. */
    static final FileHeader HEADER = new FileHeader(MAGIC, "segment directory", HEADER_CRC_OFFSET, FORMAT_VERSION);

    static final int TABLE_OFFSET_OFFSET = 0;
    static final int RESERVED_OFFSET = 8;
    static final int ENTRY_CRC_OFFSET = 12;
    static final int ENTRY_LENGTH = 16;

    private SegmentDirectoryDescriptor() {
    }

    static long entryPosition(long segment) {
        return HEADER_LENGTH + segment * ENTRY_LENGTH;
    }

    static void putHeader(LittleEndianBuffer buffer, Checksums checksums) {
        buffer.setMemory(0, HEADER_LENGTH, (byte) 0);
        buffer.putLong(MAGIC_OFFSET, MAGIC);
        buffer.putInt(VERSION_OFFSET, FORMAT_VERSION);
        buffer.putInt(HEADER_CRC_OFFSET, checksums.of(buffer, 0, HEADER_CRC_OFFSET));
    }



    /** Writes the entry of {@code segment} at {@code index}, its checksum included. */
    static void putEntry(LittleEndianBuffer buffer, int index, long segment, long tableOffset, Checksums checksums) {
        buffer.putLong(index + TABLE_OFFSET_OFFSET, tableOffset);
        buffer.putInt(index + RESERVED_OFFSET, 0);
        buffer.putInt(index + ENTRY_CRC_OFFSET, entryCrc(buffer, index, segment, checksums));
    }

    static int entryCrc(LittleEndianBuffer buffer, int index, long segment, Checksums checksums) {
        return checksums.ofPrefixed(segment, buffer, index, ENTRY_CRC_OFFSET);
    }

    static long tableOffset(LittleEndianBuffer buffer, int index) {
        return buffer.getLong(index + TABLE_OFFSET_OFFSET);
    }

    /** What is wrong with the entry of {@code segment} at {@code index}, or null if it is intact. */
    static String check(LittleEndianBuffer buffer, int index, long segment, Checksums checksums) {
        int expected = entryCrc(buffer, index, segment, checksums);
        int stored = buffer.getInt(index + ENTRY_CRC_OFFSET);
        if (expected != stored) {
            return "the directory entry of segment " + segment + " fails its checksum: CRC32C "
                + Formats.hex(expected) + ", entry says " + Formats.hex(stored);
        }
        if (buffer.getInt(index + RESERVED_OFFSET) != 0) {
            return "the directory entry of segment " + segment + " has non-zero reserved bytes";
        }
        return null;
    }
}
