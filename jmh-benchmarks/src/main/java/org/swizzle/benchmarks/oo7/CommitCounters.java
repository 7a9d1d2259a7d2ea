package org.swizzle.benchmarks.oo7;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.swizzle.StoreStats;

/**
 * Secondary results of the OO7 benchmarks that commit: per iteration, the commits made, the time inside
 * {@code commit()} (every system), and for Swizzle what its counters say the commits did: records and
 * bytes logged, time forcing the log, objects diffed and compared. The names are those of OO1's
 * counters, so that the report reads both alike; divide by {@link #commits} for per-commit figures.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class CommitCounters {

    public long commits;
    public long commitNanos;
    public long records;
    public long logBytes;
    public long forceNanos;
    public long objectsDiffed;
    public long objectsCompared;

    @Setup(Level.Iteration)
    public void reset() {
        commits = 0;
        commitNanos = 0;
        records = 0;
        logBytes = 0;
        forceNanos = 0;
        objectsDiffed = 0;
        objectsCompared = 0;
    }

    /** Commits {@code db}, counting what the commit did. */
    void commit(OO7Database db) {
        StoreStats before = db.stats();
        long start = System.nanoTime();
        db.commit();
        commitNanos += System.nanoTime() - start;
        commits++;
        if (before != null) {
            StoreStats after = db.stats();
            records += after.recordsLogged() - before.recordsLogged();
            logBytes += after.bytesLogged() - before.bytesLogged();
            forceNanos += after.forceNanos() - before.forceNanos();
            objectsDiffed += after.objectsDiffed() - before.objectsDiffed();
            objectsCompared += after.objectsCompared() - before.objectsCompared();
        }
    }
}
