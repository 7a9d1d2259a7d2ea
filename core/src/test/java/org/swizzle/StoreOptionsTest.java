package org.swizzle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The cluster size bounds the javadoc and README state: a power of two from 16 KiB to 16 MiB. */
class StoreOptionsTest {

    @Test
    void shouldAcceptClusterSizesFrom16KiBTo16MiB() {
        assertEquals(16 * 1024, StoreOptions.MIN_CLUSTER_SIZE);
        assertEquals(16 * 1024 * 1024, StoreOptions.MAX_CLUSTER_SIZE);
        assertEquals(16 * 1024, StoreOptions.builder().clusterSize(16 * 1024).build().clusterSize());
        assertEquals(16 * 1024 * 1024, StoreOptions.builder().clusterSize(16 * 1024 * 1024).build().clusterSize());
        for (int refused : new int[] {8 * 1024, 32 * 1024 * 1024, 48 * 1024}) {
            assertThrows(IllegalArgumentException.class, () -> StoreOptions.builder().clusterSize(refused), "" + refused);
        }
    }
}
