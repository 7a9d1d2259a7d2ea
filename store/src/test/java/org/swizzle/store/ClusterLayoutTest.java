package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ClusterLayoutTest {
    private static final int CLUSTER = 64 * 1024;
    private final ClusterLayout layout = new ClusterLayout(CLUSTER);

    @Test
    void shouldRoundSmallObjectsToEightBytesAndLargeOnesToWholeClusters() {
        assertEquals(0, layout.extent(0));
        assertEquals(8, layout.extent(1));
        assertEquals(104, layout.extent(100));
        assertEquals(CLUSTER, layout.extent(CLUSTER), "a cluster-sized object is small");
        assertEquals(2L * CLUSTER, layout.extent(CLUSTER + 1));
    }

    @Test
    void shouldRefuseObjectsThatCrossAClusterOrLeaveTheAllocatedClusters() {
        assertNull(layout.objectProblem(3, 4096, 100, CLUSTER));
        assertNull(layout.objectProblem(3, CLUSTER - 104, 104, CLUSTER), "fits exactly");
        assertNotNull(layout.objectProblem(3, CLUSTER - 96, 104, 2L * CLUSTER), "crosses a boundary");
        assertNotNull(layout.objectProblem(3, CLUSTER - 104, 104, CLUSTER - 8), "past the allocated end");
        assertNull(layout.objectProblem(3, CLUSTER, CLUSTER + 1, 3L * CLUSTER));
        String problem = layout.objectProblem(3, CLUSTER + 8, CLUSTER + 1, 4L * CLUSTER);
        assertTrue(problem.contains("does not start a cluster"), problem);
        assertNotNull(layout.objectProblem(3, 8, 10, CLUSTER), "inside the header page");
    }

    @Test
    void shouldRefuseTablesThatCrossAClusterOrLeaveTheAllocatedClusters() {
        assertNull(layout.tableProblem(0, 0, CLUSTER), "no table");
        assertNull(layout.tableProblem(0, 4096, CLUSTER));
        assertNotNull(layout.tableProblem(0, CLUSTER - 8, 2L * CLUSTER));
        assertNotNull(layout.tableProblem(0, 4100, CLUSTER), "not aligned");
    }
}
