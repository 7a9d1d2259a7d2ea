package org.swizzle.benchmarks.oo1;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import org.swizzle.benchmarks.Directories;

/**
 * The OO1 databases on disk: one master copy per engine file format, size and seed in a cache
 * directory (built the first time a fork needs it, by that fork), and fresh working copies of it
 * in the system temp directory, so that every fork and every cold iteration starts from the same
 * bytes and no run sees another's commits. The cache is {@code jmh-benchmarks/target/oo1-cache}
 * (relative to the repository root) unless {@code -Dswizzle.bench.cache=DIR} says otherwise.
 *
 * <p>Part of the OO1 benchmarks; run them with {@code jmh-benchmarks/run.sh [smoke|quick|full]} from the
 * repository root (see {@code jmh-benchmarks/README.md}).
 */
public final class DatabaseFiles {

    private DatabaseFiles() {
    }

    static Path cache() {
        return Path.of(System.getProperty("swizzle.bench.cache", "jmh-benchmarks/target/oo1-cache"));
    }

    /** The master copy of the database of {@code parts} parts and {@code seed} for {@code engine}, built if absent. */
    static Path master(Engine engine, int parts, long seed) {
        Path master = cache().resolve(engine.fileFormat() + "-" + parts + "-" + seed).toAbsolutePath();
        if (Files.isDirectory(master)) {
            return master;
        }
        try {
            Files.createDirectories(master.getParent());
            Path building = Files.createTempDirectory(master.getParent(), master.getFileName() + ".building-");
            long start = System.nanoTime();
            engine.create(building, OO1Data.generate(parts, seed));
            try {
                Files.move(building, master, StandardCopyOption.ATOMIC_MOVE);
            } catch (FileAlreadyExistsException | AtomicMoveNotSupportedException e) {
                delete(building);
            }
            System.out.printf("# built the %s OO1 database of %,d parts in %.1f s: %s%n", engine, parts,
                (System.nanoTime() - start) / 1e9, master);
            return master;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot build the " + engine + " OO1 database " + master, e);
        }
    }

    /** A fresh copy of {@code master} in the temp directory. */
    static Path copy(Path master) {
        return Directories.copy(master, "swizzle-bench-");
    }

    /** Deletes {@code dir} and everything in it; nothing if null or gone. */
    static void delete(Path dir) {
        Directories.delete(dir);
    }
}
