package org.swizzle.benchmarks.oo7;

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
import org.swizzle.benchmarks.oo1.Forks;

/**
 * OO7 T1 cold: open a fresh copy of the small database and run T1 once ({@code SingleShotTime}, no
 * warmup). The first iteration of a fork is the cold figure (fresh JVM, fresh store); later ones are
 * store-cold, JIT-warm. Plain Java has no open: its module is built on the heap before the iteration, so
 * its first iteration is T1 with a cold JIT only. The copy is fresh, so the OS page cache holds it: cold
 * here means cold for the system, not for the disk.
 *
 * <pre>
 * java -jar jmh-benchmarks/target/benchmarks.jar 'oo7.OO7Cold'     (from the repository root)
 * </pre>
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 0)
@Measurement(iterations = 5)
public abstract class OO7Cold extends OO7Benchmark {

    /** Nothing is opened before the measurement: the open is part of it. */
    @Setup(Level.Trial)
    public void prepare() {
        createSession();
    }

    @Setup(Level.Iteration)
    public void freshCopy() {
        session.fresh();
    }

    @Benchmark
    public int t1() {
        return operations.t1(session.open().module());
    }

    @TearDown(Level.Trial)
    public void close() {
        closeSession();
    }

    /** Plain Java: T1 on a module built before the iteration. */
    @Fork(1)
    public static class Java extends OO7Cold {
        @Override
        protected OO7Engine engine() {
            return OO7Engine.JAVA;
        }
    }

    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE)
    public static class Swizzle extends OO7Cold {
        @Override
        protected OO7Engine engine() {
            return OO7Engine.SWIZZLE;
        }
    }

    /** EclipseStore: its start loads the whole graph, so the open is most of the time. */
    @Fork(1)
    public static class EclipseStore extends OO7Cold {
        @Override
        protected OO7Engine engine() {
            return OO7Engine.ECLIPSE_STORE;
        }
    }
}
