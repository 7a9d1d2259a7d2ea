package org.swizzle.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class ResidentTableTest {

    private final ResidentTable table = new ResidentTable();

    @Test
    void shouldKeepAResidentObjectThatNothingElseHolds() throws InterruptedException {
        table.putResident(7, new Object());
        table.put(8, new Object());
        WeakReference<Object> resident = new WeakReference<>(table.get(7));
        WeakReference<Object> hollow = new WeakReference<>(table.get(8));

        collectUntilCleared(hollow);

        assertNotNull(resident.get());
        assertSame(resident.get(), table.get(7));
        assertNull(table.get(8));
        table.put(9, "written after the release");
        assertEquals(List.of(7L, 9L), oids());
        assertEquals(2, entriesOnceReleasesAreQueued(2), "the released object's entry is cleared");
    }

    @Test
    void shouldReleaseAnObjectOnlyOnceItIsHollowAgain() throws InterruptedException {
        Object faulted = new Object();
        table.put(300, faulted);
        table.resident(300, true);
        WeakReference<Object> object = new WeakReference<>(faulted);
        faulted = null;
        System.gc();
        assertNotNull(object.get());
        assertSame(object.get(), table.get(300));

        table.resident(300, false);
        collectUntilCleared(object);

        assertNull(table.get(300));
        assertEquals(0, entriesOnceReleasesAreQueued(0));
    }

    @Test
    void shouldHandTheOidsOfObjectsInMemoryInOrder() {
        Object hollow = new Object();
        table.putResident(1L << 20 | 5, new Object());
        table.put(3, hollow);
        table.putResident(2, new Object());

        assertEquals(List.of(2L, 3L, 1L << 20 | 5), oids());
        table.put(3, null);
        assertEquals(List.of(2L, 1L << 20 | 5), oids());
        assertEquals(2, table.entries());
    }

    private List<Long> oids() {
        List<Long> oids = new ArrayList<>();
        for (long segment = 0; segment >= 0; ) {
            segment = table.forEachOid(segment, 1, oids::add);
        }
        return oids;
    }

    /** The table's entries, once the reference handler queued what the collector released (it does so later). */
    private long entriesOnceReleasesAreQueued(long expected) throws InterruptedException {
        for (int attempt = 0; table.entries() != expected && attempt < 200; attempt++) {
            Thread.sleep(10);
        }
        return table.entries();
    }

    private static void collectUntilCleared(WeakReference<?> reference) {
        for (int attempt = 0; reference.get() != null && attempt < 50; attempt++) {
            System.gc();
        }
        assertNull(reference.get(), "the garbage collector did not release the object");
    }
}
