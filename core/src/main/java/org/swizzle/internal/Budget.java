package org.swizzle.internal;

import java.util.ArrayDeque;

/**
 * The resident-object budget: past it, the clean objects made resident longest ago are turned back
 * into hollow objects (their fields cleared, never written), and fault in again when touched.
 * Objects in dirty cards stay until a commit or abort has dealt with them.
 */
final class Budget {

    private final long limit;
    private final ArrayDeque<Persistable> order = new ArrayDeque<>();
    private long rehollowed;

    Budget(long limit) {
        this.limit = limit;
    }

    long limit() {
        return limit;
    }

    long rehollowed() {
        return rehollowed;
    }

    void admitted(Persistable object) {
        if (limit != Long.MAX_VALUE) {
            order.addLast(object);
        }
    }

    /**
     * Re-hollows up to {@code excess} clean objects, never {@code keep} (the object being faulted).
     *
     * @return how many were re-hollowed
     */
    long rehollow(long excess, Persistable keep) {
        long done = 0;
        long looked = 0;
        long candidates = order.size();
        while (done < excess && looked < candidates) {
            Persistable object = order.pollFirst();
            looked++;
            if (object.$swz_state() != Persistable.RESIDENT) {
                continue;
            }
            if (object == keep || CardTable.isDirty(object.$swz_address() >>> CardTable.SHIFT)) {
                order.addLast(object);
                continue;
            }
            ObjectManager.rehollow(object);
            done++;
        }
        rehollowed += done;
        return done;
    }
}
