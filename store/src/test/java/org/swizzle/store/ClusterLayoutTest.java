package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ClusterLayoutTest {
    private static final int CLUSTER = 64 * 1024;
    private final ClusterLayout layout = new ClusterLayout(CLUSTER);

    @Test
    void shouldPlaceAnObjectThatFitsAtTheNextAlignedFreeByte() {
        assertEquals(4096, layout.placeObject(4096, 100));
        assertEquals(4104, layout.placeObject(4097, 100));
        assertEquals(CLUSTER - 104, layout.placeObject(CLUSTER - 104, 104), "fits exactly");
    }

    @Test
    void shouldStartTheNextClusterWhenAnObjectDoesNotFit() {
        assertEquals(CLUSTER, layout.placeObject(CLUSTER - 99, 100));
        assertEquals(CLUSTER, layout.placeTable(CLUSTER - 4000));
    }

    @Test
    void shouldGiveAnObjectBiggerThanAClusterARunOfWholeClusters() {
        long position = layout.placeObject(5000, CLUSTER + 1);
        assertEquals(CLUSTER, position, "starts on a cluster boundary");
        assertEquals(3L * CLUSTER, layout.endOfObject(position, CLUSTER + 1), "two whole clusters");
    }

    @Test
    void shouldKeepFillingTheOpenSegmentWhileItsClusterHasRoom() {
        long table = 4096;
        assertEquals(10, layout.nextNewOid(10, table, 20_000));
        assertEquals(256, layout.nextNewOid(10, table, CLUSTER + 8), "cluster full: start segment 1");
        assertEquals(512, layout.nextNewOid(512, 0, CLUSTER + 8), "already at a segment start");
        assertEquals(300, layout.nextNewOid(300, 0, CLUSTER + 8), "segment without a table yet");
    }
}
