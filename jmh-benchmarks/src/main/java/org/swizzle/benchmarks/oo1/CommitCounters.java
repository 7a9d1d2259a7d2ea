package org.swizzle.benchmarks.oo1;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.swizzle.StoreStats;

/**
 * Secondary results of the benchmarks that commit: per iteration, the commits made, the updates
 * done, the time inside {@code commit()} (every system), and for Swizzle what its counters say the
 * commits logged and how long they spent forcing the log. Divide by {@link #commits} for per-commit
 * figures (the report does).
 *
 * <p>Part of the OO1 benchmarks; run them with {@code jmh-benchmarks/run.sh [smoke|quick|full]} from the
 * repository root (see {@code jmh-benchmarks/README.md}).
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class CommitCounters {

    public long commits;
    public long updates;
    public long commitNanos;
    public long records;
    public long logBytes;
    public long payloadBytes;
    public long forceNanos;
    public long objectsDiffed;

    @Setup(Level.Iteration)
    public void reset() {
        commits = 0;
        updates = 0;
        commitNanos = 0;
        records = 0;
        logBytes = 0;
        payloadBytes = 0;
        forceNanos = 0;
        objectsDiffed = 0;
    }

    /** Commits {@code db}, counting what the commit did. */
    void commit(OO1Database db, int updatesMade) {
        StoreStats before = db instanceof HeapDatabase ? ((HeapDatabase) db).stats() : null;
        long start = System.nanoTime();
        db.commit();
        commitNanos += System.nanoTime() - start;
        commits++;
        updates += updatesMade;
        if (before != null) {
            StoreStats after = ((HeapDatabase) db).stats();
            records += after.recordsLogged() - before.recordsLogged();
            logBytes += after.bytesLogged() - before.bytesLogged();
            payloadBytes += after.payloadBytesLogged() - before.payloadBytesLogged();
            forceNanos += after.forceNanos() - before.forceNanos();
            objectsDiffed += after.objectsDiffed() - before.objectsDiffed();
        }
    }
}
