package org.swizzle.store;

import java.util.Arrays;

import org.agrona.collections.Hashing;

/**
 * The objects whose table entries the open transaction has read and found intact, so that its later reads of them
 * skip the checks: a commit reads the entry of each object it writes several times (its class and length, its first
 * bytes, its bytes to compare, its patch to stage), and checking each read was about a tenth of a small commit. The
 * set lasts one transaction: an entry damaged after a transaction read it is caught by the next one, before anything
 * (a free, a resize, a patch) acts on what it says.
 *
 * <p>An open-addressing set whose slots carry the stamp of the transaction that filled them, so that emptying it is
 * a new stamp, whatever a large transaction left in it.
 */
final class VerifiedEntries {
    private static final int INITIAL_SLOTS = 64;
    /** The most slots a transaction keeps for the next: a large one's would stay as long as the store is open. */
    private static final int KEPT_SLOTS = 2 * PendingPuts.PUTS_KEPT;

    private long[] oids = new long[INITIAL_SLOTS];
    private int[] stamps = new int[INITIAL_SLOTS];
    /** The stamp of the slots in use; a slot of any other is empty. */
    private int stamp = 1;
    private int count;

    boolean contains(long oid) {
        int mask = oids.length - 1;
        for (int i = Hashing.hash(oid, mask); stamps[i] == stamp; i = i + 1 & mask) {
            if (oids[i] == oid) {
                return true;
            }
        }
        return false;
    }

    void add(long oid) {
        if (2 * (count + 1) > oids.length) {
            grow();
        }
        int mask = oids.length - 1;
        int i = Hashing.hash(oid, mask);
        while (stamps[i] == stamp) {
            if (oids[i] == oid) {
                return;
            }
            i = i + 1 & mask;
        }
        oids[i] = oid;
        stamps[i] = stamp;
        count++;
    }

    /** Empties the set, letting go of the slots of a large transaction. */
    void clear() {
        count = 0;
        if (oids.length > KEPT_SLOTS) {
            oids = new long[INITIAL_SLOTS];
            stamps = new int[INITIAL_SLOTS];
            stamp = 1;
            return;
        }
        stamp++;
        if (stamp == 0) { // wrapped: no slot may hold a stamp still to come
            Arrays.fill(stamps, 0);
            stamp = 1;
        }
    }

    int slots() {
        return oids.length;
    }

    private void grow() {
        long[] oldOids = oids;
        int[] oldStamps = stamps;
        int oldStamp = stamp;
        oids = new long[2 * oldOids.length];
        stamps = new int[2 * oldOids.length];
        stamp = 1;
        count = 0;
        for (int i = 0; i < oldOids.length; i++) {
            if (oldStamps[i] == oldStamp) {
                add(oldOids[i]);
            }
        }
    }
}
