package org.swizzle.it.regions;

import org.swizzle.Persistent;

/**
 * A persistent counter whose methods have the shapes the agent's one-check-per-region analysis must get right:
 * compound assignments, a local given another object in the middle of an assignment, calls proven inert.
 */
@Persistent
public class Tally {
    long value;
    Tally next;

    Tally(long value, Tally next) {
        this.value = value;
        this.next = next;
    }

    /** Stores into the object {@code target} held first, after the right-hand side gave {@code target} another. */
    static void storeAcross(Tally target, Tally source) {
        target.value = (target = source).value + target.value;
    }

    /** Compound assignments: each store's object is a {@code DUP} of its read's. */
    static void increment(Tally tally) {
        tally.value++;
        tally.value += 2;
    }

    /** Reads around a call proven inert, then stores: the region, and so the one check, goes across the call. */
    static void scale(Tally tally) {
        long before = tally.value;
        tally.value = before + weigh(before) + Math.abs(tally.value);
    }

    private static long weigh(long amount) {
        return amount * 3;
    }
}
