package org.swizzle.benchmarks.oo7;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.swizzle.StoreStats;
import org.swizzle.benchmarks.oo1.Forks;

/**
 * OO7 hot, on the small database made resident in setup: T1 (43,740 atomic part visits), T6 (the 2,187
 * root parts), Q1 (10 lookups by id, each call the next 10 of a seeded list) and Q7 (a scan of the
 * 10,000 atomic parts), and a read-only T1 followed by {@code commit()}, whose commit time and what it
 * logged are secondary results. Setup checks that a read-only T1 and commit logs nothing in Swizzle.
 *
 * <pre>
 * java -jar jmh-benchmarks/target/benchmarks.jar 'oo7.OO7Hot'     (from the repository root)
 * </pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
public abstract class OO7Hot extends OO7Benchmark {

    /** Q1 calls before the list of ids repeats. */
    private static final int Q1_ROUNDS = 1_000;
    private static final long Q1_SEED = 77;

    private int[] ids;
    private int next;

    @Setup(Level.Trial)
    public void open() {
        openSession();
        makeResident();
        checkReadOnlyCommit();
        SplittableRandom random = new SplittableRandom(Q1_SEED);
        ids = new int[Q1_ROUNDS * Operations.Q1_LOOKUPS];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = 1 + random.nextInt(ModuleBuilder.ATOMIC_PARTS);
        }
    }

    /** A read-only T1 must leave the commit nothing to log. */
    private void checkReadOnlyCommit() {
        StoreStats before = db.stats();
        operations.t1(db.module());
        db.commit();
        StoreStats after = db.stats();
        if (before != null && (after.bytesLogged() != before.bytesLogged() || after.recordsLogged() != before.recordsLogged())) {
            throw new IllegalStateException("a read-only T1 made the commit log " + (after.recordsLogged()
                - before.recordsLogged()) + " records, " + (after.bytesLogged() - before.bytesLogged()) + " bytes");
        }
    }

    @Benchmark
    public int t1() {
        return operations.t1(db.module());
    }

    @Benchmark
    public int t6() {
        return operations.t6(db.module());
    }

    @Benchmark
    public int q1() {
        int found = operations.q1(db.module(), ids, next);
        next = next + Operations.Q1_LOOKUPS == ids.length ? 0 : next + Operations.Q1_LOOKUPS;
        return found;
    }

    @Benchmark
    public int q7() {
        return operations.q7(db.module());
    }

    /** T1, then a commit that has nothing to do. */
    @Benchmark
    public int t1Commit(CommitCounters counters) {
        int visits = operations.t1(db.module());
        counters.commit(db);
        return visits;
    }

    @TearDown(Level.Trial)
    public void close() {
        closeSession();
    }

    /** Plain Java: the model on the heap. */
    @Fork(1)
    public static class Java extends OO7Hot {
        @Override
        protected OO7Engine engine() {
            return OO7Engine.JAVA;
        }
    }

    /** Swizzle, default scheme. */
    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE)
    public static class Swizzle extends OO7Hot {
        @Override
        protected OO7Engine engine() {
            return OO7Engine.SWIZZLE;
        }
    }

    @Fork(1)
    public static class EclipseStore extends OO7Hot {
        @Override
        protected OO7Engine engine() {
            return OO7Engine.ECLIPSE_STORE;
        }
    }
}
