package org.swizzle.store;



/**
 * Layout of the cluster file {@code swizzle.clusters}: a header page, then clusters.
 *
 * <p>The file is a sequence of clusters of {@code clusterSize} bytes, aligned to the cluster size
 * from offset 0, so that a cluster never straddles a mapped region. The header page occupies the
 * first {@link #PAGE_SIZE} bytes of cluster 0. Clusters hold segment tables (see
 * {@link SegmentTableDescriptor}) and object bytes, each covered by the CRC32C kept in its table
 * entry; free space between them is covered by nothing and holds nothing. An object larger than a
 * cluster gets a run of whole clusters of its own. All values are little-endian.
 *
 * <p>The header has a fixed part, written once when the store is created, and two checkpoint
 * slots. A checkpoint writes the slot its sequence number selects ({@code sequence % 2}), so a
 * checkpoint torn by a crash leaves the previous one intact; the open uses the valid slot with the
 * higher sequence, and the sequence recorded in the WAL header tells whether a damaged slot held a
 * checkpoint that completed (see {@link CheckpointChoice}). Every byte of the page is covered: the
 * fixed part and each slot by their own CRC32C, the rest by being zero.
 *
 * <p>The magic (bytes 0 to 7), the format version (bytes 8 to 11) and the place of the header's
 * CRC32C (bytes 20 to 23, over the bytes before it) are the outer layout every format version of this
 * file keeps, so that a damaged header is told from a newer one: see {@link FileHeader}.
 *
 * <pre>
 * Header page:
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+  0
 *  |                    Magic "SWZCLUST"                           |
 *  |                                                               |
 *  +---------------------------------------------------------------+  8
 *  |                     Format version (2)                        |
 *  +---------------------------------------------------------------+ 12
 *  |                      Page size (4096)                         |
 *  +---------------------------------------------------------------+ 16
 *  |                        Cluster size                           |
 *  +---------------------------------------------------------------+ 20
 *  |                CRC32C of bytes 0 to 19                        |
 *  +---------------------------------------------------------------+ 24
 *  |                  Zeros up to byte 64                         ...
 *  +---------------------------------------------------------------+ 64
 *  |                 Checkpoint slot 0 (64 bytes)                 ...
 *  +---------------------------------------------------------------+ 128
 *  |                 Checkpoint slot 1 (64 bytes)                 ...
 *  +---------------------------------------------------------------+ 192
 *  |                 Zeros up to the page size                    ...
 *  +---------------------------------------------------------------+ 4096
 *  |       Cluster 0 continues: segment tables and objects        ...
 *
 * Checkpoint slot (all zeros: never written):
 *  +---------------------------------------------------------------+  0
 *  |                    Checkpoint sequence                        |
 *  |                                                               |
 *  +---------------------------------------------------------------+  8
 *  |                       Last commit                             |
 *  |                                                               |
 *  +---------------------------------------------------------------+ 16
 *  |                        Next OID                               |
 *  |                                                               |
 *  +---------------------------------------------------------------+ 24
 *  |     Allocated end: end of the last allocated cluster          |
 *  |                                                               |
 *  +---------------------------------------------------------------+ 32
 *  |            Segments: entries in the segment directory         |
 *  |                                                               |
 *  +---------------------------------------------------------------+ 40
 *  |      Store id: random, chosen when the store was created      |
 *  |        (0 in a store created before stores had one)           |
 *  +---------------------------------------------------------------+ 48
 *  |                       Zeros (12 bytes)                       ...
 *  +---------------------------------------------------------------+ 60
 *  |                CRC32C of bytes 0 to 59 of the slot            |
 *  +---------------------------------------------------------------+ 64
 * </pre>
 */
final class ClusterFileDescriptor {
    static final String FILE_NAME = "swizzle.clusters";
    static final long MAGIC = Ascii.magic8("SWZCLUST");
    static final int FORMAT_VERSION = 2;
    static final int PAGE_SIZE = 4096;

    static final int MAGIC_OFFSET = 0;
    static final int VERSION_OFFSET = 8;
    static final int PAGE_SIZE_OFFSET = 12;
    static final int CLUSTER_SIZE_OFFSET = 16;
    static final int FIXED_CRC_OFFSET = 20;
    /** The fixed part's CRC covers bytes 0 up to here. */
    static final int FIXED_LENGTH = FIXED_CRC_OFFSET;
    /** The fixed part's outer layout, fixed for every format version. */
    static final FileHeader HEADER = new FileHeader(MAGIC, "cluster file", FIXED_CRC_OFFSET, FORMAT_VERSION);

    static final int SLOT_COUNT = 2;
    static final int FIRST_SLOT_OFFSET = 64;
    static final int SLOT_LENGTH = 64;
    /** Bytes from here to the end of the page are zero. */
    static final int HEADER_END = FIRST_SLOT_OFFSET + SLOT_COUNT * SLOT_LENGTH;

    static final int SEQUENCE_OFFSET = 0;
    static final int LAST_COMMIT_OFFSET = 8;
    static final int NEXT_OID_OFFSET = 16;
    static final int ALLOCATED_END_OFFSET = 24;
    static final int SEGMENTS_OFFSET = 32;
    static final int STORE_ID_OFFSET = 40;
    static final int SLOT_CRC_OFFSET = 60;

    /** The first byte available to segment tables and objects. */
    static final long FIRST_FREE = PAGE_SIZE;

    private ClusterFileDescriptor() {
    }

    static int slotOffset(int slot) {
        return FIRST_SLOT_OFFSET + slot * SLOT_LENGTH;
    }

    /** Writes the header page of a new store, its checkpoint 0 in slot 0 and slot 1 left blank. */
    static void putNewHeader(LittleEndianBuffer page, int clusterSize, long storeId, Checksums checksums) {
        page.setMemory(0, PAGE_SIZE, (byte) 0);
        page.putLong(MAGIC_OFFSET, MAGIC);
        page.putInt(VERSION_OFFSET, FORMAT_VERSION);
        page.putInt(PAGE_SIZE_OFFSET, PAGE_SIZE);
        page.putInt(CLUSTER_SIZE_OFFSET, clusterSize);
        page.putInt(FIXED_CRC_OFFSET, checksums.of(page, 0, FIXED_LENGTH));
        putSlot(page, slotOffset(0), new Checkpoint(0, 0, Oids.FIRST_NEW_OID, clusterSize, 0, storeId), checksums);
    }

    /** Writes the {@link #SLOT_LENGTH} bytes of a checkpoint slot at {@code index} of {@code buffer}. */
    static void putSlot(LittleEndianBuffer buffer, int index, Checkpoint checkpoint, Checksums checksums) {
        buffer.setMemory(index, SLOT_LENGTH, (byte) 0);
        buffer.putLong(index + SEQUENCE_OFFSET, checkpoint.sequence());
        buffer.putLong(index + LAST_COMMIT_OFFSET, checkpoint.lastCommit());
        buffer.putLong(index + NEXT_OID_OFFSET, checkpoint.nextOid());
        buffer.putLong(index + ALLOCATED_END_OFFSET, checkpoint.allocatedEnd());
        buffer.putLong(index + SEGMENTS_OFFSET, checkpoint.segments());
        buffer.putLong(index + STORE_ID_OFFSET, checkpoint.storeId());
        buffer.putInt(index + SLOT_CRC_OFFSET, checksums.of(buffer, index, SLOT_CRC_OFFSET));
    }


    static int pageSize(LittleEndianBuffer page) {
        return page.getInt(PAGE_SIZE_OFFSET);
    }

    static int clusterSize(LittleEndianBuffer page) {
        return page.getInt(CLUSTER_SIZE_OFFSET);
    }


    static int slotCrc(LittleEndianBuffer buffer, int index) {
        return buffer.getInt(index + SLOT_CRC_OFFSET);
    }

    static Checkpoint slot(LittleEndianBuffer buffer, int index) {
        return new Checkpoint(
            buffer.getLong(index + SEQUENCE_OFFSET),
            buffer.getLong(index + LAST_COMMIT_OFFSET),
            buffer.getLong(index + NEXT_OID_OFFSET),
            buffer.getLong(index + ALLOCATED_END_OFFSET),
            buffer.getLong(index + SEGMENTS_OFFSET),
            buffer.getLong(index + STORE_ID_OFFSET));
    }
}
