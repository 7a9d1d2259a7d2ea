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
 * A full iteration of a large resident collection, against plain {@code java.util}: the values of the
 * {@code HashMap<Long, Item>} and the {@code ArrayList<Item>} of an {@link Extent} of {@code entries} items,
 * summing a field of each. Plain Java builds the extent on the heap; Swizzle reopens a store holding it and
 * makes every item resident before measuring; Enhanced builds it on the heap with the agent and never stores it.
 *
 * <pre>
 * java -jar jmh-benchmarks/target/benchmarks.jar 'large.LargeCollectionIteration' -p entries=100000   (from the repository root)
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public abstract class LargeCollectionIteration {

    @Param("1000000")
    public int entries;

    Extent extent;

    @Benchmark
    public long iterateMap() {
        long sum = 0;
        for (Item item : extent.byId.values()) {
            sum += item.value;
        }
        return sum;
    }

    @Benchmark
    public long iterateList() {
        long sum = 0;
        for (Item item : extent.items) {
            sum += item.value;
        }
        return sum;
    }

    /** Plain Java: the extent on the heap. */
    @Fork(value = 1, jvmArgsAppend = "-Xmx4g")
    public static class Java extends LargeCollectionIteration {
        @Setup(Level.Trial)
        public void build() {
            extent = Extent.of(entries);
        }
    }

    /** Swizzle, default scheme: the extent read from a store and made resident. */
    @Fork(value = 1, jvmArgsAppend = {Forks.SWIZZLE, "-Xmx4g"})
    public static class Swizzle extends LargeCollectionIteration {
        private Path directory;
        private ObjectStore store;

        @Setup(Level.Trial)
        public void open() throws IOException {
            directory = ExtentStore.build("swizzle-large-iteration-", entries);
            store = ObjectStore.open(directory);
            extent = store.root(ExtentStore.ROOT, Extent.class);
            iterateMap();
            iterateList();
        }

        @TearDown(Level.Trial)
        public void close() {
            store.close();
            Directories.delete(directory);
        }
    }

    /**
     * The same classes enhanced by the agent, the extent built on the heap and never stored: what enhanced items in
     * tracked collections cost without a store, apart from where faulting leaves the items in memory.
     */
    @Fork(value = 1, jvmArgsAppend = {Forks.SWIZZLE, "-Xmx4g"})
    public static class Enhanced extends LargeCollectionIteration {
        @Setup(Level.Trial)
        public void build() {
            extent = Extent.of(entries);
        }
    }
}
