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
 * OO1 cold: open the database and run the operation once, in a fresh JVM, on a fresh copy of the
 * files ({@code SingleShotTime}, no warmup; every iteration copies the master files anew, so no
 * iteration finds objects or caches of the one before). The first iteration of each fork is cold
 * for the JIT too (the report shows it apart); later ones are store-cold, JIT-warm. The copy is
 * fresh, so the OS page cache holds it: cold here means cold for the system, not for the disk.
 *
 * <pre>
 * java -jar jmh-benchmarks/target/benchmarks.jar 'oo1.OO1Cold'     (from the repository root)
 * </pre>
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 0)
@Measurement(iterations = 5)
public abstract class OO1Cold extends OO1Benchmark {

    private int start;
    private int[] ids;

    /** Nothing is opened before the measurement: the open is part of it. */
    @Setup(Level.Trial)
    public void prepare() {
        createSession();
    }

    /** A new copy of the master files, not yet opened. */
    @Setup(Level.Iteration)
    public void freshCopy() {
        session.fresh();
        start = randomId();
        ids = randomIds();
    }

    @Benchmark
    public int lookup() {
        return session.openCopy().lookup(ids);
    }

    @Benchmark
    public int traversal() {
        return session.openCopy().traverse(start, OO1Data.DEPTH);
    }

    @Benchmark
    public int reverse() {
        return session.openCopy().reverse(start, OO1Data.DEPTH);
    }

    @TearDown(Level.Trial)
    public void close() {
        closeSession();
    }

    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE)
    public static class Swizzle extends OO1Cold {
        @Override
        protected Engine engine() {
            return Engine.SWIZZLE;
        }
    }

    @Fork(1)
    public static class H2 extends OO1Cold {
        @Override
        protected Engine engine() {
            return Engine.H2;
        }
    }

    @Fork(1)
    public static class EclipseStore extends OO1Cold {
        @Override
        protected Engine engine() {
            return Engine.ECLIPSE_STORE;
        }
    }

    @Fork(value = 1, jvmArgsAppend = Forks.CHRONICLE_MAP)
    public static class ChronicleMap extends OO1Cold {
        @Override
        protected Engine engine() {
            return Engine.CHRONICLE_MAP;
        }
    }

    /** Edge marking: stored references beside reference fields, swizzled on discovery. */
    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE_EDGE)
    public static class SwizzleEdge extends OO1Cold {
        @Override
        protected Engine engine() {
            return Engine.SWIZZLE;
        }
    }

    /** No swizzling: every load of a stored reference looks its OID up. */
    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE_NONE)
    public static class SwizzleNone extends OO1Cold {
        @Override
        protected Engine engine() {
            return Engine.SWIZZLE;
        }
    }

    /** Eager swizzling: a fault makes its unit and the objects it refers to resident. */
    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE_EAGER)
    public static class SwizzleEager extends OO1Cold {
        @Override
        protected Engine engine() {
            return Engine.SWIZZLE;
        }
    }

    /** Residency checks folded into method entry (checks=entry). */
    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE_ENTRY)
    public static class SwizzleEntry extends OO1Cold {
        @Override
        protected Engine engine() {
            return Engine.SWIZZLE;
        }
    }

    /** A fault makes the whole logical segment resident (fault=segment). */
    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE_SEGMENT)
    public static class SwizzleSegment extends OO1Cold {
        @Override
        protected Engine engine() {
            return Engine.SWIZZLE;
        }
    }

    /** A fault makes the whole cluster resident (fault=cluster). */
    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE_CLUSTER)
    public static class SwizzleCluster extends OO1Cold {
        @Override
        protected Engine engine() {
            return Engine.SWIZZLE;
        }
    }
}
