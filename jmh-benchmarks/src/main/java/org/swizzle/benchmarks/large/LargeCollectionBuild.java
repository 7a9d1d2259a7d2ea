package org.swizzle.benchmarks.large;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.AuxCounters;
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
import org.swizzle.benchmarks.Directories;
import org.swizzle.benchmarks.oo1.Forks;

/**
 * Building the two large collections of an {@link Extent} in commits (issue "Collections that scale and keep
 * their identity"): {@code entries} items put into the map and added to the list, {@code batch} at a time, each
 * batch committed, into a new store. The build is linear when the time per entry stays the same as
 * {@code entries} grows; the counters give the commits of the first and the last ten batches, which would
 * differ if a commit grew with the collections.
 *
 * <pre>
 * java -jar jmh-benchmarks/target/benchmarks.jar 'large.LargeCollectionBuild'   (from the repository root)
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(value = 1, jvmArgsAppend = {Forks.SWIZZLE, "-Xmx4g"})
public class LargeCollectionBuild {

    private static final int EDGE_BATCHES = 10;

    @Param({"250000", "500000", "1000000"})
    public int entries;

    @Param("1000")
    public int batch;

    private Path directory;
    private ObjectStore store;

    /** The commits of the first and last {@value #EDGE_BATCHES} batches: time and bytes logged, per batch. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class BuildCounters {
        public long batches;
        public double firstCommitMicros;
        public double lastCommitMicros;
        public double firstLogBytes;
        public double lastLogBytes;

        @Setup(Level.Iteration)
        public void reset() {
            batches = 0;
            firstCommitMicros = 0;
            lastCommitMicros = 0;
            firstLogBytes = 0;
            lastLogBytes = 0;
        }
    }

    @Setup(Level.Iteration)
    public void open() throws IOException {
        directory = Files.createTempDirectory("swizzle-large-build-");
        store = ObjectStore.open(directory);
    }

    @Benchmark
    public Extent build(BuildCounters counters) {
        Extent extent = store.root("extent", Extent.class, Extent::new);
        int batches = (entries + batch - 1) / batch;
        for (int b = 0; b < batches; b++) {
            for (int i = b * batch, end = Math.min(entries, i + batch); i < end; i++) {
                Item item = new Item(i, i % 1000);
                extent.byId.put((long) i, item);
                extent.items.add(item);
            }
            long loggedBefore = store.stats().bytesLogged();
            long start = System.nanoTime();
            store.commit();
            double micros = (System.nanoTime() - start) / 1e3;
            long logged = store.stats().bytesLogged() - loggedBefore;
            if (b < EDGE_BATCHES) {
                counters.firstCommitMicros += micros / EDGE_BATCHES;
                counters.firstLogBytes += (double) logged / EDGE_BATCHES;
            } else if (b >= batches - EDGE_BATCHES) {
                counters.lastCommitMicros += micros / EDGE_BATCHES;
                counters.lastLogBytes += (double) logged / EDGE_BATCHES;
            }
        }
        counters.batches += batches;
        return extent;
    }

    @TearDown(Level.Iteration)
    public void close() {
        store.close();
        Directories.delete(directory);
    }
}
