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
 * OO1 hot update with commit (White &amp; DeWitt; Hosking, Brown &amp; Moss, Figures 6-10): each
 * iteration picks a random start and makes its graph resident; each operation is the update
 * traversal from it (x and y of each visited part incremented with probability {@code p}) and a
 * commit. Every barrier scheme is a fork, beside plain Java (no commit), Swizzle without sync and
 * the peers. {@link CommitCounters} adds the commit time and, for Swizzle, the bytes logged.
 *
 * <pre>
 * java -jar jmh-benchmarks/target/benchmarks.jar 'oo1.OO1Update' -p p=0.05,1     (from the repository root)
 * </pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
public abstract class OO1Update extends OO1Benchmark {

    /** Probability that a visited part is updated. */
    @Param({"0", "0.05", "0.1", "0.2", "0.5", "1"})
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
    public int updateCommit(CommitCounters counters) {
        int updates = db.update(start, OO1Data.DEPTH, p, choices);
        counters.commit(db, updates);
        return updates;
    }

    @TearDown(Level.Trial)
    public void close() {
        closeSession();
    }

    /** Plain Java: the update traversal on the heap; its commit does nothing. */
    @Fork(1)
    public static class Java extends OO1Update {
        @Override
        protected Engine engine() {
            return Engine.JAVA;
        }
    }

    /** Swizzle, default scheme (remembered set). */
    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE)
    public static class Swizzle extends OO1Update {
        @Override
        protected Engine engine() {
            return Engine.SWIZZLE;
        }
    }

    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE_CARD_16)
    public static class SwizzleCard16 extends OO1Update {
        @Override
        protected Engine engine() {
            return Engine.SWIZZLE;
        }
    }

    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE_CARD_4096)
    public static class SwizzleCard4096 extends OO1Update {
        @Override
        protected Engine engine() {
            return Engine.SWIZZLE;
        }
    }

    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE_CARD)
    public static class SwizzleCard extends OO1Update {
        @Override
        protected Engine engine() {
            return Engine.SWIZZLE;
        }
    }

    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE_OBJECT)
    public static class SwizzleObject extends OO1Update {
        @Override
        protected Engine engine() {
            return Engine.SWIZZLE;
        }
    }

    /** No write barrier: every resident object is diffed at commit. */
    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE_NO_BARRIER)
    public static class SwizzleNoBarrier extends OO1Update {
        @Override
        protected Engine engine() {
            return Engine.SWIZZLE;
        }
    }

    /** Default scheme with Durability.NO_SYNC, like for like with EclipseStore. */
    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE)
    public static class SwizzleNoSync extends OO1Update {
        @Override
        protected Engine engine() {
            return Engine.SWIZZLE_NO_SYNC;
        }
    }

    @Fork(1)
    public static class H2 extends OO1Update {
        @Override
        protected Engine engine() {
            return Engine.H2;
        }
    }

    @Fork(1)
    public static class EclipseStore extends OO1Update {
        @Override
        protected Engine engine() {
            return Engine.ECLIPSE_STORE;
        }
    }

    @Fork(value = 1, jvmArgsAppend = Forks.CHRONICLE_MAP)
    public static class ChronicleMap extends OO1Update {
        @Override
        protected Engine engine() {
            return Engine.CHRONICLE_MAP;
        }
    }
}
