package org.swizzle.benchmarks.large;

import java.io.IOException;
import java.nio.file.Path;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.swizzle.ObjectStore;
import org.swizzle.StoreOptions;
import org.swizzle.StoreStats;
import org.swizzle.benchmarks.Directories;

/**
 * A store of {@code entries} items, built and committed once per fork and reopened for every iteration, so that nothing
 * is in memory when an operation starts (the operating system's page cache stays warm): the state of the large
 * collections' single-shot benchmarks.
 */
@State(Scope.Benchmark)
public abstract class ReopenedStore {

    @Param("1000000")
    public int entries;

    ObjectStore store;
    private Path directory;

    /** Builds the fork's store, committed and closed, in a new temp directory. */
    abstract Path build() throws IOException;

    @Setup(Level.Trial)
    public void buildStore() throws IOException {
        directory = build();
    }

    @Setup(Level.Iteration)
    public void reopen() {
        store = ObjectStore.open(directory, options());
    }

    /** The options the store is reopened with: the defaults. */
    StoreOptions options() {
        return StoreOptions.defaults();
    }

    /** Counts a cold read made since the store had faulted {@code faultedBefore} objects, with what it left in memory. */
    void countColdRead(LargeCounters counters, long faultedBefore) {
        StoreStats stats = store.stats();
        counters.objectsFaulted += stats.objectsFaulted() - faultedBefore;
        counters.objectsInMemory += stats.objectsInMemory();
        counters.pagesRead += stats.pagesRead();
        counters.countHeap();
        counters.operations++;
    }

    @TearDown(Level.Iteration)
    public void close() {
        store.close();
    }

    @TearDown(Level.Trial)
    public void delete() {
        Directories.delete(directory);
    }
}
