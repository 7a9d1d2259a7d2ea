package org.swizzle.benchmarks.oo7;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.swizzle.StoreStats;
import org.swizzle.benchmarks.JvmCosts;

/**
 * Secondary results of the OO7 benchmarks that commit: per iteration, the commits made, the time inside
 * {@code commit()} (every system), and for Swizzle what its counters say the commits did: objects diffed
 * and compared, records and bytes logged, and the time of each commit phase (collect the candidates,
 * unswizzle, diff, write the log, force it, apply it to the store file, install). The names are those of OO1's
 * counters and {@code StoreStats}, so that the report reads them alike; divide by {@link #commits} for
 * per-commit figures.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class CommitCounters {

    public long commits;
    public long commitNanos;
    public long objectsDiffed;
    public long objectsCompared;
    public long records;
    public long logBytes;
    public long collectNanos;
    public long unswizzleNanos;
    public long diffNanos;
    public long writeNanos;
    public long forceNanos;
    public long applyNanos;
    public long installNanos;
    /** The bytes the committing thread allocated inside {@code commit()}, -1 a commit where the JVM does not count them. */
    public long allocatedBytes;
    /** The collectors' pauses inside {@code commit()}: see {@link JvmCosts}. */
    public long pauseNanos;
    /** The page faults the committing thread took inside {@code commit()}, -1 a commit where the system does not count them. */
    public long pageFaults;

    @Setup(Level.Iteration)
    public void reset() {
        commits = 0;
        commitNanos = 0;
        objectsDiffed = 0;
        objectsCompared = 0;
        records = 0;
        logBytes = 0;
        collectNanos = 0;
        unswizzleNanos = 0;
        diffNanos = 0;
        writeNanos = 0;
        forceNanos = 0;
        applyNanos = 0;
        installNanos = 0;
        allocatedBytes = 0;
        pauseNanos = 0;
        pageFaults = 0;
    }

    /** Commits {@code db}, counting what the commit did. */
    void commit(OO7Database db) {
        StoreStats before = db.stats();
        JvmCosts.Sample costs = JvmCosts.Sample.start();
        long start = System.nanoTime();
        db.commit();
        commitNanos += System.nanoTime() - start;
        JvmCosts.Sample spent = costs.spent();
        allocatedBytes += spent.allocatedBytes();
        pauseNanos += spent.pauseNanos();
        pageFaults += spent.minorFaults();
        commits++;
        if (before != null) {
            StoreStats after = db.stats();
            objectsDiffed += after.objectsDiffed() - before.objectsDiffed();
            objectsCompared += after.objectsCompared() - before.objectsCompared();
            records += after.recordsLogged() - before.recordsLogged();
            logBytes += after.bytesLogged() - before.bytesLogged();
            collectNanos += after.collectNanos() - before.collectNanos();
            unswizzleNanos += after.unswizzleNanos() - before.unswizzleNanos();
            diffNanos += after.diffNanos() - before.diffNanos();
            writeNanos += after.writeNanos() - before.writeNanos();
            forceNanos += after.forceNanos() - before.forceNanos();
            applyNanos += after.applyNanos() - before.applyNanos();
            installNanos += after.installNanos() - before.installNanos();
        }
    }
}
