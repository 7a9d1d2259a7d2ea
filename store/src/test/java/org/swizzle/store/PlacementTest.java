package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The allocation policy over a free-space map, without files. */
class PlacementTest {
    private static final int CLUSTER = 16 * 1024;
    private static final int TABLE = SegmentTableDescriptor.TABLE_LENGTH;

    private final ClusterLayout layout = new ClusterLayout(CLUSTER);
    private final FreeSpace free = newStore();
    private final Placement placement = new Placement(layout, free);

    /** A new store: cluster 0 allocated, free after its header page. */
    private FreeSpace newStore() {
        FreeSpace space = new FreeSpace(layout, CLUSTER);
        space.free(ClusterFileDescriptor.FIRST_FREE, CLUSTER - ClusterFileDescriptor.FIRST_FREE);
        return space;
    }

    @Test
    void shouldPlaceATableAndItsObjectsInOrderInTheLastCluster() {
        long table = placement.table();
        assertEquals(4096, table);
        assertEquals(4096 + TABLE, placement.newObject(100, table));
        assertEquals(4096 + TABLE + 104, placement.newObject(8, table));
        assertEquals(CLUSTER, free.allocatedEnd());
    }

    @Test
    void shouldOpenANewClusterWhenTheHomeAndLastClustersAreFull() {
        long table = placement.table();
        long left = CLUSTER - 4096 - TABLE;
        assertEquals(4096 + TABLE, placement.newObject((int) left - 8, table));
        assertEquals(CLUSTER, placement.newObject(100, table), "does not fit: a new cluster");
        assertEquals(2L * CLUSTER, free.allocatedEnd());
        assertEquals(CLUSTER + 104, placement.newObject(100, table), "then the last cluster");
        assertEquals(CLUSTER - 8, placement.newObject(8, table), "and the home cluster's last 8 bytes first");
    }

    @Test
    void shouldPlaceNewObjectsSideBySideInTheHomeOrLastClusterOnly() {
        long table = placement.table();
        long left = CLUSTER - 4096 - TABLE;
        assertEquals(4096 + TABLE, placement.newObjects(1000, table));
        assertEquals(-1, placement.newObjects(left, table), "the home cluster holds " + (left - 1000) + " bytes more");
        assertEquals(CLUSTER, free.allocatedEnd(), "no cluster opened for a run");
        assertEquals(4096 + TABLE + 1000, placement.newObjects(left - 1000, table));
        assertEquals(-1, placement.newObjects(CLUSTER + 8, table), "never more than a cluster");
    }

    @Test
    void shouldGiveALargeObjectWholeNewClusters() {
        assertEquals(CLUSTER, placement.newObject(CLUSTER + 1, placement.table()));
        assertEquals(3L * CLUSTER, free.allocatedEnd());
    }

    @Test
    void shouldGiveALargeObjectTheFirstRunOfWholeFreeClustersThatHoldsIt() {
        long table = placement.table();
        long first = placement.newObject(2 * CLUSTER, table);
        long small = placement.newObject(100, table);
        long second = placement.newObject(2 * CLUSTER, table);
        long end = free.allocatedEnd();
        free.free(first, CLUSTER);
        free.free(second, 2L * CLUSTER);

        free.beginPlan();
        assertEquals(second, placement.newObject(2 * CLUSTER - 8, table), "the first run of two whole free clusters");
        free.rollback();
        assertTrue(free.isFree(second, CLUSTER) && free.isFree(second + CLUSTER, CLUSTER), "rolled back");

        assertEquals(second, placement.resized(small, 100, 2 * CLUSTER, table), "grown into them");
        assertEquals(end, free.allocatedEnd());
        assertEquals(end, placement.newObject(CLUSTER + 8, table), "one free cluster left: new ones");
        assertEquals(end + 2L * CLUSTER, free.allocatedEnd());
    }

    @Test
    void shouldKeepAShrunkObjectInPlace() {
        long table = placement.table();
        long object = placement.newObject(200, table);
        assertEquals(object, placement.resized(object, 200, 50, table));
        assertEquals(object, placement.resized(object, 200, 0, table));
    }

    @Test
    void shouldGrowAnObjectInPlaceWhenTheBytesAfterItAreFree() {
        long table = placement.table();
        long object = placement.newObject(200, table);
        assertEquals(object, placement.resized(object, 200, 400, table));
        assertFalse(free.isFree(object + 200, 200), "the growth is taken");
    }

    @Test
    void shouldRelocateAGrownObjectWithinItsCluster() {
        long table = placement.table();
        long object = placement.newObject(200, table);
        long neighbour = placement.newObject(200, table);
        long moved = placement.resized(object, 200, 400, table);
        assertEquals(neighbour + 200, moved, "first fit after its neighbour, same cluster");
    }

    @Test
    void shouldMoveAGrownObjectToTheSmallestFreeExtentElsewhere() {
        long table = placement.table();
        long object = placement.newObject(200, table);
        placement.newObject(CLUSTER - 4096 - TABLE - 200, table);
        long other = placement.newObject(CLUSTER - 8, table);
        assertEquals(CLUSTER, other);
        free.free(CLUSTER + 1000, 600);
        free.free(CLUSTER + 5000, 1000);
        assertEquals(CLUSTER + 1000, placement.resized(object, 200, 500, table), "best fit: the 600-byte extent");
        assertEquals(2L * CLUSTER, free.allocatedEnd(), "no new cluster");
    }

    @Test
    void shouldMergeFreedNeighboursButNotAcrossClusters() {
        FreeSpace space = new FreeSpace(layout, 3L * CLUSTER);
        space.free(CLUSTER - 64, 64);
        space.free(CLUSTER, 64);
        space.free(CLUSTER + 64, 64);
        List<String> extents = new ArrayList<>();
        space.forEach((start, end) -> extents.add(start + ".." + end));
        assertEquals(List.of((CLUSTER - 64) + ".." + CLUSTER, CLUSTER + ".." + (CLUSTER + 128)), extents);
        assertEquals(192, space.freeBytes());
        assertEquals(128, space.largestExtent());
    }

    @Test
    void shouldUndoAPlanExactly() {
        long table = placement.table();
        long object = placement.newObject(200, table);
        free.free(object, 200);
        List<String> before = describe(free);
        long end = free.allocatedEnd();

        free.beginPlan();
        placement.newObject(100, table);
        placement.newObject(CLUSTER, table);
        placement.table();
        placement.newObject(3 * CLUSTER, table);
        free.rollback();

        assertEquals(before, describe(free));
        assertEquals(end, free.allocatedEnd());
    }

    @Test
    void shouldMoveOnlyBelowTheLimitAndNeverGrowTheFile() {
        FreeSpace space = new FreeSpace(layout, 6L * CLUSTER);
        Placement moves = new Placement(layout, space);
        space.free(CLUSTER + 100 * 8, 64);
        space.free(2L * CLUSTER + 8, 200);
        space.free(3L * CLUSTER, CLUSTER);
        space.free(5L * CLUSTER, CLUSTER);
        space.free(4L * CLUSTER + 8, 32);
        long limit = 4L * CLUSTER;
        assertEquals(2L * CLUSTER + 8, moves.moved(100, 8, limit), "best fit below the limit, not the 32 bytes past it");
        assertEquals(CLUSTER + 800, moves.moved(40, CLUSTER + 8, limit), "first fit in the table's cluster");
        assertEquals(-1, moves.moved(CLUSTER + 1, 8, limit), "no run of two free clusters below the limit");
        assertEquals(3L * CLUSTER, moves.moved(CLUSTER, 8, limit), "a free cluster below the limit");
        assertEquals(-1, moves.movedTable(limit), "no room for a table below the limit");
        assertEquals(5L * CLUSTER, moves.movedTable(6L * CLUSTER));
        assertEquals(6L * CLUSTER, space.allocatedEnd(), "a move never allocates a cluster");
    }

    @Test
    void shouldLowerTheAllocatedEndPastFreeClustersAsPartOfAPlan() {
        FreeSpace space = new FreeSpace(layout, 5L * CLUSTER);
        space.free(2L * CLUSTER + 64, CLUSTER - 64);
        space.free(3L * CLUSTER, 2L * CLUSTER);
        assertEquals(3L * CLUSTER, space.freeTailStart());
        List<String> before = describe(space);

        space.beginPlan();
        space.lowerEnd(3L * CLUSTER);
        assertEquals(3L * CLUSTER, space.allocatedEnd());
        assertEquals(CLUSTER - 64, space.freeBytes(), "the clusters given back are no longer free space");
        space.rollback();
        assertEquals(before, describe(space));
        assertEquals(5L * CLUSTER, space.allocatedEnd());

        space.lowerEnd(3L * CLUSTER);
        assertEquals(3L * CLUSTER, space.freeTailStart());
        assertThrows(IllegalStateException.class, () -> space.lowerEnd(2L * CLUSTER), "cluster 2 holds 64 bytes");
    }

    @Test
    void shouldSplitAFreedRunOfClustersAtClusterBoundaries() {
        FreeSpace space = new FreeSpace(layout, 4L * CLUSTER);
        space.free(CLUSTER, 3L * CLUSTER);
        assertEquals(3, space.extentCount());
        assertTrue(space.isFree(2L * CLUSTER, CLUSTER));
        assertFalse(space.isFree(2L * CLUSTER - 8, 16), "extents do not span clusters");
    }

    private static List<String> describe(FreeSpace space) {
        List<String> extents = new ArrayList<>();
        space.forEach((start, end) -> extents.add(start + ".." + end));
        return extents;
    }
}
