package org.swizzle.benchmarks.large;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.swizzle.StoreOptions;
import org.swizzle.StoreStats;
import org.swizzle.benchmarks.oo1.Forks;

/**
 * One pass over the large collections of {@link LargeCollectionCommit}, read from the store, under a resident budget
 * or none: every iteration reopens the store, sums a field of every item of the map and then of the list, and commits
 * (which logs nothing). The counters give what the pass leaves in memory: the objects, the heap in use after a full
 * GC, the pages read and the pages the budget let go. Without a budget every page and every item stays; with one,
 * about a budget of objects and of page entries.
 *
 * <pre>
 * java -jar jmh-benchmarks/target/benchmarks.jar 'large.LargeCollectionPass'   (from the repository root)
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 5)
@Fork(value = 1, jvmArgsAppend = {Forks.SWIZZLE, "-Xmx4g"})
public class LargeCollectionPass extends ReopenedStore {

    /** The resident budget, in objects; 0 for none. */
    @Param({"0", "100000"})
    public long budget;

    @Override
    Path build() throws IOException {
        return ExtentStore.build("swizzle-large-", entries);
    }

    @Override
    StoreOptions options() {
        StoreOptions.Builder options = StoreOptions.builder();
        if (budget > 0) {
            options.residentBudget(budget);
        }
        return options.build();
    }

    @Benchmark
    public long pass(LargeCounters counters) {
        Extent extent = store.root(ExtentStore.ROOT, Extent.class);
        long sum = 0;
        for (Item item : extent.byId.values()) {
            sum += item.value;
        }
        for (Item item : extent.items) {
            sum += item.value;
        }
        counters.commit(store);
        counters.countHeap(); // first: the objects in memory are counted once the collector has run
        StoreStats stats = store.stats();
        counters.objectsInMemory += stats.objectsInMemory();
        counters.pagesRead += stats.pagesRead();
        counters.pagesReleased += stats.pagesReleased();
        return sum;
    }
}
