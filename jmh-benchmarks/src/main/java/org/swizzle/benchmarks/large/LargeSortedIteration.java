package org.swizzle.benchmarks.large;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Random;
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
 * A large resident {@code TreeMap<Long, Item>} (a {@link Ledger}'s) against plain {@code java.util}: a full pass over
 * its values summing a field of each, and {@value #LOOKUPS} lookups of random keys it holds. Plain Java builds the
 * ledger on the heap; Swizzle reopens a store holding it and makes every item resident before measuring. A large
 * tracked {@code TreeMap} keeps its entries in a chunked list, so a lookup is a binary search over the list where
 * {@code TreeMap}'s is a walk down its tree.
 *
 * <pre>
 * java -jar jmh-benchmarks/target/benchmarks.jar 'large.LargeSortedIteration' -p entries=100000   (from the repository root)
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public abstract class LargeSortedIteration {

    /** The keys {@link #lookups} looks up. */
    public static final int LOOKUPS = 1_000;

    @Param("1000000")
    public int entries;

    Ledger ledger;
    private Long[] keys;

    void chooseKeys() {
        Random random = new Random(42);
        keys = new Long[LOOKUPS];
        for (int i = 0; i < LOOKUPS; i++) {
            keys[i] = 2L * random.nextInt(entries);
        }
    }

    @Benchmark
    public long iterateSorted() {
        long sum = 0;
        for (Item item : ledger.byKey.values()) {
            sum += item.value;
        }
        return sum;
    }

    @Benchmark
    public long lookups() {
        long sum = 0;
        for (Long key : keys) {
            sum += ledger.byKey.get(key).value;
        }
        return sum;
    }

    /** Plain Java: the ledger on the heap. */
    @Fork(value = 1, jvmArgsAppend = "-Xmx4g")
    public static class Java extends LargeSortedIteration {
        @Setup(Level.Trial)
        public void build() {
            ledger = Ledger.of(entries);
            chooseKeys();
        }
    }

    /** Swizzle, default scheme: the ledger read from a store and made resident. */
    @Fork(value = 1, jvmArgsAppend = {Forks.SWIZZLE, "-Xmx4g"})
    public static class Swizzle extends LargeSortedIteration {
        private Path directory;
        private ObjectStore store;

        @Setup(Level.Trial)
        public void open() throws IOException {
            directory = ExtentStore.build("swizzle-large-sorted-iteration-", Ledger.of(entries));
            store = ObjectStore.open(directory);
            ledger = store.root(ExtentStore.ROOT, Ledger.class);
            chooseKeys();
            iterateSorted();
        }

        @TearDown(Level.Trial)
        public void close() {
            store.close();
            Directories.delete(directory);
        }
    }
}
