package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class VerifiedEntriesTest {

    @Test
    void shouldHoldWhatWasAddedUntilCleared() {
        VerifiedEntries verified = new VerifiedEntries();
        for (long oid = 3; oid < 100_000; oid += 7) {
            verified.add(oid);
        }
        for (long oid = 3; oid < 100_000; oid++) {
            assertTrue(verified.contains(oid) == ((oid - 3) % 7 == 0), "oid " + oid);
        }
        verified.clear();
        for (long oid = 3; oid < 100_000; oid += 7) {
            assertFalse(verified.contains(oid), "oid " + oid + " after clear");
        }
        verified.add(10);
        assertTrue(verified.contains(10));
        assertFalse(verified.contains(3));
    }
}
