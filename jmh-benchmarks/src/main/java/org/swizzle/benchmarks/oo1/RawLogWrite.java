package org.swizzle.benchmarks.oo1;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.SplittableRandom;
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
import org.swizzle.StoreStats;

/**
 * The limit for commit latency: appending the bytes one Swizzle commit logs to a file with a bare
 * {@code FileChannel} and forcing it ({@code force(false)}, as the write-ahead log does). The byte
 * count (the median of 30 commits) is measured in the fork's setup, on its own copy of the store,
 * with the update traversal and commit of {@link OO1Update} (default scheme, same {@code p}); the
 * report divides {@code OO1Update.Swizzle}'s time inside {@code commit()} by this.
 *
 * <pre>
 * java -jar jmh-benchmarks/target/benchmarks.jar 'oo1.RawLogWrite'     (from the repository root)
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE)
public class RawLogWrite {

    static final int STARTS = 3;
    static final int SKIPPED_PER_START = 3;
    static final int COMMITS_PER_START = 10;
    static final long MAX_LOG_BYTES = 256L << 20;

    /** Update probability of the commits whose bytes are written. */
    @Param({"0.05", "1"})
    public double p;

    @Param({"20000"})
    public int parts;

    private Path dir;
    private FileChannel log;
    private ByteBuffer block;
    private long end;

    /** Measures the bytes of a Swizzle update commit, then prepares a block of that size. */
    @Setup(Level.Trial)
    public void measureCommitBytes() throws IOException {
        int bytes = commitBytes();
        block = ByteBuffer.allocateDirect(Math.max(1, bytes));
        byte[] noise = new byte[block.capacity()];
        new SplittableRandom(1).nextBytes(noise);
        block.put(noise).flip();
        dir = Files.createTempDirectory("swizzle-raw-io-");
        log = FileChannel.open(dir.resolve("raw.log"), StandardOpenOption.CREATE, StandardOpenOption.READ,
            StandardOpenOption.WRITE);
    }

    /**
     * The median bytes logged by an update commit, made as {@code OO1Update} makes them: a start
     * made resident and committed, then repeated update traversals from it, each with a commit
     * (the first few after each new start left out).
     */
    private int commitBytes() {
        SplittableRandom random = new SplittableRandom(OO1Benchmark.RUN_SEED);
        SplittableRandom choices = new SplittableRandom(OO1Benchmark.CHOICE_SEED);
        long[] logged = new long[STARTS * COMMITS_PER_START];
        try (OO1Session session = new OO1Session(Engine.SWIZZLE, parts, OO1Benchmark.DATABASE_SEED)) {
            HeapDatabase db = (HeapDatabase) session.open();
            int n = 0;
            for (int s = 0; s < STARTS; s++) {
                int start = 1 + random.nextInt(parts);
                db.traverse(start, OO1Data.DEPTH);
                db.commit();
                for (int i = -SKIPPED_PER_START; i < COMMITS_PER_START; i++) {
                    StoreStats before = db.stats();
                    db.update(start, OO1Data.DEPTH, p, choices);
                    db.commit();
                    if (i >= 0) {
                        logged[n++] = db.stats().bytesLogged() - before.bytesLogged();
                    }
                }
            }
        }
        java.util.Arrays.sort(logged);
        return (int) logged[logged.length / 2];
    }

    /** Starts each iteration from an empty file, as the log after a checkpoint. */
    @Setup(Level.Iteration)
    public void emptyLog() throws IOException {
        log.truncate(0);
        log.force(true);
        end = 0;
    }

    @Benchmark
    public long writeAndForce(Written written) throws IOException {
        block.rewind();
        while (block.hasRemaining()) {
            end += log.write(block, end);
        }
        log.force(false);
        written.writes++;
        written.bytes += block.limit();
        if (end > MAX_LOG_BYTES) {
            log.truncate(0);
            end = 0;
        }
        return end;
    }

    @TearDown(Level.Trial)
    public void close() throws IOException {
        log.close();
        DatabaseFiles.delete(dir);
    }

    /** The writes made and bytes written, beside the time ({@code bytes / writes} is the block size). */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Written {
        public long writes;
        public long bytes;

        @Setup(Level.Iteration)
        public void reset() {
            writes = 0;
            bytes = 0;
        }
    }
}
