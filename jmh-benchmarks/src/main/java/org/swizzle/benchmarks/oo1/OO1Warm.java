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
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * OO1 warm (Cattell &amp; Skeen; Hosking &amp; Moss, Tables 2-3): the 10th run of an operation after the
 * database was opened, each run from a different random start. The trial's setup compiles the
 * code (a few hundred runs of each operation); every iteration then reopens the fork's copy of the
 * database (plain Java keeps its heap graph), runs the operation 9 times from random starts
 * without measuring, and measures the 10th once ({@code SingleShotTime}); objects the 10th run
 * reaches that the first 9 did not are faulted in during the measurement.
 *
 * <pre>
 * java -jar jmh-benchmarks/target/benchmarks.jar 'oo1.OO1Warm'     (from the repository root)
 * </pre>
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 20)
public abstract class OO1Warm extends OO1Benchmark {

    static final int RUNS_BEFORE = 9;
    static final int JIT_WARMUP_RUNS = 300;

    private int start;
    private int[] ids;

    /**
     * Opens the database and runs every operation a few hundred times, so that the code is compiled
     * before the first iteration: warm is about the store's state, not the JIT's. Each iteration
     * then reopens the database, which empties it again.
     */
    @Setup(Level.Trial)
    public void open() {
        openSession();
        for (int run = 0; run < JIT_WARMUP_RUNS; run++) {
            db.lookup(randomIds());
            db.traverse(randomId(), OO1Data.DEPTH);
            db.reverse(randomId(), OO1Data.DEPTH);
        }
        if (session.engine() == Engine.SWIZZLE_SMALL_HEAP && ((HeapDatabase) db).stats().objectsRehollowed() == 0) {
            throw new IllegalStateException("The small-heap fork re-hollowed no object in " + JIT_WARMUP_RUNS
                + " runs of each operation on " + parts + " parts: its budget did not bind, so it measured nothing"
                + " the other Swizzle fork does not");
        }
    }

    /** Reopens the database and runs the measured operation 9 times from random starts. */
    @Setup(Level.Iteration)
    public void warm(BenchmarkParams params) {
        if (session.engine().hasFiles()) {
            db = session.reopen();
        }
        String operation = params.getBenchmark().substring(params.getBenchmark().lastIndexOf('.') + 1);
        for (int run = 0; run < RUNS_BEFORE; run++) {
            switch (operation) {
                case "lookup":
                    db.lookup(randomIds());
                    break;
                case "reverse":
                    db.reverse(randomId(), OO1Data.DEPTH);
                    break;
                default:
                    db.traverse(randomId(), OO1Data.DEPTH);
            }
        }
        start = randomId();
        ids = randomIds();
    }

    @Benchmark
    public int lookup() {
        return db.lookup(ids);
    }

    @Benchmark
    public int traversal() {
        return db.traverse(start, OO1Data.DEPTH);
    }

    @Benchmark
    public int reverse() {
        return db.reverse(start, OO1Data.DEPTH);
    }

    @TearDown(Level.Trial)
    public void close() {
        closeSession();
    }

    @Fork(1)
    public static class Java extends OO1Warm {
        @Override
        protected Engine engine() {
            return Engine.JAVA;
        }
    }

    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE)
    public static class Swizzle extends OO1Warm {
        @Override
        protected Engine engine() {
            return Engine.SWIZZLE;
        }
    }

    /**
     * Swizzle in a heap smaller than the database (88 MB; the 200,000-part store takes 93 MB on disk, and about
     * 60 MB of heap stays in use with a budget of 50,000 objects: the root's index, the hollow parts and the
     * resident table's entries), confined, with a resident budget ({@link Engine#SWIZZLE_SMALL_HEAP}): the
     * trial's setup fails unless the budget re-hollowed objects.
     */
    @Fork(value = 1, jvmArgsAppend = {Forks.SWIZZLE, "-Xmx88m"})
    public static class SwizzleSmallHeap extends OO1Warm {
        @Override
        protected Engine engine() {
            return Engine.SWIZZLE_SMALL_HEAP;
        }
    }

    @Fork(1)
    public static class H2 extends OO1Warm {
        @Override
        protected Engine engine() {
            return Engine.H2;
        }
    }

    @Fork(1)
    public static class EclipseStore extends OO1Warm {
        @Override
        protected Engine engine() {
            return Engine.ECLIPSE_STORE;
        }
    }

    @Fork(value = 1, jvmArgsAppend = Forks.CHRONICLE_MAP)
    public static class ChronicleMap extends OO1Warm {
        @Override
        protected Engine engine() {
            return Engine.CHRONICLE_MAP;
        }
    }

    /** Edge marking: stored references beside reference fields, swizzled on discovery. */
    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE_EDGE)
    public static class SwizzleEdge extends OO1Warm {
        @Override
        protected Engine engine() {
            return Engine.SWIZZLE;
        }
    }

    /** No swizzling: every load of a stored reference looks its OID up. */
    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE_NONE)
    public static class SwizzleNone extends OO1Warm {
        @Override
        protected Engine engine() {
            return Engine.SWIZZLE;
        }
    }

    /** Eager swizzling: a fault makes its unit and the objects it refers to resident. */
    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE_EAGER)
    public static class SwizzleEager extends OO1Warm {
        @Override
        protected Engine engine() {
            return Engine.SWIZZLE;
        }
    }

    /** Residency checks folded into method entry (checks=entry). */
    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE_ENTRY)
    public static class SwizzleEntry extends OO1Warm {
        @Override
        protected Engine engine() {
            return Engine.SWIZZLE;
        }
    }

    /** A fault makes the whole logical segment resident (fault=segment). */
    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE_SEGMENT)
    public static class SwizzleSegment extends OO1Warm {
        @Override
        protected Engine engine() {
            return Engine.SWIZZLE;
        }
    }

    /** A fault makes the whole cluster resident (fault=cluster). */
    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE_CLUSTER)
    public static class SwizzleCluster extends OO1Warm {
        @Override
        protected Engine engine() {
            return Engine.SWIZZLE;
        }
    }
}
