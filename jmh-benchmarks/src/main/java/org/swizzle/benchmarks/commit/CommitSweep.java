package org.swizzle.benchmarks.commit;

import java.nio.file.Path;
import java.util.SplittableRandom;
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
import org.swizzle.StoreOptions;
import org.swizzle.StoreStats;
import org.swizzle.benchmarks.Directories;
import org.swizzle.benchmarks.oo1.Forks;

/**
 * Whether commit CPU grows with the dirty objects or with the resident ones: {@code resident} items
 * (a list of {@link SweepItem}s, one stored object each) are faulted in after the store is reopened,
 * then every operation is a {@code commit()} after a field store into each of {@code dirty} distinct
 * items spread at random over the resident set. The stores run in an untimed per-invocation setup (a
 * commit takes tens of microseconds, so JMH's timestamps per invocation cost well under 1%), so the
 * score is the commit alone. Commits do not force the log ({@code Durability.NO_SYNC}), so the score
 * is CPU, not the disk; {@code SwizzleSync} is the default scheme with the default durability.
 * {@link SweepCounters} breaks each commit down by phase; the report fits commit time against the
 * resident set per scheme.
 *
 * <pre>
 * java -jar jmh-benchmarks/target/benchmarks.jar 'commit.CommitSweep' -p resident=1000,100000    (from the repository root)
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
public abstract class CommitSweep {

    /** The seed of the items changed, alike in every fork. */
    static final long CHOICE_SEED = 424242;
    /** Distinct sets of changed items drawn up front; the operations cycle through them. */
    static final int ROUNDS = 1024;

    /** Items resident when the commits run: the store holds exactly these. */
    @Param({"1000", "10000", "100000"})
    public int resident;

    /** Items changed (one field store each) before every commit. */
    @Param("100")
    public int dirty;

    private Path directory;
    private ObjectStore store;
    /** Every item, by id: a Java array outside the store, so picking an item faults or marks nothing. */
    private SweepItem[] items;
    /** {@link #ROUNDS} rounds of {@link #dirty} distinct item ids; not final, so the JIT cannot fold it. */
    private int[] choices;
    private int cursor;
    private StoreStats before;

    /** How the fork's commits reach the disk. */
    protected StoreOptions.Durability durability() {
        return StoreOptions.Durability.NO_SYNC;
    }

    @Setup(Level.Trial)
    public void open() {
        if (dirty > resident) {
            throw new IllegalArgumentException("dirty=" + dirty + " exceeds resident=" + resident);
        }
        directory = SweepStores.copy(SweepStores.master(resident));
        store = ObjectStore.open(directory, StoreOptions.builder().durability(durability()).build());
        items = SweepStores.faultIn(store, resident);
        choices = choose(resident, dirty);
        StoreStats opened = store.stats();
        if (opened.objectsResident() < resident) {
            throw new IllegalStateException(opened.objectsResident() + " objects resident, not " + resident);
        }
        store.commit();
        StoreStats faulted = store.stats();
        if (faulted.bytesLogged() != opened.bytesLogged()) {
            throw new IllegalStateException("faulting the items in made the commit log "
                + (faulted.bytesLogged() - opened.bytesLogged()) + " bytes");
        }
        change();
        store.commit();
        StoreStats changed = store.stats();
        if (changed.objectsDiffed() - faulted.objectsDiffed() < dirty || changed.recordsLogged() == faulted.recordsLogged()) {
            throw new IllegalStateException("changing " + dirty + " items made the commit diff "
                + (changed.objectsDiffed() - faulted.objectsDiffed()) + " objects and log "
                + (changed.recordsLogged() - faulted.recordsLogged()) + " records");
        }
    }

    /** Rounds of {@code dirty} distinct ids below {@code resident}, drawn uniformly. */
    private static int[] choose(int resident, int dirty) {
        SplittableRandom random = new SplittableRandom(CHOICE_SEED);
        int[] chosen = new int[ROUNDS * dirty];
        boolean[] taken = new boolean[resident];
        for (int round = 0; round < ROUNDS; round++) {
            int start = round * dirty;
            for (int i = start; i < start + dirty; i++) {
                int id;
                do {
                    id = random.nextInt(resident);
                } while (taken[id]);
                taken[id] = true;
                chosen[i] = id;
            }
            for (int i = start; i < start + dirty; i++) {
                taken[chosen[i]] = false;
            }
        }
        return chosen;
    }

    @Setup(Level.Invocation)
    public void change() {
        int start = cursor;
        for (int i = start; i < start + dirty; i++) {
            items[choices[i]].value++;
        }
        cursor = start + dirty == choices.length ? 0 : start + dirty;
        before = store.stats();
    }

    @Benchmark
    public long commit(SweepCounters counters) {
        long number = store.commit();
        counters.add(before, store.stats());
        return number;
    }

    @TearDown(Level.Trial)
    public void close() {
        if (store != null) {
            store.close();
            store = null;
        }
        Directories.delete(directory);
    }

    /** Default scheme: node marking, access checks, object faults, remembered set. */
    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE)
    public static class Swizzle extends CommitSweep {
    }

    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE_CARD_4096)
    public static class SwizzleCard4096 extends CommitSweep {
    }

    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE_CARD)
    public static class SwizzleCard extends CommitSweep {
    }

    /** Dirty bit per object: the commit scans every resident object for it. */
    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE_OBJECT)
    public static class SwizzleObject extends CommitSweep {
    }

    /** Default scheme with the default durability: each commit forces the log. */
    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE)
    public static class SwizzleSync extends CommitSweep {
        @Override
        protected StoreOptions.Durability durability() {
            return StoreOptions.Durability.SYNC;
        }
    }
}
