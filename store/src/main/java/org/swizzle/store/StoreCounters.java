package org.swizzle.store;

/**
 * What a {@link SegmentStore} has done since it was opened: how much it logged, compared, moved and
 * recovered, and where the time of its commits went. The counters are live (the store updates them
 * as it works) and cost a field increment each, or a {@link System#nanoTime()} pair per phase;
 * benchmarks and tests read them to see that commits log only what changed.
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
    long objectsFreed;
    long bytesFreed;
    long tablesReleased;
    long checkpoints;
    long commitsRecovered;
    long lastCommitRecords;
    long lastCommitBytes;
    long diffNanos;
    long writeNanos;
    long forceNanos;
    long applyNanos;
    long checkpointNanos;

    StoreCounters() {
    }

    /** Commits that appended a WAL block (commits that changed nothing log nothing). */
    public long commitsLogged() {
        return commitsLogged;
    }

    /** Records in those blocks: PATCH, IMAGE, SEGMENT, ALLOCATOR, FREE and RELEASE. */
    public long recordsLogged() {
        return recordsLogged;
    }

    /** Bytes appended to the WAL, block and record headers and padding included. */
    public long walBytesLogged() {
        return walBytesLogged;
    }

    /** Object bytes carried by PATCH ranges and IMAGE records. */
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

    /** Objects that changed length and were relocated (their OID stays), within their cluster or beyond it. */
    public long objectsMoved() {
        return objectsMoved;
    }

    /** Bytes of cluster space freed by moved and shrunk objects; later placements reuse them. */
    public long deadBytes() {
        return deadBytes;
    }

    /** Objects freed by {@link Transaction#free}, counted once their commit is applied. */
    public long objectsFreed() {
        return objectsFreed;
    }

    /** Bytes of cluster space that those objects held and gave back to the free space; later placements reuse them. */
    public long bytesFreed() {
        return bytesFreed;
    }

    /**
     * Segment tables released, counted once their commit is applied: a commit that leaves a segment below the
     * one new objects go to without a live object gives its table's space back to the free space.
     */
    public long tablesReleased() {
        return tablesReleased;
    }

    /** Checkpoints done: cluster file forced, checkpoint slot written, WAL reset. */
    public long checkpoints() {
        return checkpoints;
    }

    /** WAL blocks replayed when the store was opened. */
    public long commitsRecovered() {
        return commitsRecovered;
    }

    /** Records in the block of the last logged commit. */
    public long lastCommitRecords() {
        return lastCommitRecords;
    }

    /** Bytes of the block of the last logged commit. */
    public long lastCommitBytes() {
        return lastCommitBytes;
    }

    /**
     * Nanoseconds spent in {@link Transaction#put} and {@link Transaction#putAll}: reading and checking committed bytes, comparing
     * them with the new ones, and checksumming the new bytes.
     */
    public long diffNanos() {
        return diffNanos;
    }

    /** Nanoseconds spent planning and writing commits' WAL blocks (not forcing them). */
    public long writeNanos() {
        return writeNanos;
    }

    /** Nanoseconds spent forcing WAL blocks to the disk ({@code syncOnCommit}). */
    public long forceNanos() {
        return forceNanos;
    }

    /** Nanoseconds spent applying commits to the cluster file and segment directory. */
    public long applyNanos() {
        return applyNanos;
    }

    /** Nanoseconds spent in checkpoints. */
    public long checkpointNanos() {
        return checkpointNanos;
    }

    /** A copy of these counters as they are now, which the store does not update. */
    public StoreCounters copy() {
        return since(new StoreCounters());
    }

    /**
     * What the store did between {@code earlier}, a {@linkplain #copy copy} of these counters, and now: each count
     * and time the difference, the last logged commit's records and bytes as they are now.
     */
    public StoreCounters since(StoreCounters earlier) {
        StoreCounters done = new StoreCounters();
        done.commitsLogged = commitsLogged - earlier.commitsLogged;
        done.recordsLogged = recordsLogged - earlier.recordsLogged;
        done.walBytesLogged = walBytesLogged - earlier.walBytesLogged;
        done.payloadBytesLogged = payloadBytesLogged - earlier.payloadBytesLogged;
        done.objectsCompared = objectsCompared - earlier.objectsCompared;
        done.bytesCompared = bytesCompared - earlier.bytesCompared;
        done.imagesLogged = imagesLogged - earlier.imagesLogged;
        done.objectsMoved = objectsMoved - earlier.objectsMoved;
        done.deadBytes = deadBytes - earlier.deadBytes;
        done.objectsFreed = objectsFreed - earlier.objectsFreed;
        done.bytesFreed = bytesFreed - earlier.bytesFreed;
        done.tablesReleased = tablesReleased - earlier.tablesReleased;
        done.checkpoints = checkpoints - earlier.checkpoints;
        done.commitsRecovered = commitsRecovered - earlier.commitsRecovered;
        done.lastCommitRecords = lastCommitRecords;
        done.lastCommitBytes = lastCommitBytes;
        done.diffNanos = diffNanos - earlier.diffNanos;
        done.writeNanos = writeNanos - earlier.writeNanos;
        done.forceNanos = forceNanos - earlier.forceNanos;
        done.applyNanos = applyNanos - earlier.applyNanos;
        done.checkpointNanos = checkpointNanos - earlier.checkpointNanos;
        return done;
    }

    @Override
    public String toString() {
        return "StoreCounters{commitsLogged=" + commitsLogged + ", recordsLogged=" + recordsLogged
            + ", walBytesLogged=" + walBytesLogged + ", payloadBytesLogged=" + payloadBytesLogged
            + ", objectsCompared=" + objectsCompared + ", bytesCompared=" + bytesCompared
            + ", imagesLogged=" + imagesLogged + ", objectsMoved=" + objectsMoved + ", deadBytes=" + deadBytes
            + ", objectsFreed=" + objectsFreed + ", bytesFreed=" + bytesFreed + ", tablesReleased=" + tablesReleased
            + ", checkpoints=" + checkpoints + ", commitsRecovered=" + commitsRecovered
            + ", lastCommitRecords=" + lastCommitRecords + ", lastCommitBytes=" + lastCommitBytes
            + ", diffNanos=" + diffNanos + ", writeNanos=" + writeNanos + ", forceNanos=" + forceNanos
            + ", applyNanos=" + applyNanos + ", checkpointNanos=" + checkpointNanos + '}';
    }
}
