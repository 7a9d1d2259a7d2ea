package org.swizzle;

/**
 * A snapshot of a store's counters since it was opened: what faulting, swizzling, update detection
 * and commits did. Take two snapshots and subtract to measure one piece of work.
 */
public final class StoreStats {
    private final long commits;
    private final long objectsFaulted;
    private final long referencesSwizzled;
    private final long hollowObjectsCreated;
    private final long objectsResident;
    private final long objectsRehollowed;
    private final long cardsDirtied;
    private final long objectsDirtied;
    private final long objectsDiffed;
    private final long objectsCreated;
    private final long bytesCompared;
    private final long recordsLogged;
    private final long bytesLogged;
    private final long payloadBytesLogged;

    public StoreStats(long commits, long objectsFaulted, long referencesSwizzled, long hollowObjectsCreated,
                      long objectsResident, long objectsRehollowed, long cardsDirtied, long objectsDirtied,
                      long objectsDiffed, long objectsCreated, long bytesCompared, long recordsLogged,
                      long bytesLogged, long payloadBytesLogged) {
        this.commits = commits;
        this.objectsFaulted = objectsFaulted;
        this.referencesSwizzled = referencesSwizzled;
        this.hollowObjectsCreated = hollowObjectsCreated;
        this.objectsResident = objectsResident;
        this.objectsRehollowed = objectsRehollowed;
        this.cardsDirtied = cardsDirtied;
        this.objectsDirtied = objectsDirtied;
        this.objectsDiffed = objectsDiffed;
        this.objectsCreated = objectsCreated;
        this.bytesCompared = bytesCompared;
        this.recordsLogged = recordsLogged;
        this.bytesLogged = bytesLogged;
        this.payloadBytesLogged = payloadBytesLogged;
    }

    /** Commits made (including those that had nothing to log). */
    public long commits() {
        return commits;
    }

    /** Hollow objects filled in from the store. */
    public long objectsFaulted() {
        return objectsFaulted;
    }

    /** Stored references turned into Java references (to resident or hollow objects). */
    public long referencesSwizzled() {
        return referencesSwizzled;
    }

    /** Hollow objects (fault blocks) made for references to objects not yet in memory. */
    public long hollowObjectsCreated() {
        return hollowObjectsCreated;
    }

    /** Objects resident now (filled in, not hollow). */
    public long objectsResident() {
        return objectsResident;
    }

    /** Clean objects turned back into hollow ones to keep within the resident budget. */
    public long objectsRehollowed() {
        return objectsRehollowed;
    }

    /** Dirty cards found by commits and aborts. */
    public long cardsDirtied() {
        return cardsDirtied;
    }

    /** Resident objects found in dirty cards (the commit's diff candidates). */
    public long objectsDirtied() {
        return objectsDirtied;
    }

    /** Objects unswizzled and compared with their committed bytes. */
    public long objectsDiffed() {
        return objectsDiffed;
    }

    /** New objects made persistent by reachability. */
    public long objectsCreated() {
        return objectsCreated;
    }

    /** Bytes compared by commit diffing. */
    public long bytesCompared() {
        return bytesCompared;
    }

    /** Log records written (changed byte ranges, whole images). */
    public long recordsLogged() {
        return recordsLogged;
    }

    /** Bytes written to the log, headers included. */
    public long bytesLogged() {
        return bytesLogged;
    }

    /** Object bytes written to the log, headers excluded. */
    public long payloadBytesLogged() {
        return payloadBytesLogged;
    }

    @Override
    public String toString() {
        return "StoreStats{commits=" + commits + ", objectsFaulted=" + objectsFaulted
            + ", referencesSwizzled=" + referencesSwizzled + ", hollowObjectsCreated=" + hollowObjectsCreated
            + ", objectsResident=" + objectsResident + ", objectsRehollowed=" + objectsRehollowed
            + ", cardsDirtied=" + cardsDirtied + ", objectsDirtied=" + objectsDirtied
            + ", objectsDiffed=" + objectsDiffed + ", objectsCreated=" + objectsCreated
            + ", bytesCompared=" + bytesCompared + ", recordsLogged=" + recordsLogged
            + ", bytesLogged=" + bytesLogged + ", payloadBytesLogged=" + payloadBytesLogged + '}';
    }
}
