package org.swizzle.benchmarks.reclaim;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.swizzle.ObjectStore;
import org.swizzle.StoreStats;
import org.swizzle.benchmarks.Directories;
import org.swizzle.benchmarks.oo1.Forks;

/**
 * The store's garbage collector (issue 17): a store holding {@code live} reachable objects, linked in a list
 * from a root, and as many again that an update cut off, is reopened (so that no object is in memory) and
 * collected once. The time is the whole cycle; the secondary results give the live megabytes traced per
 * second and the longest step, the time the collection held the store at once.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 5)
@Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE)
public class CollectBenchmark {

    @Param("100000")
    int live;

    private Path directory;
    private ObjectStore store;

    @Setup(Level.Iteration)
    public void build() throws Exception {
        directory = Files.createTempDirectory("swizzle-collect");
        try (ObjectStore building = ObjectStore.open(directory)) {
            ChurnItem head = null;
            for (int i = 0; i < live; i++) {
                head = new ChurnItem(i, head);
            }
            building.setRoot("kept", head);
            ChurnItem dropped = null;
            for (int i = 0; i < live; i++) {
                dropped = new ChurnItem(-i, dropped);
            }
            building.setRoot("dropped", dropped);
            building.commit();
            building.setRoot("dropped", null);
            building.commit();
        }
        store = ObjectStore.open(directory);
    }

    @Benchmark
    public long collect(CollectCounters counters) {
        long freed = store.collectGarbage();
        StoreStats stats = store.stats();
        counters.objectsFreed += freed;
        counters.liveBytes += stats.liveBytes();
        counters.longestStepMillis = Math.max(counters.longestStepMillis, stats.longestCollectionStepNanos() / 1e6);
        counters.tracedMegabytesPerSecond = stats.liveBytes() / 1e6 / (stats.lastCollectionNanos() / 1e9);
        return freed;
    }

    @TearDown(Level.Iteration)
    public void close() {
        store.close();
        Directories.delete(directory);
    }
}
