package org.swizzle.benchmarks.commit;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.swizzle.StoreStats;

/**
 * Secondary results of {@link CommitSweep}: per iteration, the commits made and what the store's
 * counters say they did, phase by phase ({@link StoreStats}): the time of each commit phase, the
 * candidates the barrier handed to the commit, the marks it found (dirty cards, remembered or dirty
 * objects), the objects diffed and compared, what was logged. Divide by {@link #commits} for
 * per-commit figures (the report does).
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class SweepCounters {

    public long commits;
    public long collectNanos;
    public long unswizzleNanos;
    public long diffNanos;
    public long writeNanos;
    public long forceNanos;
    public long applyNanos;
    public long installNanos;
    public long marks;
    public long candidates;
    public long objectsDiffed;
    public long objectsCompared;
    public long records;
    public long logBytes;

    @Setup(Level.Iteration)
    public void reset() {
        commits = 0;
        collectNanos = 0;
        unswizzleNanos = 0;
        diffNanos = 0;
        writeNanos = 0;
        forceNanos = 0;
        applyNanos = 0;
        installNanos = 0;
        marks = 0;
        candidates = 0;
        objectsDiffed = 0;
        objectsCompared = 0;
        records = 0;
        logBytes = 0;
    }

    /** Adds what one commit did: the store's counters just before it and just after. */
    void add(StoreStats before, StoreStats after) {
        commits++;
        collectNanos += after.collectNanos() - before.collectNanos();
        unswizzleNanos += after.unswizzleNanos() - before.unswizzleNanos();
        diffNanos += after.diffNanos() - before.diffNanos();
        writeNanos += after.writeNanos() - before.writeNanos();
        forceNanos += after.forceNanos() - before.forceNanos();
        applyNanos += after.applyNanos() - before.applyNanos();
        installNanos += after.installNanos() - before.installNanos();
        marks += after.cardsDirtied() - before.cardsDirtied() + after.objectsMarked() - before.objectsMarked();
        candidates += after.objectsDirtied() - before.objectsDirtied();
        objectsDiffed += after.objectsDiffed() - before.objectsDiffed();
        objectsCompared += after.objectsCompared() - before.objectsCompared();
        records += after.recordsLogged() - before.recordsLogged();
        logBytes += after.bytesLogged() - before.bytesLogged();
    }
}
