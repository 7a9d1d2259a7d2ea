package org.swizzle.store;

import org.agrona.BitUtil;

/**
 * Where new segment tables and objects go in the cluster file: the placement rules, as pure
 * functions of the allocator's next free byte, so that a commit can plan its placements and drop
 * them if it fails.
 *
 * <p>Space is handed out in order, like a bump pointer: a table or object that does not fit in the
 * rest of the current cluster starts the next cluster; an object larger than a cluster starts on a
 * cluster boundary and gets a run of whole clusters of its own. Space is never reused.
 */
final class ClusterLayout {
    private final int clusterSize;

    ClusterLayout(int clusterSize) {
        this.clusterSize = clusterSize;
    }

    int clusterSize() {
        return clusterSize;
    }

    long clusterIndex(long position) {
        return position / clusterSize;
    }

    /** Where a segment table goes when the next free byte is {@code nextFree}. */
    long placeTable(long nextFree) {
        return placeInCluster(nextFree, SegmentTableDescriptor.TABLE_LENGTH);
    }

    /** Where an object of {@code length} bytes goes when the next free byte is {@code nextFree}. */
    long placeObject(long nextFree, int length) {
        if (length > clusterSize) {
            return BitUtil.align(nextFree, clusterSize);
        }
        return placeInCluster(nextFree, length);
    }

    /** The next free byte after an object of {@code length} bytes placed at {@code position}. */
    long endOfObject(long position, int length) {
        if (length > clusterSize) {
            return position + BitUtil.align((long) length, clusterSize);
        }
        return position + length;
    }

    /**
     * The OID that the next {@code newObject()} hands out. New objects fill the open segment, the
     * one whose table lies in the cluster being filled; when that cluster is full, they start a
     * new segment so that the new segment's table and objects share a cluster.
     */
    long nextNewOid(long nextOid, long tablePosition, long nextFree) {
        boolean segmentStarted = Oids.slot(nextOid) != 0 && tablePosition != 0;
        if (segmentStarted && clusterIndex(tablePosition) != clusterIndex(nextFree)) {
            return Oids.firstOidOf(Oids.segment(nextOid) + 1);
        }
        return nextOid;
    }

    private long placeInCluster(long nextFree, int length) {
        long position = BitUtil.align(nextFree, SegmentTableDescriptor.ALIGNMENT);
        long clusterEnd = (clusterIndex(position) + 1) * clusterSize;
        if (position + length > clusterEnd) {
            return clusterEnd;
        }
        return position;
    }
}
