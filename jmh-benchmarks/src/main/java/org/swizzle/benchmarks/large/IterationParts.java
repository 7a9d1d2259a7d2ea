package org.swizzle.benchmarks.large;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
 * Where the time of {@link LargeCollectionIteration#iterateList} goes, against plain Java: the same items summed
 * through the list ({@code listValues}), the list's iterator alone ({@code listOnly}), {@code get(i)}
 * ({@code listIndexed}), a plain {@code ArrayList} of the same items ({@code copyValues}, the field accessor alone
 * in an iterator loop) and an array of them ({@code arrayValues}, the accessor alone). Swizzle makes the items
 * resident by reading another field, so that the measured accessor has never faulted. Each loop is written out
 * rather than shared, so that each compiles with a profile of its own collection type.
 *
 * <pre>
 * java -jar jmh-benchmarks/target/benchmarks.jar 'large.IterationParts' -p entries=10000   (from the repository root)
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public abstract class IterationParts {

    @Param("10000")
    public int entries;

    List<Item> list;
    ArrayList<Item> copy;
    Item[] array;

    @Benchmark
    public long listValues() {
        long sum = 0;
        for (Item item : list) {
            sum += item.value;
        }
        return sum;
    }

    @Benchmark
    public long listOnly() {
        long sum = 0;
        for (Item item : list) {
            sum += item == null ? 0 : 1;
        }
        return sum;
    }

    @Benchmark
    public long listIndexed() {
        long sum = 0;
        List<Item> l = list;
        for (int i = 0, n = l.size(); i < n; i++) {
            sum += l.get(i).value;
        }
        return sum;
    }

    @Benchmark
    public long copyValues() {
        long sum = 0;
        for (Item item : copy) {
            sum += item.value;
        }
        return sum;
    }

    @Benchmark
    public long arrayValues() {
        long sum = 0;
        for (Item item : array) {
            sum += item.value;
        }
        return sum;
    }

    /** The plain list and the array of the same items. */
    void derive() {
        copy = new ArrayList<>(list);
        array = copy.toArray(new Item[0]);
    }

    /** Plain Java: the items on the heap. */
    @Fork(value = 1, jvmArgsAppend = "-Xmx4g")
    public static class Java extends IterationParts {
        @Setup(Level.Trial)
        public void build() {
            list = Extent.of(entries).items;
            derive();
        }
    }

    /** Swizzle, default scheme: the list read from a store, its items made resident. */
    @Fork(value = 1, jvmArgsAppend = {Forks.SWIZZLE, "-Xmx4g"})
    public static class Swizzle extends IterationParts {
        private Path directory;
        private ObjectStore store;

        @Setup(Level.Trial)
        public void open() throws IOException {
            directory = ExtentStore.build("swizzle-parts-", entries);
            store = ObjectStore.open(directory);
            list = store.root(ExtentStore.ROOT, Extent.class).items;
            long ids = 0;
            for (Item item : list) {
                ids += item.id;
            }
            if (ids != (long) entries * (entries - 1) / 2) {
                throw new IllegalStateException("the stored list holds other items: their ids add up to " + ids);
            }
            derive();
        }

        @TearDown(Level.Trial)
        public void close() {
            store.close();
            Directories.delete(directory);
        }
    }
}
