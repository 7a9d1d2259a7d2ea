package org.swizzle;

import java.util.function.LongSupplier;

import org.swizzle.internal.Counters;

/**
 * A snapshot of a store's counters since it was opened: what faulting, swizzling, update detection
 * and commits did, with the time of each commit phase in the breakdown of Hosking, Brown &amp; Moss
 * (collect the candidates, unswizzle them, diff them against their committed bytes, write the log,
 * force it, apply it to the store file). Take two snapshots and subtract to measure one piece of work.
 */
public final class StoreStats {

    private final Counters counters;
    private final LongSupplier unreachable;

    /**
     * For the object manager; applications get snapshots from {@link ObjectStore#stats()}.
     *
     * @param unreachable traces the stored graph and counts what it does not reach
     */
    public StoreStats(Counters counters, LongSupplier unreachable) {
        this.counters = counters;
        this.unreachable = unreachable;
    }

    /** Commits made (including those that had nothing to log). */
    public long commits() {
        return counters.commits;
    }

    /** Object faults: residency checks that found a hollow object and had it filled. */
    public long faults() {
        return counters.faults;
    }

    /**
     * Objects made resident by faults: one per fault with {@code fault=object}, the whole unit with
     * {@code fault=segment} or {@code cluster}, and the objects it refers to with {@code swizzle=eager}.
     */
    public long objectsFaulted() {
        return counters.objectsFaulted;
    }

    /**
     * Pages of large collections read from the store: a large {@code HashMap} or {@code ArrayList} is stored in
     * pages, each read the first time a lookup, an index, a change or an iteration leads to it, and again if the
     * resident budget let it go and the garbage collector reclaimed it.
     */
    public long pagesRead() {
        return counters.pagesRead;
    }

    /**
     * Loads of a reference field that still held a stored reference and looked its OID up in the
     * resident object table ({@code swizzle=edge} until swizzled in place; {@code swizzle=none}: every one).
     */
    public long oidLookups() {
        return counters.oidLookups;
    }

    /**
     * Stored references turned into Java references (to resident or hollow objects): as objects are
     * filled, and under {@code swizzle=edge} as loads swizzle fields in place.
     */
    public long referencesSwizzled() {
        return counters.referencesSwizzled;
    }

    /** Hollow objects (fault blocks) made for references to objects not yet in memory. */
    public long hollowObjectsCreated() {
        return counters.hollowObjectsCreated;
    }

    /** Objects resident now (filled in, not hollow). */
    public long objectsResident() {
        return counters.objectsResident;
    }

    /**
     * Java instances of stored objects and collections in memory now, hollow ones included: those the
     * application, other objects or the store still hold (the others are released by the garbage collector).
     */
    public long objectsInMemory() {
        return counters.objectsInMemory;
    }

    /** Clean objects turned back into hollow ones to keep within the resident budget. */
    public long objectsRehollowed() {
        return counters.objectsRehollowed;
    }

    /**
     * Clean pages of large maps, sets and lists that their collections let go to keep within the resident budget;
     * each is read again ({@link #pagesRead()}) when a lookup, an index, a change or an iteration leads to it after the
     * garbage collector reclaimed it, and found in memory before that.
     */
    public long pagesReleased() {
        return counters.pagesReleased;
    }

    /** Dirty cards found by commits and aborts ({@code barrier=card}). */
    public long cardsDirtied() {
        return counters.cardsDirtied;
    }

    /** Objects found marked by commits and aborts ({@code barrier=remset}: remembered; {@code barrier=object}: dirty bit set). */
    public long objectsMarked() {
        return counters.objectsMarked;
    }

    /** Commit candidates: resident objects in dirty cards, remembered or marked, or all of them without a barrier. */
    public long objectsDirtied() {
        return counters.objectsDirtied;
    }

    /** Objects unswizzled and compared with their committed bytes. */
    public long objectsDiffed() {
        return counters.objectsDiffed;
    }

    /**
     * Of {@link #objectsDiffed()}, those written as their committed bytes with their fixed-size fields written
     * over them, without unswizzling the rest: under {@code barrier=remset}, objects whose only updates since
     * the last commit were stores into primitive or reference fields.
     */
    public long fixedFieldRewrites() {
        return counters.fixedFieldRewrites;
    }

    /** New objects made persistent by reachability. */
    public long objectsCreated() {
        return counters.objectsCreated;
    }

    /**
     * Stored objects no longer reachable from any root, counted when this method is called by a trace of the
     * whole stored graph (which reads every stored object: it takes time in proportion to the store, so it is
     * never done by a commit); {@code collectGarbage()} frees them. Unlike the other counters it is not part of the
     * snapshot: it counts the store as it is when called, and a closed store refuses it.
     */
    public long objectsUnreachable() {
        return unreachable.getAsLong();
    }

    /**
     * Persistent objects holding arrays that can change without their barrier (arrays handed to code that may
     * write them), compared with their committed bytes by commits. The collections the application made and
     * stored are compared too, each commit, but counted only in {@link #bytesCompared()}.
     */
    public long objectsCompared() {
        return counters.objectsCompared;
    }

    /**
     * Objects and stored collections watched now: they hold values that change without a barrier (an array passed
     * on, a collection that cannot report its changes), so every commit compares them with their committed bytes,
     * and they stay resident under a resident budget, until the store is closed or they are reloaded.
     */
    public long objectsWatched() {
        return counters.objectsWatched;
    }

    /** Bytes compared by commit diffing. */
    public long bytesCompared() {
        return counters.bytesCompared;
    }

    /** Log records written (changed byte ranges, whole images). */
    public long recordsLogged() {
        return counters.recordsLogged;
    }

    /** Bytes written to the log, headers included. */
    public long bytesLogged() {
        return counters.bytesLogged;
    }

    /** Object bytes written to the log, headers excluded. */
    public long payloadBytesLogged() {
        return counters.payloadBytesLogged;
    }

    /** Time finding commit candidates (scanning cards, the remembered set or dirty bits). */
    public long collectNanos() {
        return counters.collectNanos;
    }

    /** Time unswizzling candidates and new objects into the stored format. */
    public long unswizzleNanos() {
        return counters.unswizzleNanos;
    }

    /** Time comparing unswizzled images with the committed bytes. */
    public long diffNanos() {
        return counters.diffNanos;
    }

    /** Time appending commit records to the log. */
    public long writeNanos() {
        return counters.writeNanos;
    }

    /** Garbage collection cycles completed ({@code ObjectStore.collectGarbage()}). */
    public long collections() {
        return counters.collections;
    }

    /** Stored objects and collections the collector freed, because nothing reached them. */
    public long objectsCollected() {
        return counters.objectsCollected;
    }

    /** Bytes of stored images the collector freed, now reused by later commits. */
    public long bytesCollected() {
        return counters.bytesCollected;
    }

    /**
     * Bytes of the stored objects the last completed collection kept (those reached, and those made during it):
     * what the store's files need at least; 0 before the first collection.
     */
    public long liveBytes() {
        return counters.liveBytes;
    }

    /** Bytes of the store's cluster file in use: objects, their tables and free space between them (not the log). */
    public long storeBytes() {
        return counters.storeBytes;
    }

    /** Bytes free for reuse inside {@link #storeBytes()}: what freed and moved objects left. */
    public long freeBytes() {
        return counters.freeBytes;
    }

    /** How long the last completed collection cycle took, commits between its steps included. */
    public long lastCollectionNanos() {
        return counters.lastCollectionNanos;
    }

    /** The longest single step of a collection: how long it held the store at once. */
    public long longestCollectionStepNanos() {
        return counters.longestCollectionStepNanos;
    }

    /** Time forcing the log to the disk. */
    public long forceNanos() {
        return counters.forceNanos;
    }

    /** Time applying committed records to the store file (and checkpointing). */
    public long applyNanos() {
        return counters.applyNanos;
    }

    /**
     * Time after the commit is applied: new objects made resident and entered in the resident table, committed
     * collections noted, objects watched, indexes told, the resident budget kept and a collection cycle assisted.
     */
    public long installNanos() {
        return counters.installNanos;
    }

    @Override
    public String toString() {
        Counters c = counters;
        return "StoreStats{commits=" + c.commits + ", faults=" + c.faults + ", objectsFaulted=" + c.objectsFaulted
            + ", pagesRead=" + c.pagesRead + ", oidLookups=" + c.oidLookups + ", referencesSwizzled=" + c.referencesSwizzled + ", hollowObjectsCreated=" + c.hollowObjectsCreated
            + ", objectsResident=" + c.objectsResident + ", objectsInMemory=" + c.objectsInMemory
            + ", objectsWatched=" + c.objectsWatched
            + ", objectsRehollowed=" + c.objectsRehollowed + ", pagesReleased=" + c.pagesReleased + ", collections=" + c.collections
            + ", objectsCollected=" + c.objectsCollected + ", bytesCollected=" + c.bytesCollected + ", liveBytes=" + c.liveBytes + ", storeBytes=" + c.storeBytes
            + ", freeBytes=" + c.freeBytes
            + ", lastCollectionNanos=" + c.lastCollectionNanos + ", longestCollectionStepNanos=" + c.longestCollectionStepNanos
            + ", cardsDirtied=" + c.cardsDirtied + ", objectsMarked=" + c.objectsMarked
            + ", objectsDirtied=" + c.objectsDirtied + ", objectsDiffed=" + c.objectsDiffed
            + ", fixedFieldRewrites=" + c.fixedFieldRewrites
            + ", objectsCreated=" + c.objectsCreated + ", objectsCompared=" + c.objectsCompared
            + ", bytesCompared=" + c.bytesCompared
            + ", recordsLogged=" + c.recordsLogged + ", bytesLogged=" + c.bytesLogged
            + ", payloadBytesLogged=" + c.payloadBytesLogged + ", collectNanos=" + c.collectNanos
            + ", unswizzleNanos=" + c.unswizzleNanos + ", diffNanos=" + c.diffNanos + ", writeNanos=" + c.writeNanos
            + ", forceNanos=" + c.forceNanos + ", applyNanos=" + c.applyNanos + ", installNanos=" + c.installNanos + '}';
    }
}
