package org.swizzle.store;

import org.agrona.BitUtil;

/**
 * The geometry of the cluster file, as pure functions: which cluster a byte is in, how much space
 * an object of a given length takes, where a table or an object may lie. Where things actually go is
 * {@link Placement}'s business.
 *
 * <p>A <em>small</em> object (at most a cluster) takes its length rounded up to 8 bytes and lies
 * inside one cluster, so that it is read from one mapped region without copying; a <em>large</em>
 * object starts on a cluster boundary and takes a run of whole clusters of its own. A segment
 * table lies inside one cluster.
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

    long clusterStart(long position) {
        return position - position % clusterSize;
    }

    long clusterEnd(long position) {
        return clusterStart(position) + clusterSize;
    }

    boolean isLarge(long length) {
        return length > clusterSize;
    }

    /** The bytes an object of {@code length} bytes takes in the file. */
    long extent(long length) {
        return isLarge(length) ? BitUtil.align(length, clusterSize) : BitUtil.align(length, SegmentTableDescriptor.ALIGNMENT);
    }

    /** What is wrong with a table of {@code segment} at {@code table} (0: none), or null if it may lie there. */
    String tableProblem(long segment, long table, long allocatedEnd) {
        if (table == 0) {
            return null;
        }
        long end = table + SegmentTableDescriptor.TABLE_LENGTH;
        if (table < ClusterFileDescriptor.FIRST_FREE || end > allocatedEnd || table % SegmentTableDescriptor.ALIGNMENT != 0
            || clusterIndex(table) != clusterIndex(end - 1)) {
            return "segment " + segment + " has its table at offset " + table + ", which is not an aligned table"
                + " inside one cluster below the allocated end " + allocatedEnd;
        }
        return null;
    }

    /** What is wrong with an object of {@code length} bytes at {@code offset}, or null if it may lie there. */
    String objectProblem(long oid, long offset, int length, long allocatedEnd) {
        long end = offset + extent(length);
        if (offset < ClusterFileDescriptor.FIRST_FREE || end > allocatedEnd) {
            return "object " + oid + " has offset " + offset + " and length " + length
                + ", outside the allocated clusters (" + ClusterFileDescriptor.FIRST_FREE + " to " + allocatedEnd + ')';
        }
        if (isLarge(length) ? offset % clusterSize != 0 : length > 0 && clusterIndex(offset) != clusterIndex(end - 1)) {
            return "object " + oid + " has offset " + offset + " and length " + length + ", which "
                + (isLarge(length) ? "does not start a cluster, as an object larger than a cluster must"
                    : "crosses a cluster boundary, as an object no larger than a cluster must not");
        }
        return null;
    }
}
