package org.swizzle.internal;

import org.swizzle.store.StoreCounters;

/**
 * The object manager's running counters, copied into a {@link org.swizzle.StoreStats} snapshot.
 * Public only so that the snapshot in the API package can read them.
 */
public final class Counters {
    public long commits;
    public long faults;
    public long objectsFaulted;
    public long pagesRead;
    public long oidLookups;
    public long referencesSwizzled;
    public long hollowObjectsCreated;
    public long objectsResident;
    public long objectsInMemory;
    public long objectsWatched;
    public long collections;
    public long objectsCollected;
    public long bytesCollected;
    public long lastCollectionNanos;
    public long longestCollectionStepNanos;
    public long liveBytes;
    public long storeBytes;
    public long freeBytes;
    public long objectsRehollowed;
    public long pagesReleased;
    public long cardsDirtied;
    public long objectsMarked;
    public long objectsDirtied;
    public long objectsDiffed;
    public long fixedFieldRewrites;
    public long objectsCreated;
    public long objectsCompared;
    public long bytesCompared;
    public long recordsLogged;
    public long bytesLogged;
    public long payloadBytesLogged;
    public long collectNanos;
    public long unswizzleNanos;
    public long diffNanos;
    public long writeNanos;
    public long forceNanos;
    public long applyNanos;
    public long installNanos;

    /**
     * Adds what the store counted for one commit ({@link org.swizzle.store.Transaction#counted}): what it logged
     * and compared, and the time of its write, force and apply, a checkpoint the commit made counted as applying.
     */
    void addCommitted(StoreCounters commit) {
        recordsLogged += commit.recordsLogged();
        bytesLogged += commit.walBytesLogged();
        payloadBytesLogged += commit.payloadBytesLogged();
        bytesCompared += commit.bytesCompared();
        writeNanos += commit.writeNanos();
        forceNanos += commit.forceNanos();
        applyNanos += commit.applyNanos() + commit.checkpointNanos();
    }

    Counters copy() {
        Counters copy = new Counters();
        copy.commits = commits;
        copy.faults = faults;
        copy.objectsFaulted = objectsFaulted;
        copy.pagesRead = pagesRead;
        copy.oidLookups = oidLookups;
        copy.referencesSwizzled = referencesSwizzled;
        copy.hollowObjectsCreated = hollowObjectsCreated;
        copy.objectsResident = objectsResident;
        copy.objectsInMemory = objectsInMemory;
        copy.objectsWatched = objectsWatched;
        copy.objectsRehollowed = objectsRehollowed;
        copy.pagesReleased = pagesReleased;
        copy.cardsDirtied = cardsDirtied;
        copy.objectsMarked = objectsMarked;
        copy.objectsDirtied = objectsDirtied;
        copy.objectsDiffed = objectsDiffed;
        copy.fixedFieldRewrites = fixedFieldRewrites;
        copy.objectsCreated = objectsCreated;
        copy.objectsCompared = objectsCompared;
        copy.bytesCompared = bytesCompared;
        copy.recordsLogged = recordsLogged;
        copy.bytesLogged = bytesLogged;
        copy.payloadBytesLogged = payloadBytesLogged;
        copy.collectNanos = collectNanos;
        copy.unswizzleNanos = unswizzleNanos;
        copy.diffNanos = diffNanos;
        copy.writeNanos = writeNanos;
        copy.forceNanos = forceNanos;
        copy.applyNanos = applyNanos;
        copy.installNanos = installNanos;
        return copy;
    }
}
