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
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.swizzle.benchmarks.oo1.Forks;

/**
 * Large collections (issue "Collections that scale and keep their identity"): a {@code HashMap<Long, Item>}
 * and an {@code ArrayList<Item>} of {@code entries} items held by one persistent {@link Extent}, built and
 * committed once per fork. Every iteration reopens the store, so that nothing is in memory (the operating
 * system's page cache stays warm), and makes one operation, timed whole:
 * <ul>
 *   <li>{@code openRoot}: reads the root; the counters say how many objects that faulted;</li>
 *   <li>{@code coldGet}: reads the root and gets one key from the map; the counters add the objects in memory
 *       and the heap in use after a full GC, the resident memory of the map after a cold lookup;</li>
 *   <li>{@code putCommit} and {@code addCommit}: put one new entry into the map, or add one item to the list,
 *       then commit; the counters give the commit alone, the bytes it logged and a raw write and force of
 *       as many bytes made in the same JVM after it.</li>
 * </ul>
 *
 * <pre>
 * java -jar jmh-benchmarks/target/benchmarks.jar 'large.LargeCollectionCommit' -p entries=100000   (from the repository root)
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 5)
@Fork(value = 1, jvmArgsAppend = {Forks.SWIZZLE, "-Xmx4g"})
public class LargeCollectionCommit extends ReopenedStore {

    private long nextKey;

    @Override
    Path build() throws IOException {
        nextKey = entries;
        return ExtentStore.build("swizzle-large-", entries);
    }

    @Benchmark
    public Extent openRoot(LargeCounters counters) {
        long faultedBefore = store.stats().objectsFaulted();
        Extent extent = store.root(ExtentStore.ROOT, Extent.class);
        counters.objectsFaulted += store.stats().objectsFaulted() - faultedBefore;
        counters.pagesRead += store.stats().pagesRead();
        counters.operations++;
        return extent;
    }

    @Benchmark
    public int coldGet(LargeCounters counters) {
        long faultedBefore = store.stats().objectsFaulted();
        Item item = store.root(ExtentStore.ROOT, Extent.class).byId.get(entries / 2L);
        int value = item.value;
        countColdRead(counters, faultedBefore);
        return value;
    }

    @Benchmark
    public long putCommit(LargeCounters counters) {
        Extent extent = store.root(ExtentStore.ROOT, Extent.class);
        long key = nextKey++;
        extent.byId.put(key, new Item(key, 1));
        counters.commit(store);
        return key;
    }

    @Benchmark
    public long addCommit(LargeCounters counters) {
        Extent extent = store.root(ExtentStore.ROOT, Extent.class);
        long key = nextKey++;
        extent.items.add(new Item(key, 1));
        counters.commit(store);
        return key;
    }
}
