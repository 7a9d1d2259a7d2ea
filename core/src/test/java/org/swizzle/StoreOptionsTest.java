package org.swizzle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The bounds of the options the javadoc and README state, refused with a {@link StoreException}. */
class StoreOptionsTest {

    @Test
    void shouldAcceptClusterSizesFrom16KiBTo16MiB() {
        assertEquals(16 * 1024, StoreOptions.MIN_CLUSTER_SIZE);
        assertEquals(16 * 1024 * 1024, StoreOptions.MAX_CLUSTER_SIZE);
        assertEquals(16 * 1024, StoreOptions.builder().clusterSize(16 * 1024).build().clusterSize());
        assertEquals(16 * 1024 * 1024, StoreOptions.builder().clusterSize(16 * 1024 * 1024).build().clusterSize());
        for (int refused : new int[] {8 * 1024, 32 * 1024 * 1024, 48 * 1024}) {
            assertThrows(InvalidOptionException.class, () -> StoreOptions.builder().clusterSize(refused), "" + refused);
        }
    }

    @Test
    void shouldRefuseValuesOutOfRangeWithAStoreExceptionNamingTheOption() {
        StoreException budget = assertThrows(InvalidOptionException.class, () -> StoreOptions.builder().residentBudget(10));
        assertTrue(budget.getMessage().contains("residentBudget=10") && budget.getMessage().contains("1,000"), budget.getMessage());
        StoreException log = assertThrows(InvalidOptionException.class, () -> StoreOptions.builder().checkpointLogBytes(0));
        assertTrue(log.getMessage().contains("checkpointLogBytes=0"), log.getMessage());
        NullPointerException none = assertThrows(NullPointerException.class, () -> StoreOptions.builder().dropMissingClasses(null));
        assertEquals("classNames", none.getMessage());
    }
}
