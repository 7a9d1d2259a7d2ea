package org.swizzle.benchmarks.oo1;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The hot per-traversal slope (Hosking &amp; Moss, Table 4; Hosking, Brown &amp; Moss, Figures
 * 13-14): a transaction of {@code traversals} hot traversals from one resident start, then a
 * commit. The report fits {@code time = a + b * traversals} per scheme: {@code b} is the cost of a
 * traversal (residency checks, and the write barrier when {@code p > 0}), {@code a} the commit's.
 * At {@code p = 0} the traversal is the read traversal with its null procedure (Table 4); above,
 * the update traversal.
 *
 * <pre>
 * java -jar jmh-benchmarks/target/benchmarks.jar 'oo1.OO1Slope' -p traversals=1,1000     (from the repository root)
 * </pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
public abstract class OO1Slope extends OO1Benchmark {

    /** Traversals per commit. */
    @Param({"1", "10", "100", "1000"})
    public int traversals;

    /** Update probability; 0 is the read traversal. */
    @Param({"0", "1"})
    public double p;

    private int start;

    @Setup(Level.Trial)
    public void open() {
        openSession();
    }

    @Setup(Level.Iteration)
    public void pickStart() {
        start = randomId();
        db.warmTraversal(start, OO1Data.DEPTH);
        db.commit();
    }

    @Benchmark
    public int transaction(CommitCounters counters) {
        int done = 0;
        for (int i = 0; i < traversals; i++) {
            done += p == 0 ? db.traverse(start, OO1Data.DEPTH) : db.update(start, OO1Data.DEPTH, p, choices);
        }
        counters.commit(db, p == 0 ? 0 : done);
        return done;
    }

    @TearDown(Level.Trial)
    public void close() {
        closeSession();
    }

    /** Plain Java: the update traversal on the heap; its commit does nothing. */
    @Fork(1)
    public static class Java extends OO1Slope {
        @Override
        protected Engine engine() {
            return Engine.JAVA;
        }
    }

    /** Swizzle, default scheme (remembered set). */
    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE)
    public static class Swizzle extends OO1Slope {
        @Override
        protected Engine engine() {
            return Engine.SWIZZLE;
        }
    }

    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE_CARD_16)
    public static class SwizzleCard16 extends OO1Slope {
        @Override
        protected Engine engine() {
            return Engine.SWIZZLE;
        }
    }

    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE_CARD_4096)
    public static class SwizzleCard4096 extends OO1Slope {
        @Override
        protected Engine engine() {
            return Engine.SWIZZLE;
        }
    }

    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE_CARD)
    public static class SwizzleCard extends OO1Slope {
        @Override
        protected Engine engine() {
            return Engine.SWIZZLE;
        }
    }

    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE_OBJECT)
    public static class SwizzleObject extends OO1Slope {
        @Override
        protected Engine engine() {
            return Engine.SWIZZLE;
        }
    }

    /** No write barrier: every resident object is diffed at commit. */
    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE_NO_BARRIER)
    public static class SwizzleNoBarrier extends OO1Slope {
        @Override
        protected Engine engine() {
            return Engine.SWIZZLE;
        }
    }
}
