package org.swizzle.benchmarks.oo7;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.swizzle.benchmarks.oo1.Forks;

/**
 * OO7 build and commit: build the small database in a new, empty store and commit it, once per
 * iteration ({@code SingleShotTime}). {@link BuildCounters} adds the commit alone, what it logged, and a
 * raw write and force of the bytes logged, made in the same JVM after the
 * store is closed, for the ratio of the commit to the limit of the disk. Plain Java builds the module on
 * the heap and commits nothing. Every fork runs in a heap touched as it starts ({@link Forks#PRE_TOUCH}): a build
 * allocates about 50 MB, and otherwise each iteration measured the page faults of heap the JVM had not used yet.
 *
 * <pre>
 * java -jar jmh-benchmarks/target/benchmarks.jar 'oo7.OO7BuildCommit'     (from the repository root)
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5)
@Measurement(iterations = 10)
public abstract class OO7BuildCommit {

    /** Connections per atomic part: 3 (also 6 and 9 in the paper). */
    @Param({"3"})
    public int connections;

    /** The system this fork measures. */
    protected abstract OO7Engine engine();

    @Benchmark
    public int buildCommit(BuildCounters built) {
        Module module = ModuleBuilder.build(connections, OO7Files.SEED);
        built.commit(engine().create(built.directory(), module));
        return module.atomicParts.size();
    }

    /** Plain Java: the build on the heap. */
    @Fork(value = 1, jvmArgs = {Forks.HEAP_MIN, Forks.HEAP_MAX, Forks.PRE_TOUCH})
    public static class Java extends OO7BuildCommit {
        @Override
        protected OO7Engine engine() {
            return OO7Engine.JAVA;
        }
    }

    /** Swizzle, default scheme, the commit forced. */
    @Fork(value = 1, jvmArgs = {Forks.HEAP_MIN, Forks.HEAP_MAX, Forks.PRE_TOUCH}, jvmArgsAppend = Forks.SWIZZLE)
    public static class Swizzle extends OO7BuildCommit {
        @Override
        protected OO7Engine engine() {
            return OO7Engine.SWIZZLE;
        }
    }

    /** EclipseStore: the root stored at the first commit (not forced). */
    @Fork(value = 1, jvmArgs = {Forks.HEAP_MIN, Forks.HEAP_MAX, Forks.PRE_TOUCH})
    public static class EclipseStore extends OO7BuildCommit {
        @Override
        protected OO7Engine engine() {
            return OO7Engine.ECLIPSE_STORE;
        }
    }
}
