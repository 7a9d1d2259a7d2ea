package org.swizzle.benchmarks.collections;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.swizzle.ObjectStore;
import org.swizzle.StoreStats;
import org.swizzle.benchmarks.Directories;
import org.swizzle.benchmarks.oo1.Forks;

/**
 * A read-only pass over a collection-heavy model, then {@code commit()}: reading tracked collections marks
 * nothing, so the commit finds no candidate, diffs no object and logs nothing, whatever the number of parts
 * visited. {@code pass} is the traversal alone, {@code passThenCommit} adds the commit, and {@code commit}
 * is the commit alone (a pass leaves it nothing to do, which setup checks). The design (parts holding a {@code LinkedList} of 3 connections each) is built, then
 * reopened, so that its objects are loaded from the store; setup checks that a pass and commit diffed and
 * logged nothing.
 *
 * <pre>
 * java -jar jmh-benchmarks/target/benchmarks.jar 'collections.ReadOnlyCommit'      (from the repository root)
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public abstract class ReadOnlyCommit {

    @Param("10000")
    public int parts;

    private Path directory;
    private ObjectStore store;
    private Design design;

    @Setup(Level.Trial)
    public void build() throws IOException {
        directory = Files.createTempDirectory("swizzle-readonly-commit");
        try (ObjectStore building = ObjectStore.open(directory)) {
            Design built = new Design();
            SplittableRandom random = new SplittableRandom(42);
            for (int i = 0; i < parts; i++) {
                DesignPart part = new DesignPart();
                part.id = i;
                built.parts.add(part);
            }
            for (DesignPart part : built.parts) {
                for (int c = 0; c < 3; c++) {
                    DesignConnection connection = new DesignConnection();
                    connection.length = random.nextInt(1000);
                    connection.to = built.parts.get(random.nextInt(parts));
                    part.connections.add(connection);
                }
            }
            building.setRoot("design", built);
            building.commit();
        }
        store = ObjectStore.open(directory);
        design = store.root("design", Design.class);
        pass();
        store.commit();
        StoreStats before = store.stats();
        pass();
        store.commit();
        StoreStats after = store.stats();
        if (after.objectsDiffed() != before.objectsDiffed() || after.bytesLogged() != before.bytesLogged()) {
            throw new IllegalStateException("a read-only pass made the commit diff "
                + (after.objectsDiffed() - before.objectsDiffed()) + " objects and log "
                + (after.bytesLogged() - before.bytesLogged()) + " bytes");
        }
    }

    @Benchmark
    public long pass() {
        long sum = 0;
        for (DesignPart part : design.parts) {
            for (DesignConnection connection : part.connections) {
                sum += connection.length + connection.to.x;
            }
        }
        return sum;
    }

    @Benchmark
    public long passThenCommit() {
        return pass() + store.commit();
    }

    /** The commit after a read-only pass: the pass left nothing for it, so it is the same as one without the pass. */
    @Benchmark
    public long commit() {
        return store.commit();
    }

    @TearDown(Level.Trial)
    public void close() {
        store.close();
        Directories.delete(directory);
    }

    /** Swizzle, default scheme (remembered set). */
    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE)
    public static class Swizzle extends ReadOnlyCommit {
    }

    /** Swizzle with the remembered set. */
    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE_CARD)
    public static class SwizzleCard extends ReadOnlyCommit {
    }
}
