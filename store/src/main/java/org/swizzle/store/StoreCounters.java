package org.swizzle.store;

/**
 * What a {@link SegmentStore} has done since it was opened: how much it logged, compared, moved and
 * recovered. The counters are live (the store updates them as it works) and cost a field increment
 * each; benchmarks and tests read them to see that commits log only what changed.
 */
public final class StoreCounters {
    long commitsLogged;
    long recordsLogged;
    long walBytesLogged;
    long payloadBytesLogged;
    long objectsCompared;
    long bytesCompared;
    long imagesLogged;
    long objectsMoved;
    long deadBytes;
    long checkpoints;
    long commitsRecovered;

    StoreCounters() {
    }

    /** Commits that appended a WAL block (commits that changed nothing log nothing). */
    public long commitsLogged() {
        return commitsLogged;
    }

    /** Records in those blocks: WRITE, IMAGE, SEGMENT and ALLOCATOR. */
    public long recordsLogged() {
        return recordsLogged;
    }

    /** Bytes appended to the WAL, block and record headers and padding included. */
    public long walBytesLogged() {
        return walBytesLogged;
    }

    /** Object bytes carried by WRITE and IMAGE records. */
    public long payloadBytesLogged() {
        return payloadBytesLogged;
    }

    /** Puts of existing objects compared with their committed bytes. */
    public long objectsCompared() {
        return objectsCompared;
    }

    /** Bytes compared by those puts. */
    public long bytesCompared() {
        return bytesCompared;
    }

    /** Whole images logged: new objects, and objects whose length or class id changed. */
    public long imagesLogged() {
        return imagesLogged;
    }

    /** Objects that grew out of their space and were moved to fresh space (their OID stays). */
    public long objectsMoved() {
        return objectsMoved;
    }

    /** Bytes of cluster space left unused by moved and shrunk objects; reusing it is future work. */
    public long deadBytes() {
        return deadBytes;
    }

    /** Checkpoints done: cluster file forced, WAL retired. */
    public long checkpoints() {
        return checkpoints;
    }

    /** WAL blocks replayed when the store was opened. */
    public long commitsRecovered() {
        return commitsRecovered;
    }

    @Override
    public String toString() {
        return "StoreCounters{commitsLogged=" + commitsLogged + ", recordsLogged=" + recordsLogged
            + ", walBytesLogged=" + walBytesLogged + ", payloadBytesLogged=" + payloadBytesLogged
            + ", objectsCompared=" + objectsCompared + ", bytesCompared=" + bytesCompared
            + ", imagesLogged=" + imagesLogged + ", objectsMoved=" + objectsMoved + ", deadBytes=" + deadBytes
            + ", checkpoints=" + checkpoints + ", commitsRecovered=" + commitsRecovered + '}';
    }
}
