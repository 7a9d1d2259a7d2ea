package org.swizzle.benchmarks.large;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
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
 * A full iteration of a large resident collection, against plain {@code java.util}: the values of the
 * {@code HashMap<Long, Item>} and the {@code ArrayList<Item>} of an {@link Extent} of {@code entries} items,
 * summing a field of each. Plain Java builds the extent on the heap; Swizzle reopens a store holding it and
 * makes every item resident before measuring; Enhanced builds it on the heap with the agent and never stores it.
 * JavaChunked holds the same items in plain {@code java.util} chunks of about the sizes the store pages them in: the
 * heap layout G1 gives a paged collection, without Swizzle; EnhancedChunked holds enhanced items in those chunks.
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

    /**
     * Plain Java, no agent: the items in {@code java.util} chunks of about the sizes the store pages them in (lists of 512,
     * maps of 256 consecutive keys), each pass going chunk by chunk. Its time beside plain Java's is what the layout
     * of a paged collection costs on its own: G1 copies the items of many small arrays in another order than those
     * of one large array, apart from any code of Swizzle's.
     */
    @Fork(value = 1, jvmArgsAppend = "-Xmx4g")
    public static class JavaChunked extends LargeCollectionIteration {
        private static final int LIST_CHUNK = 512;
        private static final int MAP_PAGE = 256;

        private final List<ArrayList<Item>> chunks = new ArrayList<>();
        private final List<HashMap<Long, Item>> pages = new ArrayList<>();

        @Setup(Level.Trial)
        public void build() {
            for (int i = 0; i < entries; i++) {
                Item item = new Item(i, i % 1000);
                if (i % MAP_PAGE == 0) {
                    pages.add(new HashMap<>());
                }
                pages.get(pages.size() - 1).put((long) i, item);
                if (i % LIST_CHUNK == 0) {
                    chunks.add(new ArrayList<>(LIST_CHUNK));
                }
                chunks.get(chunks.size() - 1).add(item);
            }
        }

        @Override
        public long iterateMap() {
            long sum = 0;
            for (HashMap<Long, Item> page : pages) {
                for (Item item : page.values()) {
                    sum += item.value;
                }
            }
            return sum;
        }

        @Override
        public long iterateList() {
            long sum = 0;
            for (ArrayList<Item> chunk : chunks) {
                for (Item item : chunk) {
                    sum += item.value;
                }
            }
            return sum;
        }
    }

    /**
     * JavaChunked's chunks, plain {@code java.util} collections, holding items enhanced by the agent and never stored:
     * beside JavaChunked, what the enhanced items cost on their own (their state fields and residency checks), apart
     * from the tracked collections that Enhanced adds.
     */
    @Fork(value = 1, jvmArgsAppend = {Forks.SWIZZLE, "-Xmx4g"})
    public static class EnhancedChunked extends JavaChunked {
    }
}
