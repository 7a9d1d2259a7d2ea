package org.swizzle.internal;

import java.util.ArrayDeque;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The resident-object budget: past it, the clean objects made resident longest ago are turned back
 * into hollow objects (their fields cleared, never written), and fault in again when touched.
 * Objects in dirty cards stay until a commit or abort has dealt with them; watched objects stay, and so do
 * {@code pinned} ones (whose large array a method kept), since the application may still change an array it took
 * from them. The object manager calls it only where no other
 * thread can be reading the objects it clears (see {@link ObjectManager}).
 */
final class Budget {

    private final long limit;
    private final UpdateDetector detector;
    private final Consumer<Persistable> rehollow;
    private final Predicate<Persistable> pinned;
    private final ArrayDeque<Persistable> order = new ArrayDeque<>();
    /**
     * The objects a fault's trim found it could not re-hollow (dirty, watched or pinned), oldest first, set aside until
     * the next commit or abort, which may have cleaned them: a trim at every fault looked at each of them again, so a
     * transaction that changed more objects than the budget took time growing with the square of their number.
     */
    private final ArrayDeque<Persistable> setAside = new ArrayDeque<>();
    private long rehollowed;
    /** Whether {@link #rehollowClean} left hollow objects in {@link #order}, which would keep the JVM from releasing them. */
    private boolean hollowInOrder;

    /**
     * @param rehollow turns a clean resident object back into a hollow one
     * @param pinned   whether an object that is not watched must stay resident all the same
     */
    Budget(long limit, UpdateDetector detector, Consumer<Persistable> rehollow, Predicate<Persistable> pinned) {
        this.limit = limit;
        this.detector = detector;
        this.rehollow = rehollow;
        this.pinned = pinned;
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
     * @param allClean whether a commit has just made every resident object clean
     * @return how many were re-hollowed
     */
    long rehollow(long excess, Persistable keep, boolean allClean) {
        long done = 0;
        long looked = 0;
        long candidates = order.size();
        while (done < excess && looked < candidates) {
            Persistable object = order.pollFirst();
            looked++;
            if (object.$swz_state() != Persistable.RESIDENT) {
                continue;
            }
            if (object == keep) {
                order.addLast(object);
                continue;
            }
            if (!mayRehollow(object) || !allClean && detector.mayBeDirty(object)) {
                (allClean ? order : setAside).addLast(object);
                continue;
            }
            rehollow.accept(object);
            done++;
        }
        rehollowed += done;
        return done;
    }

    /**
     * Re-hollows {@code object}, resident and clean after a commit, unless it is watched or pinned; whether it did. The
     * collector hands over the objects no root reached ({@link Collector#takeUnreached}), under any budget.
     */
    boolean rehollowClean(Persistable object) {
        if (object.$swz_state() != Persistable.RESIDENT || !mayRehollow(object)) {
            return false;
        }
        rehollow.accept(object);
        rehollowed++;
        hollowInOrder |= limit != Long.MAX_VALUE;
        return true;
    }

    /**
     * Forgets the objects {@link #rehollowClean} made hollow: a finite budget's order would hold them until a trim
     * reached them, so the JVM could not release those the application dropped, nor a collection free them. Once a
     * cycle, over about the budget's objects.
     */
    void forgetRehollowed() {
        if (hollowInOrder) {
            order.removeIf(object -> object.$swz_state() != Persistable.RESIDENT);
            hollowInOrder = false;
        }
    }

    /** Whether {@code object} may be re-hollowed once clean: neither watched nor pinned. */
    private boolean mayRehollow(Persistable object) {
        return object.$swz_flags() == 0 && !pinned.test(object);
    }

    /**
     * After a commit or abort, before it trims: the objects set aside are candidates again, ahead of those made
     * resident since.
     */
    void restoreSetAside() {
        while (!setAside.isEmpty()) {
            order.addFirst(setAside.pollLast());
        }
    }
}
