package org.swizzle.benchmarks.oo1;

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

/**
 * The write barrier alone: the hot update traversal at p = 1 (6,560 field stores into resident
 * parts) without a commit, under every barrier scheme and on the heap. The difference to
 * {@code SwizzleNoBarrier} (residency checks, no barrier) divided by the stores is the barrier's
 * cost per store. Each iteration picks a start, makes it resident and commits; the commit after
 * the iteration's stores is made in its teardown, unmeasured.
 *
 * <pre>
 * java -jar jmh-benchmarks/target/benchmarks.jar 'oo1.OO1Barrier'     (from the repository root)
 * </pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
public abstract class OO1Barrier extends OO1Benchmark {

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
    public int updateTraversal() {
        return db.update(start, OO1Data.DEPTH, 1.0, choices);
    }

    @TearDown(Level.Iteration)
    public void commit() {
        db.commit();
    }

    @TearDown(Level.Trial)
    public void close() {
        closeSession();
    }

    /** Plain Java: the update traversal on the heap; its commit does nothing. */
    @Fork(1)
    public static class Java extends OO1Barrier {
        @Override
        protected Engine engine() {
            return Engine.JAVA;
        }
    }

    /** Swizzle, default scheme (remembered set). */
    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE)
    public static class Swizzle extends OO1Barrier {
        @Override
        protected Engine engine() {
            return Engine.SWIZZLE;
        }
    }

    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE_CARD_16)
    public static class SwizzleCard16 extends OO1Barrier {
        @Override
        protected Engine engine() {
            return Engine.SWIZZLE;
        }
    }

    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE_CARD_4096)
    public static class SwizzleCard4096 extends OO1Barrier {
        @Override
        protected Engine engine() {
            return Engine.SWIZZLE;
        }
    }

    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE_CARD)
    public static class SwizzleCard extends OO1Barrier {
        @Override
        protected Engine engine() {
            return Engine.SWIZZLE;
        }
    }

    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE_OBJECT)
    public static class SwizzleObject extends OO1Barrier {
        @Override
        protected Engine engine() {
            return Engine.SWIZZLE;
        }
    }

    /** No write barrier: every resident object is diffed at commit. */
    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE_NO_BARRIER)
    public static class SwizzleNoBarrier extends OO1Barrier {
        @Override
        protected Engine engine() {
            return Engine.SWIZZLE;
        }
    }
}
