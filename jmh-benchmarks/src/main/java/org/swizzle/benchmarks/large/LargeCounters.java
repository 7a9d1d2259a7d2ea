package org.swizzle.benchmarks.large;

import java.lang.management.ManagementFactory;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.swizzle.ObjectStore;
import org.swizzle.benchmarks.RawWrite;

/**
 * Secondary results of {@link LargeCollectionCommit} and {@link LargeCollectionPass} (one operation per iteration) and
 * {@link LargeCollectionUpdate} (many), summed over the iterations: objects faulted and in memory, pages of large
 * collections read and let go, the heap in use after a full GC, and for the commits the time, bytes logged and a raw
 * write and force of the same bytes.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class LargeCounters {

    public long operations;
    public long objectsFaulted;
    public long objectsInMemory;
    public long pagesRead;
    public long pagesReleased;
    public double heapMegabytes;
    public long commitNanos;
    public long logBytes;
    public long rawNanos;

    /** Commits {@code store}, counting the commit's time, the bytes it logged and a raw write + force of as many. */
    void commit(ObjectStore store) {
        long loggedBefore = store.stats().bytesLogged();
        long start = System.nanoTime();
        store.commit();
        commitNanos += System.nanoTime() - start;
        long logged = store.stats().bytesLogged() - loggedBefore;
        logBytes += logged;
        rawNanos += RawWrite.writeAndForce(logged);
        operations++;
    }

    /** Counts the heap in use after a full GC, in megabytes. */
    void countHeap() {
        System.gc();
        heapMegabytes += ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() / 1e6;
    }

    @Setup(Level.Iteration)
    public void reset() {
        operations = 0;
        objectsFaulted = 0;
        objectsInMemory = 0;
        pagesRead = 0;
        pagesReleased = 0;
        heapMegabytes = 0;
        commitNanos = 0;
        logBytes = 0;
        rawNanos = 0;
    }
}
