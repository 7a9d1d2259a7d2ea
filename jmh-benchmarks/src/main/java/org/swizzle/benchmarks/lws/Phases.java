package org.swizzle.benchmarks.lws;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The phases of a load-work-save session as secondary results, in nanoseconds summed over the
 * sessions of an iteration (one in single-shot mode): open, load (fault the whole tree), work
 * (v visits), the commit of the unchanged collection (Moss's "old" save), and the update of a
 * fraction u with its commit (the "modified" save); also the nodes updated, and for a store the
 * objects faulted and the bytes logged. The report fits Moss's cost model to them.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class Phases {

    public long sessions;
    public long openNanos;
    public long loadNanos;
    public long workNanos;
    public long oldSaveNanos;
    public long updateSaveNanos;
    public long updated;
    public long faults;
    public long logBytes;

    @Setup(Level.Iteration)
    public void reset() {
        sessions = 0;
        openNanos = 0;
        loadNanos = 0;
        workNanos = 0;
        oldSaveNanos = 0;
        updateSaveNanos = 0;
        updated = 0;
        faults = 0;
        logBytes = 0;
    }
}
