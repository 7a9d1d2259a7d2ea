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
 * OO1 insert: 100 new parts, each with 3 connections by the locality rule, then a commit; each
 * iteration one insert ({@code SingleShotTime}), the database growing by 100 parts per iteration.
 * The parts are generated in the iteration's setup, so the measurement is the system's work only.
 *
 * <pre>
 * java -jar jmh-benchmarks/target/benchmarks.jar 'oo1.OO1Insert'     (from the repository root)
 * </pre>
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 10)
@Measurement(iterations = 20)
public abstract class OO1Insert extends OO1Benchmark {

    static final int INSERTED = 100;

    private OO1Data batch;

    @Setup(Level.Trial)
    public void open() {
        openSession();
    }

    @Setup(Level.Iteration)
    public void generate() {
        batch = OO1Data.generate(db.size() + 1, INSERTED, random);
    }

    @Benchmark
    public int insertCommit() {
        db.insert(batch);
        db.commit();
        return db.size();
    }

    @TearDown(Level.Trial)
    public void close() {
        closeSession();
    }

    /** Plain Java: the update traversal on the heap; its commit does nothing. */
    @Fork(1)
    public static class Java extends OO1Insert {
        @Override
        protected Engine engine() {
            return Engine.JAVA;
        }
    }

    /** Swizzle, default scheme (remembered set). */
    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE)
    public static class Swizzle extends OO1Insert {
        @Override
        protected Engine engine() {
            return Engine.SWIZZLE;
        }
    }

    /** Default scheme with Durability.NO_SYNC, like for like with EclipseStore. */
    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE)
    public static class SwizzleNoSync extends OO1Insert {
        @Override
        protected Engine engine() {
            return Engine.SWIZZLE_NO_SYNC;
        }
    }

    @Fork(1)
    public static class H2 extends OO1Insert {
        @Override
        protected Engine engine() {
            return Engine.H2;
        }
    }

    @Fork(1)
    public static class EclipseStore extends OO1Insert {
        @Override
        protected Engine engine() {
            return Engine.ECLIPSE_STORE;
        }
    }

    @Fork(value = 1, jvmArgsAppend = Forks.CHRONICLE_MAP)
    public static class ChronicleMap extends OO1Insert {
        @Override
        protected Engine engine() {
            return Engine.CHRONICLE_MAP;
        }
    }
}
