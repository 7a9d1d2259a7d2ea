package org.swizzle.internal;

import java.util.function.LongConsumer;

import org.agrona.collections.LongArrayList;
import org.agrona.collections.LongHashSet;
import org.swizzle.store.SegmentStore;
import org.swizzle.store.Transaction;

/**
 * Reclaims the stored objects and collections that nothing reaches, in bounded steps between which the
 * application commits as usual: a cycle marks from the roots and from every object the application may
 * hold (each Java instance in the resident table), reading committed bytes only, then frees what it did not
 * mark. The store logs each free, so a crash at any point loses no reachable object and leaves no freed
 * space referenced.
 *
 * <p>Why that is enough while commits go on: the application can store a reference only to an object it
 * holds an instance of, so an object no mark root reaches gains no reference; every instance made while the
 * cycle marks is marked through as the snapshot's are ({@link #instanceMade}), and one made while it sweeps comes
 * from an image that was marked through (a fault unit's members the sweep condemns are not read: {@link #isCondemned}); while the cycle marks, every object a commit writes is marked through
 * again ({@link #written}), so a reference moved from an object not yet marked to one already marked is not
 * missed; objects made during the cycle are live; and an object is freed only if it has no instance when the
 * sweep reaches it. The roots are those bound now and those the last commit stored ({@link Roots#oids}).
 *
 * <p>A cycle marks from the roots first, then from the instances: those the roots did not reach are objects only the
 * application's memory holds, or only the store, which keeps a resident object until the budget lets it go. The
 * object manager re-hollows the clean ones at its next commit ({@link #takeUnreached}): the application's instances
 * stay theirs and fault in again when touched, and the garbage among them, weakly held once hollow, is freed by a
 * later cycle after the JVM released it, rather than in a later session.
 *
 * <p>Steps come from {@code collectGarbage()}, from the store's collection thread (automatic collection),
 * and from commits made while a cycle runs, which assist in proportion to what they wrote: a sweep assist
 * frees into the commit's own transaction, a mark assist follows it.
 */
final class Collector {

    /** Where a cycle is. */
    enum Phase {
        IDLE,
        /** Marking through committed images from the roots alone. */
        ROOTS,
        /** Marking from the instances in the resident table that the roots did not reach, a segment of it per step. */
        SNAPSHOT,
        /** Marking through committed images. */
        MARK,
        /** Freeing what was not marked, in OID order. */
        SWEEP
    }

    private final SegmentStore store;
    private final ResidentTable table;
    private final StoredReferences references;
    /** Told, when a cycle ends, the bytes it kept of the objects that existed when it started. */
    private final LongConsumer cycleEnded;
    private final LongHashSet marked = new LongHashSet();
    private final LongArrayList pending = new LongArrayList();
    /**
     * The instances in the resident table that no root reached (the application holds them, or only the store does),
     * until {@link #takeUnreached} hands them over.
     */
    private final LongArrayList unreached = new LongArrayList();
    private Phase phase = Phase.IDLE;
    /** OIDs from here on were made during the cycle: live. */
    private long limit;
    private long snapshotSegment;
    private long sweepAt;
    private long started;
    /** Objects commits wrote while marking, since the last {@link #assist()}. */
    private int writtenSinceAssist;

    private long sweptLiveBytes;
    /** Of those, the bytes of objects that existed when the cycle started: what the application held then. */
    private long sweptReachedBytes;
    private long cycles;
    private long lastCycleNanos;
    private long liveBytes;
    private long longestStepNanos;

    Collector(SegmentStore store, ResidentTable table, StoredReferences references, LongConsumer cycleEnded) {
        this.store = store;
        this.table = table;
        this.references = references;
        this.cycleEnded = cycleEnded;
    }

    Phase phase() {
        return phase;
    }

    /** Starts a cycle marking from {@code roots}, the root directory's references. */
    void start(LongArrayList roots) {
        marked.clear();
        pending.clear();
        unreached.clear();
        limit = store.oidLimit();
        snapshotSegment = 0;
        sweepAt = SegmentStore.CATALOG_OID + 1;
        sweptLiveBytes = 0;
        sweptReachedBytes = 0;
        started = System.nanoTime();
        for (int i = 0; i < roots.size(); i++) {
            mark(roots.getLong(i));
        }
        phase = Phase.ROOTS;
    }

    /** Whether a cycle is marking, so that commits must report what they write ({@link #written}). */
    boolean isMarking() {
        return phase == Phase.ROOTS || phase == Phase.SNAPSHOT || phase == Phase.MARK;
    }

    /** Notes that a commit wrote stored object or collection {@code oid}: while marking, its new image is marked through. */
    void written(long oid) {
        writtenSinceAssist++;
        if (isMarking()) {
            marked.add(oid);
            pending.addLong(oid);
        }
    }

    /*
     * Assists: a commit does cycle work in proportion to what it wrote, so that commits made faster than the
     * collection's own steps (which wait for the lock between commits) cannot keep a cycle from ending, and the
     * store's growth is paced by its collection. A cycle started at twice the live objects marks about those and
     * sweeps about twice as many OIDs; at these rates it ends, with no help from its thread, once the commits have
     * written half the live objects again, so what becomes garbage meanwhile (freed by the next cycle) stays a
     * fraction of the live bytes. A sweep step per OID is a table lookup, a mark step per object an image read.
     */

    /** Objects marked through per object a commit wrote. */
    static final int MARK_ASSIST = 4;
    /** OIDs swept per object a commit wrote. */
    static final int SWEEP_ASSIST = 8;

    /**
     * Before a commit: if the cycle is sweeping, sweeps {@link #SWEEP_ASSIST} OIDs for each object the commit wrote,
     * freeing into the commit's own {@code transaction}.
     */
    void assistSweep(Transaction transaction) {
        if (phase == Phase.SWEEP && writtenSinceAssist > 0) {
            step(SWEEP_ASSIST * writtenSinceAssist, transaction);
        }
    }

    /** After a commit: if the cycle is marking, marks through {@link #MARK_ASSIST} objects for each object the commit wrote. */
    void assistMark() {
        if (isMarking() && writtenSinceAssist > 0) {
            step(MARK_ASSIST * writtenSinceAssist, null);
        }
        writtenSinceAssist = 0;
    }

    /**
     * Notes that the application got an instance of stored object or collection {@code oid} (a fault block, a collection
     * read): while marking, it is marked through as the instances the snapshot met are. The application may drop the
     * reference it came from and store the instance elsewhere later, and what its committed image refers to must then
     * still be there; an instance made after the snapshot passed its segment was kept by the sweep, and what it referred
     * to freed.
     */
    void instanceMade(long oid) {
        if (isMarking()) {
            mark(oid);
        }
    }

    /**
     * Whether stored object {@code oid} is one the sweep under way frees or may have freed what it refers to: unmarked,
     * older than the cycle and without an instance. No instance is made of such an object (an index lookup would
     * bring back an object no root reaches, with its referents freed around it), so it reads as gone; nor does a fault
     * of its segment or cluster read it (it would keep its place and make instances of what it refers to, freed or
     * about to be, which would keep theirs while the sweep frees what they refer to).
     */
    boolean isCondemned(long oid) {
        return phase == Phase.SWEEP && oid < limit && !marked.contains(oid) && table.get(oid) == null;
    }

    /** Notes that a commit rewrote the root directory, which now refers to {@code roots}. */
    void rootsWritten(LongArrayList roots) {
        if (isMarking()) {
            for (int i = 0; i < roots.size(); i++) {
                mark(roots.getLong(i));
            }
        }
    }

    /**
     * Does about {@code work} objects' worth of the cycle; a sweep step frees into {@code transaction} (which
     * must be open then). Returns the phase the cycle is in after the step.
     */
    Phase step(int work, Transaction transaction) {
        long stepStart = System.nanoTime();
        switch (phase) {
            case ROOTS:
                if (markThrough(work)) {
                    phase = Phase.SNAPSHOT;
                }
                break;
            case SNAPSHOT:
                snapshot(work);
                break;
            case MARK:
                if (markThrough(work)) {
                    phase = Phase.SWEEP;
                }
                break;
            case SWEEP:
                sweep(work, transaction);
                break;
            default:
                break;
        }
        longestStepNanos = Math.max(longestStepNanos, System.nanoTime() - stepStart);
        return phase;
    }

    private void snapshot(int work) {
        snapshotSegment = table.forEachOid(snapshotSegment, Math.max(1, work / 256), oid -> {
            if (marked.add(oid)) {
                pending.addLong(oid);
                unreached.addLong(oid);
            }
        });
        if (snapshotSegment < 0) {
            phase = Phase.MARK;
        }
    }

    /** Marks through about {@code work} pending images; whether none is left. */
    private boolean markThrough(int work) {
        for (int done = 0; done < work && !pending.isEmpty(); done++) {
            references.forEach(pending.removeAt(pending.size() - 1), this::mark);
        }
        return pending.isEmpty();
    }

    private void mark(long oid) {
        if (marked.add(oid)) {
            pending.addLong(oid);
        }
    }

    /** Frees what is unmarked and has no instance below the cycle's limit; past it, counts what was made during the cycle. */
    private void sweep(int work, Transaction transaction) {
        long end = store.oidLimit();
        long oid = sweepAt;
        for (int done = 0; done < work && (oid = store.nextObject(oid)) < end; done++, oid++) {
            if (oid >= limit) {
                sweptLiveBytes += store.length(oid);
            } else if (marked.contains(oid) || table.get(oid) != null) {
                int length = store.length(oid);
                sweptLiveBytes += length;
                sweptReachedBytes += length;
            } else {
                transaction.free(oid);
            }
        }
        sweepAt = oid;
        if (sweepAt >= end) {
            liveBytes = sweptLiveBytes;
            marked.clear();
            pending.clear();
            cycles++;
            lastCycleNanos = System.nanoTime() - started;
            phase = Phase.IDLE;
            cycleEnded.accept(sweptReachedBytes);
        }
    }

    /**
     * Hands each instance of the resident table that the last cycle's roots did not reach to {@code action}, once: the
     * object manager re-hollows the clean ones at its next commit, so that the garbage among them, held only by the
     * store while resident, is freed by a later cycle once the JVM has released its instance.
     */
    void takeUnreached(LongConsumer action) {
        for (int i = 0; i < unreached.size(); i++) {
            action.accept(unreached.getLong(i));
        }
        unreached.clear();
    }

    /** Copies what the collector did into {@code counters}: the objects and bytes it freed are the store's count. */
    void count(Counters counters) {
        counters.collections = cycles;
        counters.objectsCollected = store.counters().objectsFreed();
        counters.bytesCollected = store.counters().bytesFreed();
        counters.lastCollectionNanos = lastCycleNanos;
        counters.longestCollectionStepNanos = longestStepNanos;
        counters.liveBytes = liveBytes;
    }
}
