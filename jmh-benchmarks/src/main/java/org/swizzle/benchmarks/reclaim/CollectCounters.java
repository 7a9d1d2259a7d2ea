package org.swizzle.benchmarks.reclaim;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Secondary results of {@link CollectBenchmark}, per collection: what it kept and freed, how long its longest
 * step held the store, and the live megabytes it traced per second of the whole cycle.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class CollectCounters {

    public long objectsFreed;
    public long liveBytes;
    public double longestStepMillis;
    public double tracedMegabytesPerSecond;

    @Setup(Level.Iteration)
    public void reset() {
        objectsFreed = 0;
        liveBytes = 0;
        longestStepMillis = 0;
        tracedMegabytesPerSecond = 0;
    }
}
