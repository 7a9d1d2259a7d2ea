package org.swizzle.benchmarks.large;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
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
import org.swizzle.benchmarks.Directories;
import org.swizzle.benchmarks.oo1.Forks;

/**
 * Commits of one large persistent object, a {@link Recording} holding a {@code long[]} of {@code samples} elements,
 * in a store opened once per fork: {@code fixedFields} changes two of its counters and commits, which the remembered
 * set writes as those fields alone; {@code element} changes one element of its array through the field and commits,
 * which compares and puts the one 32 KB page the store marked (the array is stored in pages); {@code keptElement}
 * through a local, which marks the page as well; {@code escapedElement} by a JDK method ({@code Arrays.fill}), which
 * makes the object watched, so each commit compares every page in place; {@code everyElement} adds one to every
 * element through a local, so each commit compares every page and logs about 4,000,000 ranges of a byte or two.
 * The counters give the commit alone, the bytes logged and a raw write and force of as many bytes.
 *
 * <pre>
 * java -jar jmh-benchmarks/target/benchmarks.jar 'large.LargeObjectCommit'   (from the repository root)
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {Forks.SWIZZLE, "-Xmx4g"})
public class LargeObjectCommit {

    /** 4,000,000 elements: a 32 MB object. */
    @Param("4000000")
    public int samples;

    private Path directory;
    private ObjectStore store;
    private Recording recording;
    private int next;
    private long stamp = -1L << 40;

    /** Builds the store, then opens it again: the recording faults in, as an application's would. */
    @Setup(Level.Trial)
    public void open() throws IOException {
        directory = Files.createTempDirectory("swizzle-large-object-");
        try (ObjectStore building = ObjectStore.open(directory)) {
            Recording made = new Recording();
            made.samples = new long[samples];
            for (int i = 0; i < samples; i++) {
                made.samples[i] = i;
            }
            building.setRoot("recording", made);
            building.commit();
        }
        store = ObjectStore.open(directory);
        recording = store.root("recording", Recording.class);
    }

    @Benchmark
    public int fixedFields(LargeCounters counters) {
        recording.plays++;
        recording.lastPlayed = System.nanoTime();
        counters.commit(store);
        return recording.plays;
    }

    @Benchmark
    public int element(LargeCounters counters) {
        int at = next;
        next = (at + 4_099) % samples;
        recording.samples[at]++;
        counters.commit(store);
        return at;
    }

    @Benchmark
    public int keptElement(LargeCounters counters) {
        int at = next;
        next = (at + 4_099) % samples;
        long[] held = recording.samples;
        held[at]++;
        counters.commit(store);
        return at;
    }

    @Benchmark
    public int escapedElement(LargeCounters counters) {
        int at = next;
        next = (at + 4_099) % samples;
        Arrays.fill(recording.samples, at, at + 1, ++stamp); // a value the element never held
        counters.commit(store);
        return at;
    }

    @Benchmark
    public int everyElement(LargeCounters counters) {
        long[] held = recording.samples;
        for (int i = 0; i < held.length; i++) {
            held[i]++;
        }
        counters.commit(store);
        return held.length;
    }

    @TearDown(Level.Trial)
    public void close() {
        store.close();
        Directories.delete(directory);
    }
}
