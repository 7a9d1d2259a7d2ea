package org.swizzle.benchmarks.large;

import java.io.IOException;
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
import org.swizzle.benchmarks.Directories;
import org.swizzle.benchmarks.oo1.Forks;

/**
 * The steady state of {@link LargeCollectionCommit}'s updates: one store, opened once per fork and holding an
 * {@link Extent} of {@code entries} items, takes a {@code put} of a new key into the map, or an {@code add} to the
 * list, then {@code commit()}, again and again, so that the commit path is compiled as an application's would be
 * after its first commits. Each operation is timed whole (the put or add, the commit, and a raw write and force of
 * the bytes the commit logged); the counters give the commit alone, the bytes logged and the raw write + force.
 * {@code LargeCollectionCommit} measures the first commits after opening instead.
 *
 * <pre>
 * java -jar jmh-benchmarks/target/benchmarks.jar 'large.LargeCollectionUpdate' -p entries=100000   (from the repository root)
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {Forks.SWIZZLE, "-Xmx4g"})
public class LargeCollectionUpdate {

    @Param("1000000")
    public int entries;

    private Path directory;
    private ObjectStore store;
    private Extent extent;
    private long nextKey;

    @Setup(Level.Trial)
    public void open() throws IOException {
        directory = ExtentStore.build("swizzle-large-update-", entries);
        store = ObjectStore.open(directory);
        extent = store.root(ExtentStore.ROOT, Extent.class);
        nextKey = entries;
    }

    @Benchmark
    public long putCommit(LargeCounters counters) {
        long key = nextKey++;
        extent.byId.put(key, new Item(key, 1));
        counters.commit(store);
        return key;
    }

    @Benchmark
    public long addCommit(LargeCounters counters) {
        long key = nextKey++;
        extent.items.add(new Item(key, 1));
        counters.commit(store);
        return key;
    }

    @TearDown(Level.Trial)
    public void close() {
        store.close();
        Directories.delete(directory);
    }
}
