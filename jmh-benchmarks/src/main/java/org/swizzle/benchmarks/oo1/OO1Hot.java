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
 * OO1 hot (Hosking &amp; Moss, Tables 2-4): each iteration picks a random start (and 1,000 random
 * lookup ids), makes all the operations touch ready ({@link OO1Database#warm}: for Swizzle, resident
 * through fields the operations never read, so that no fault enters the measured code's profile), then
 * repeats exactly that operation. The work left is the system's CPU cost without faults: for Swizzle
 * the residency checks; for the peers their lookups and decoding. Plain Java and Swizzle also run under
 * ParallelGC, whose card marking differs from G1's barriers.
 *
 * <pre>
 * java -jar jmh-benchmarks/target/benchmarks.jar 'oo1.OO1Hot'      (from the repository root)
 * </pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
public abstract class OO1Hot extends OO1Benchmark {

    private int start;
    private int[] ids;

    @Setup(Level.Trial)
    public void open() {
        openSession();
    }

    @Setup(Level.Iteration)
    public void pickStart() {
        start = randomId();
        ids = randomIds();
        db.warm(ids, start, OO1Data.DEPTH);
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

    /** Plain Java: the sample's classes on the heap, no agent. */
    @Fork(1)
    public static class Java extends OO1Hot {
        @Override
        protected Engine engine() {
            return Engine.JAVA;
        }
    }

    @Fork(value = 1, jvmArgsAppend = Forks.PARALLEL_GC)
    public static class JavaParallelGC extends OO1Hot {
        @Override
        protected Engine engine() {
            return Engine.JAVA;
        }
    }

    /** Swizzle, default scheme. */
    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE)
    public static class Swizzle extends OO1Hot {
        @Override
        protected Engine engine() {
            return Engine.SWIZZLE;
        }
    }

    @Fork(value = 1, jvmArgsAppend = {Forks.SWIZZLE, Forks.PARALLEL_GC})
    public static class SwizzleParallelGC extends OO1Hot {
        @Override
        protected Engine engine() {
            return Engine.SWIZZLE;
        }
    }

    @Fork(1)
    public static class H2 extends OO1Hot {
        @Override
        protected Engine engine() {
            return Engine.H2;
        }
    }

    @Fork(1)
    public static class EclipseStore extends OO1Hot {
        @Override
        protected Engine engine() {
            return Engine.ECLIPSE_STORE;
        }
    }

    @Fork(value = 1, jvmArgsAppend = Forks.CHRONICLE_MAP)
    public static class ChronicleMap extends OO1Hot {
        @Override
        protected Engine engine() {
            return Engine.CHRONICLE_MAP;
        }
    }

    /** Edge marking: stored references beside reference fields, swizzled on discovery. */
    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE_EDGE)
    public static class SwizzleEdge extends OO1Hot {
        @Override
        protected Engine engine() {
            return Engine.SWIZZLE;
        }
    }

    /**
     * The card barrier, which adds a card address to every object. A read traversal runs no barrier: under the other
     * barriers (remembered set, dirty bit, none) it is the default scheme's code on the default scheme's objects.
     */
    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE_CARD)
    public static class SwizzleCard extends OO1Hot {
        @Override
        protected Engine engine() {
            return Engine.SWIZZLE;
        }
    }

    /** No swizzling: every load of a stored reference looks its OID up. */
    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE_NONE)
    public static class SwizzleNone extends OO1Hot {
        @Override
        protected Engine engine() {
            return Engine.SWIZZLE;
        }
    }

    /** Eager swizzling: a fault makes its unit and the objects it refers to resident. */
    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE_EAGER)
    public static class SwizzleEager extends OO1Hot {
        @Override
        protected Engine engine() {
            return Engine.SWIZZLE;
        }
    }

    /** Residency checks folded into method entry (checks=entry). */
    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE_ENTRY)
    public static class SwizzleEntry extends OO1Hot {
        @Override
        protected Engine engine() {
            return Engine.SWIZZLE;
        }
    }

    /** A fault makes the whole logical segment resident (fault=segment). */
    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE_SEGMENT)
    public static class SwizzleSegment extends OO1Hot {
        @Override
        protected Engine engine() {
            return Engine.SWIZZLE;
        }
    }

    /** A fault makes the whole cluster resident (fault=cluster). */
    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE_CLUSTER)
    public static class SwizzleCluster extends OO1Hot {
        @Override
        protected Engine engine() {
            return Engine.SWIZZLE;
        }
    }
}
