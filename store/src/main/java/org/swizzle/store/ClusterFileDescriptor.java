package org.swizzle.store;

import java.nio.ByteOrder;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * Layout of the cluster file {@code swizzle.clusters}: a header page, then clusters.
 *
 * <p>The file is a sequence of clusters of {@code clusterSize} bytes, aligned to the cluster size
 * from offset 0, so that a cluster never straddles a mapped region. The header page occupies the
 * first {@link #PAGE_SIZE} bytes of cluster 0. Each cluster holds logical segments: an object table
 * (see {@link SegmentTableDescriptor}) followed by object bytes; an object larger than a cluster
 * gets a run of contiguous clusters of its own. All values are little-endian.
 *
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+
 *  |                    Magic "SWZCLUST"                           |
 *  |                                                               |
 *  +---------------------------------------------------------------+
 *  |                        Format version                         |
 *  +---------------------------------------------------------------+
 *  |                     Page size (4096)                          |
 *  +---------------------------------------------------------------+
 *  |                        Cluster size                           |
 *  +---------------------------------------------------------------+
 *  |                          Reserved                             |
 *  +---------------------------------------------------------------+
 *  |     Last applied commit number (written at checkpoint)        |
 *  |                                                               |
 *  +---------------------------------------------------------------+
 *  |    Allocator: next OID to hand out (ALLOCATOR records)        |
 *  |                                                               |
 *  +---------------------------------------------------------------+
 *  |   Allocator: file offset of the next free byte (ALLOCATOR)    |
 *  |                                                               |
 *  +---------------------------------------------------------------+
 *  |                 Zeros up to the page size                    ...
 *  +---------------------------------------------------------------+
 *  |       Cluster 0 continues: segment tables and objects        ...
 * </pre>
 */
final class ClusterFileDescriptor {
    static final String FILE_NAME = "swizzle.clusters";
    static final long MAGIC = Ascii.magic8("SWZCLUST");
    static final int FORMAT_VERSION = 1;
    static final int PAGE_SIZE = 4096;
    static final ByteOrder ORDER = ByteOrder.LITTLE_ENDIAN;

    static final int MAGIC_OFFSET = 0;
    static final int VERSION_OFFSET = 8;
    static final int PAGE_SIZE_OFFSET = 12;
    static final int CLUSTER_SIZE_OFFSET = 16;
    static final int LAST_COMMIT_OFFSET = 24;
    static final int NEXT_OID_OFFSET = 32;
    static final int NEXT_FREE_OFFSET = 40;

    /** The allocator fields, written together by an ALLOCATOR record. */
    static final int ALLOCATOR_OFFSET = NEXT_OID_OFFSET;
    static final int ALLOCATOR_LENGTH = 16;

    /** Last commit and allocator fields, written together at a checkpoint. */
    static final int STATE_OFFSET = LAST_COMMIT_OFFSET;
    static final int STATE_LENGTH = 24;

    /** The first byte available to segment tables and objects. */
    static final long FIRST_FREE = PAGE_SIZE;

    private ClusterFileDescriptor() {
    }

    static void putHeader(MutableDirectBuffer page, int clusterSize) {
        page.setMemory(0, PAGE_SIZE, (byte) 0);
        page.putLong(MAGIC_OFFSET, MAGIC, ORDER);
        page.putInt(VERSION_OFFSET, FORMAT_VERSION, ORDER);
        page.putInt(PAGE_SIZE_OFFSET, PAGE_SIZE, ORDER);
        page.putInt(CLUSTER_SIZE_OFFSET, clusterSize, ORDER);
        putState(page, STATE_OFFSET, 0, Oids.FIRST_NEW_OID, FIRST_FREE);
    }

    /** Writes the {@link #STATE_LENGTH} bytes of the state fields at {@code index} of {@code buffer}. */
    static void putState(MutableDirectBuffer buffer, int index, long lastCommit, long nextOid, long nextFree) {
        buffer.putLong(index, lastCommit, ORDER);
        putAllocator(buffer, index + NEXT_OID_OFFSET - STATE_OFFSET, nextOid, nextFree);
    }

    /** Writes the {@link #ALLOCATOR_LENGTH} bytes of the allocator fields at {@code index}. */
    static void putAllocator(MutableDirectBuffer buffer, int index, long nextOid, long nextFree) {
        buffer.putLong(index, nextOid, ORDER);
        buffer.putLong(index + NEXT_FREE_OFFSET - NEXT_OID_OFFSET, nextFree, ORDER);
    }

    static int version(DirectBuffer page) {
        return page.getInt(VERSION_OFFSET, ORDER);
    }

    static int pageSize(DirectBuffer page) {
        return page.getInt(PAGE_SIZE_OFFSET, ORDER);
    }

    static int clusterSize(DirectBuffer page) {
        return page.getInt(CLUSTER_SIZE_OFFSET, ORDER);
    }

    static long lastCommit(DirectBuffer page) {
        return page.getLong(LAST_COMMIT_OFFSET, ORDER);
    }

    static long nextOid(DirectBuffer page) {
        return page.getLong(NEXT_OID_OFFSET, ORDER);
    }

    static long nextFree(DirectBuffer page) {
        return page.getLong(NEXT_FREE_OFFSET, ORDER);
    }
}
