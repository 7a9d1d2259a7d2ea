package org.swizzle.benchmarks.oo7;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.swizzle.StoreStats;
import org.swizzle.benchmarks.Directories;
import org.swizzle.benchmarks.JvmCosts;
import org.swizzle.benchmarks.RawWrite;

/**
 * The new store an iteration of {@link OO7BuildCommit} builds (one build in single-shot mode), and its
 * secondary results: those of {@link CommitCounters} for its commit (JMH reads only the counters a class
 * declares itself, so they are repeated here), and the limit for that commit: appending the same number
 * of bytes to a new file with a bare {@code FileChannel} and forcing it ({@code force(false)}, as the log
 * does), timed in the same JVM right after the store is closed. It owns the store's directory because JMH
 * reads its counters after its own iteration teardown, where the raw write is made.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class BuildCounters {

    public long commits;
    public long commitNanos;
    public long objectsDiffed;
    public long records;
    public long logBytes;
    public long unswizzleNanos;
    public long diffNanos;
    public long writeNanos;
    public long forceNanos;
    public long applyNanos;
    public long installNanos;
    /** The bytes the committing thread allocated inside {@code commit()}, -1 a commit where the JVM does not count them. */
    public long allocatedBytes;
    /** The collectors' pauses inside {@code commit()}: see {@link JvmCosts}. */
    public long pauseNanos;
    /** The page faults the committing thread took inside {@code commit()}, -1 a commit where the system does not count them. */
    public long pageFaults;
    public long rawWrites;
    public long rawNanos;

    private Path dir;
    private OO7Database db;

    @Setup(Level.Iteration)
    public void emptyDirectory() throws IOException {
        commits = 0;
        commitNanos = 0;
        objectsDiffed = 0;
        records = 0;
        logBytes = 0;
        unswizzleNanos = 0;
        diffNanos = 0;
        writeNanos = 0;
        forceNanos = 0;
        applyNanos = 0;
        installNanos = 0;
        allocatedBytes = 0;
        pauseNanos = 0;
        pageFaults = 0;
        rawWrites = 0;
        rawNanos = 0;
        dir = Files.createTempDirectory("swizzle-oo7-build-");
        db = null;
    }

    /** The empty directory to build the store in. */
    Path directory() {
        return dir;
    }

    /** Commits {@code db}, counting what the commit did; the iteration's teardown closes it. */
    void commit(OO7Database db) {
        this.db = db;
        StoreStats before = db.stats();
        JvmCosts.Sample costs = JvmCosts.Sample.start();
        long start = System.nanoTime();
        db.commit();
        commitNanos += System.nanoTime() - start;
        JvmCosts.Sample spent = costs.spent();
        allocatedBytes += spent.allocatedBytes();
        pauseNanos += spent.pauseNanos();
        pageFaults += spent.minorFaults();
        commits++;
        if (before != null) {
            StoreStats after = db.stats();
            objectsDiffed += after.objectsDiffed() - before.objectsDiffed();
            records += after.recordsLogged() - before.recordsLogged();
            logBytes += after.bytesLogged() - before.bytesLogged();
            unswizzleNanos += after.unswizzleNanos() - before.unswizzleNanos();
            diffNanos += after.diffNanos() - before.diffNanos();
            writeNanos += after.writeNanos() - before.writeNanos();
            forceNanos += after.forceNanos() - before.forceNanos();
            applyNanos += after.applyNanos() - before.applyNanos();
            installNanos += after.installNanos() - before.installNanos();
        }
    }

    /** Closes the store, then writes and forces the bytes it logged. */
    @TearDown(Level.Iteration)
    public void closeStore() {
        try {
            if (db != null) {
                db.close();
                rawWriteForce();
            }
        } finally {
            Directories.delete(dir);
        }
    }

    /** Writes and forces {@link #logBytes} bytes with a bare channel, timed; nothing if none were logged. */
    private void rawWriteForce() {
        if (logBytes > 0) {
            rawNanos += RawWrite.writeAndForce(logBytes);
            rawWrites++;
        }
    }
}
