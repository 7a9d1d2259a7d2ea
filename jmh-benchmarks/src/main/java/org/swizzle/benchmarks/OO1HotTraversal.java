package org.swizzle.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.swizzle.ObjectStore;
import org.swizzle.internal.Enhancement;
import org.swizzle.samples.oo1.OO1;
import org.swizzle.samples.oo1.Part;
import org.swizzle.samples.oo1.PartIndex;

/**
 * OO1 hot traversal (Cattell &amp; Skeen; Hosking &amp; Moss, Table 4): 3,280 part visits from a start
 * whose whole graph is already resident. This class is the plain-Java limit (no agent: the
 * {@code @Persistent} classes are ordinary classes on the heap); each nested class is the same
 * benchmark in a fork of its own with the agent attached, so their ratios come from one run.
 *
 * <pre>
 * java -jar jmh-benchmarks/target/benchmarks.jar OO1HotTraversal     (from the repository root)
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class OO1HotTraversal {

    private OO1 oo1;
    private PartIndex index;
    private ObjectStore store;
    private Path dir;
    private Part start;

    @Setup(Level.Trial)
    public void open() throws IOException {
        oo1 = new OO1(42);
        PartIndex built = oo1.build(OO1.PARTS);
        if (!Enhancement.isAgentInstalled()) {
            index = built;
            return;
        }
        dir = Files.createTempDirectory("swizzle-oo1");
        try (ObjectStore building = ObjectStore.open(dir)) {
            building.setRoot("oo1", built);
            building.commit();
        }
        store = ObjectStore.open(dir);
        index = store.root("oo1", PartIndex.class);
    }

    /** Hot: each iteration picks a start and makes its graph resident before measuring. */
    @Setup(Level.Iteration)
    public void pickStart() {
        start = index.get(oo1.randomId(index));
        oo1.traverse(start, OO1.DEPTH);
    }

    @Benchmark
    public int traversal() {
        return oo1.traverse(start, OO1.DEPTH);
    }

    @TearDown(Level.Trial)
    public void close() throws IOException {
        if (store != null) {
            store.close();
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(OO1HotTraversal::delete);
            }
        }
    }

    private static void delete(Path path) {
        try {
            Files.delete(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The default scheme: node marking, residency checks at every access, 512-byte cards. */
    @Fork(value = 1, jvmArgsAppend = "-javaagent:agent/target/swizzle-agent-0.1.0-SNAPSHOT.jar")
    public static class SwizzleDefault extends OO1HotTraversal {
    }

    /** Node marking with the smallest cards. */
    @Fork(value = 1, jvmArgsAppend = "-javaagent:agent/target/swizzle-agent-0.1.0-SNAPSHOT.jar=card=16")
    public static class SwizzleCard16 extends OO1HotTraversal {
    }
}
