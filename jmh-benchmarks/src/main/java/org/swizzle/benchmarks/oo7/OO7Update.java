package org.swizzle.benchmarks.oo7;

import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

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
import org.swizzle.benchmarks.oo7.Operations.Update;

/**
 * OO7 hot updates with commit, on the small database made resident in setup: T2a (swap x and y of the
 * root part of each composite part visited), T2b (of every atomic part visited) and T2c (of every atomic
 * part visited, 4 times), each followed by a commit. {@link CommitCounters} adds the commit time and, for
 * Swizzle, what the commit logged. EclipseStore stores each part T2 changed; plain Java's commit does
 * nothing.
 *
 * <p>A composite part is used by several base assemblies, so T2 swaps its parts once per use: a part
 * swapped an even number of times (and every part in T2c) is back to its committed value at the commit.
 * Swizzle, which logs differences, logs nothing for it; EclipseStore stores every part it is told of.
 *
 * <pre>
 * java -jar jmh-benchmarks/target/benchmarks.jar 'oo7.OO7Update'     (from the repository root)
 * </pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
public abstract class OO7Update extends OO7Benchmark {

    private Consumer<AtomicPart> changed;

    @Setup(Level.Trial)
    public void open() {
        openSession();
        makeResident();
        changed = db::changed;
    }

    @Benchmark
    public int t2aCommit(CommitCounters counters) {
        return updateCommit(Update.ROOT, counters);
    }

    @Benchmark
    public int t2bCommit(CommitCounters counters) {
        return updateCommit(Update.EVERY, counters);
    }

    @Benchmark
    public int t2cCommit(CommitCounters counters) {
        return updateCommit(Update.EVERY_FOUR_TIMES, counters);
    }

    private int updateCommit(Update update, CommitCounters counters) {
        int visits = operations.t2(db.module(), update, changed);
        counters.commit(db);
        return visits;
    }

    @TearDown(Level.Trial)
    public void close() {
        closeSession();
    }

    /** Plain Java: T2 on the heap; its commit does nothing. */
    @Fork(1)
    public static class Java extends OO7Update {
        @Override
        protected OO7Engine engine() {
            return OO7Engine.JAVA;
        }
    }

    /** Swizzle, default scheme, commits forced. */
    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE)
    public static class Swizzle extends OO7Update {
        @Override
        protected OO7Engine engine() {
            return OO7Engine.SWIZZLE;
        }
    }

    /** EclipseStore: each changed part stored with one storer per commit (not forced). */
    @Fork(1)
    public static class EclipseStore extends OO7Update {
        @Override
        protected OO7Engine engine() {
            return OO7Engine.ECLIPSE_STORE;
        }
    }
}
