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
 * {@link LargeCollectionCommit} for a large {@code TreeMap} and a large {@code LinkedList} (a {@link Ledger} of
 * {@code entries} items, built and committed once per fork), each iteration on the store reopened, so that nothing is
 * in memory:
 * <ul>
 *   <li>{@code coldGet}: reads the root and gets one key of the map; the counters give the chunks of
 *       the map's list read (a binary search reads those on its path), the objects faulted and in memory, and the
 *       heap in use after a full GC;</li>
 *   <li>{@code putCommit}: puts a new key between two in the middle of the map, then commits;</li>
 *   <li>{@code queueCommit}: takes the first item of the queue and adds a new one at its end, then commits;</li>
 * </ul>
 * with, for the commits, the commit alone, the bytes it logged and a raw write and force of as many bytes.
 *
 * <pre>
 * java -jar jmh-benchmarks/target/benchmarks.jar 'large.LargeSortedCommit' -p entries=100000   (from the repository root)
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 5)
@Fork(value = 1, jvmArgsAppend = {Forks.SWIZZLE, "-Xmx4g"})
public class LargeSortedCommit extends ReopenedStore {

    private long nextKey;

    @Override
    Path build() throws IOException {
        nextKey = entries + 1L; // odd: between keys entries and entries + 2
        return ExtentStore.build("swizzle-large-sorted-", Ledger.of(entries));
    }

    @Benchmark
    public int coldGet(LargeCounters counters) {
        long faultedBefore = store.stats().objectsFaulted();
        Item item = store.root(ExtentStore.ROOT, Ledger.class).byKey.get(coldKey());
        int value = item.value;
        countColdRead(counters, faultedBefore);
        return value;
    }

    /** A key the map holds, at the golden section of its keys: a binary search meets it late, not at its first probe. */
    private long coldKey() {
        return 2L * (long) (entries * 0.618);
    }

    @Benchmark
    public long putCommit(LargeCounters counters) {
        Ledger ledger = store.root(ExtentStore.ROOT, Ledger.class);
        long key = nextKey;
        nextKey += 2;
        ledger.byKey.put(key, new Item(key, 1));
        counters.commit(store);
        return key;
    }

    @Benchmark
    public long queueCommit(LargeCounters counters) {
        Ledger ledger = store.root(ExtentStore.ROOT, Ledger.class);
        Item first = ledger.queue.pollFirst();
        ledger.queue.offerLast(new Item(first.id, first.value + 1));
        counters.commit(store);
        return first.id;
    }
}
