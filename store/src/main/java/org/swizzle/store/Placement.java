package org.swizzle.store;

/**
 * Where new tables and objects go, and where a resized object goes: the allocation policy, over
 * the {@link FreeSpace} of the cluster file.
 *
 * <ul>
 * <li>A new segment's table goes into the last allocated cluster if it has room, else into the
 * smallest hole freed objects left in a cluster still in use, else into the smallest free extent
 * anywhere (a whole free cluster), else into a new cluster; the segment's new objects then fill that
 * cluster, so that a store that makes and drops objects refills its holes.</li>
 * <li>A new small object goes into the cluster of its segment's table (its <em>home</em>), else
 * into the last allocated cluster, else into the smallest free extent anywhere that holds it (space
 * freed objects left), else into a new cluster: objects created together stay together, and the
 * file grows only when no free space holds them. A new large object gets the first run of whole free
 * clusters that holds it, which freed or moved large objects leave, else new clusters.</li>
 * <li>A resized object stays where it is if it shrinks, or if it grows into free bytes right
 * after it; otherwise it is relocated to free space in its own cluster, then in its home cluster,
 * then to the smallest free extent anywhere that holds it, and only then to a new cluster; a large
 * one is placed as a new large object is. Its OID never changes: only its table entry moves. A resized
 * object logged as a SPLICE is always relocated so ({@link #relocated}), since its new bytes are built
 * from its old ones.</li>
 * <li>Compaction moves objects and tables only below a limit it gives, the same way but never into new
 * clusters ({@link #moved}, {@link #movedTable}).</li>
 * </ul>
 *
 * <p>The space an object leaves is not freed here: the caller frees it once the commit that moved
 * the object is applied.
 */
final class Placement {
    private final ClusterLayout layout;
    private final FreeSpace free;

    Placement(ClusterLayout layout, FreeSpace free) {
        this.layout = layout;
        this.free = free;
    }

    FreeSpace freeSpace() {
        return free;
    }

    /** A place for a new segment table. */
    long table() {
        long position = free.allocateFirstFit(lastCluster(), SegmentTableDescriptor.TABLE_LENGTH);
        if (position < 0) {
            position = free.allocateBestFitInUsedCluster(SegmentTableDescriptor.TABLE_LENGTH);
        }
        if (position < 0) {
            position = free.allocateBestFit(SegmentTableDescriptor.TABLE_LENGTH);
        }
        return position >= 0 ? position : free.allocateInNewCluster(SegmentTableDescriptor.TABLE_LENGTH);
    }

    /**
     * A place for a new object of {@code length} bytes whose segment table is at {@code table}. A
     * new object of no bytes takes no space; its offset is its table's.
     */
    long newObject(int length, long table) {
        if (length == 0) {
            return table;
        }
        long extent = layout.extent(length);
        if (layout.isLarge(length)) {
            return clusters(extent);
        }
        long position = newObjects(extent, table);
        return position >= 0 ? position : free.allocateInNewCluster(extent);
    }

    /**
     * A place for {@code extent} bytes of new objects side by side, in the cluster of their segment table at
     * {@code table}, or in the last cluster, or in the smallest free extent anywhere that holds them; -1 if
     * none holds them all.
     */
    long newObjects(long extent, long table) {
        if (extent > layout.clusterSize()) {
            return -1;
        }
        long home = layout.clusterIndex(table);
        long position = free.allocateFirstFit(home, extent);
        if (position < 0 && lastCluster() != home) {
            position = free.allocateFirstFit(lastCluster(), extent);
        }
        return position >= 0 ? position : free.allocateBestFit(extent);
    }

    /**
     * A place for an object of {@code oldLength} bytes at {@code oldOffset}, whose segment table is
     * at {@code table}, that now has {@code newLength} bytes: {@code oldOffset} if it stays.
     */
    long resized(long oldOffset, int oldLength, int newLength, long table) {
        long oldExtent = layout.extent(oldLength);
        long newExtent = layout.extent(newLength);
        boolean stays = newLength == 0 || newExtent <= oldExtent && oldLength > 0;
        if (stays) {
            return oldOffset;
        }
        if (layout.isLarge(newLength)) {
            return clusters(newExtent);
        }
        boolean growsInPlace = oldLength > 0 && !layout.isLarge(oldLength)
            && oldOffset + newExtent <= layout.clusterEnd(oldOffset)
            && free.allocateAt(oldOffset + oldExtent, newExtent - oldExtent);
        if (growsInPlace) {
            return oldOffset;
        }
        return relocated(oldOffset, oldLength, newLength, table);
    }

    /**
     * A new place, away from its old one, for an object of {@code oldLength} bytes at {@code oldOffset}, whose
     * segment table is at {@code table}, that now has {@code newLength} bytes: as {@link #resized} relocates one.
     */
    long relocated(long oldOffset, int oldLength, int newLength, long table) {
        long newExtent = layout.extent(newLength);
        if (layout.isLarge(newLength)) {
            return clusters(newExtent);
        }
        long position = oldLength > 0 ? free.allocateFirstFit(layout.clusterIndex(oldOffset), newExtent) : -1;
        if (position < 0) {
            position = free.allocateFirstFit(layout.clusterIndex(table), newExtent);
        }
        if (position < 0) {
            position = free.allocateBestFit(newExtent);
        }
        return position >= 0 ? position : free.allocateInNewCluster(newExtent);
    }

    /**
     * A place below {@code limit}, a cluster boundary, for a segment table that compaction moves: the smallest free
     * extent there that holds it; -1 if none does. The file never grows for a move.
     */
    long movedTable(long limit) {
        return free.allocateBestFitBelow(SegmentTableDescriptor.TABLE_LENGTH, limit);
    }

    /**
     * A place below {@code limit}, a cluster boundary, for an object of {@code length > 0} bytes that compaction
     * moves, whose segment table is (or goes) at {@code table}: a small one in the first free extent of the
     * table's cluster that holds it, else in the smallest free extent that does; a large one in the first run of
     * whole free clusters that holds it; -1 if there is none.
     */
    long moved(int length, long table, long limit) {
        long extent = layout.extent(length);
        if (layout.isLarge(length)) {
            return free.allocateFreeClustersBelow(extent, limit);
        }
        long position = layout.clusterEnd(table) <= limit ? free.allocateFirstFit(layout.clusterIndex(table), extent) : -1;
        return position >= 0 ? position : free.allocateBestFitBelow(extent, limit);
    }

    /** Whole clusters for a large object: free ones if a run of them holds it, else new ones. */
    private long clusters(long extent) {
        long position = free.allocateFreeClusters(extent);
        return position >= 0 ? position : free.allocateClusters(extent);
    }

    private long lastCluster() {
        return layout.clusterIndex(free.allocatedEnd() - 1);
    }
}
