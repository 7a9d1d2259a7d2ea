package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class VerifiedEntriesTest {

    @Test
    void shouldTrustOnlyTheEntriesAdded() {
        VerifiedEntries verified = new VerifiedEntries();
        verified.add(3);
        verified.add(64);
        verified.add(1_000_003);
        assertTrue(verified.contains(3));
        assertTrue(verified.contains(64));
        assertTrue(verified.contains(1_000_003));
        assertFalse(verified.contains(4));
        assertFalse(verified.contains(63));
        assertFalse(verified.contains(1_000_002));
        assertFalse(verified.contains(50_000_000));
    }

    @Test
    void shouldCheckAtEveryReadTheEntriesBeyondWhatItCanNote() {
        VerifiedEntries verified = new VerifiedEntries();
        long far = 64L * Integer.MAX_VALUE;
        verified.add(far);
        assertFalse(verified.contains(far));
    }
}
