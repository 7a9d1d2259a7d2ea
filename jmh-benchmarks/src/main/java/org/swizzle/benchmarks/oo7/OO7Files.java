package org.swizzle.benchmarks.oo7;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.stream.Stream;

import org.swizzle.benchmarks.Directories;

/**
 * The OO7 databases on disk: one master copy per engine and connections per atomic part in
 * {@code jmh-benchmarks/target/oo7-cache} ({@code -Dswizzle.bench.cache=DIR} moves it beside the OO1
 * cache), built by {@link PrepareOO7} or by the first fork that needs it, and fresh working copies of
 * it in the temp directory, so that no fork or cold iteration sees another's commits. A master's name
 * carries the size and time of the benchmarks jar (which holds Swizzle, EclipseStore and the model), so
 * one written by another build is never reused.
 */
final class OO7Files {

    /** The seed of the database every system holds. */
    static final long SEED = 7;

    private OO7Files() {
    }

    /** The master database of {@code engine} with {@code connections} per atomic part, built if absent. */
    static Path master(OO7Engine engine, int connections) {
        Path cache = Path.of(System.getProperty("swizzle.bench.cache", "jmh-benchmarks/target/oo7-cache"));
        String name = "oo7-" + engine.name().toLowerCase(Locale.ROOT).replace('_', '-') + "-c" + connections + "-";
        Path master = cache.resolve(name + build()).toAbsolutePath();
        if (Files.isDirectory(master)) {
            return master;
        }
        try {
            Files.createDirectories(master.getParent());
            Path building = Files.createTempDirectory(master.getParent(), master.getFileName() + ".building-");
            long start = System.nanoTime();
            try (OO7Database db = engine.create(building, ModuleBuilder.build(connections, SEED))) {
                db.commit();
            }
            deleteOlderBuilds(master.getParent(), name);
            try {
                Files.move(building, master, StandardCopyOption.ATOMIC_MOVE);
            } catch (FileAlreadyExistsException | AtomicMoveNotSupportedException e) {
                Directories.delete(building);
            }
            System.out.printf("# built the %s OO7 database with %d connections per part in %.1f s: %s%n", engine,
                connections, (System.nanoTime() - start) / 1e9, master);
            return master;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot build the " + engine + " OO7 database " + master, e);
        }
    }

    /** A fresh copy of {@code master} in the temp directory. */
    static Path copy(Path master) {
        return Directories.copy(master, "swizzle-oo7-");
    }

    private static void deleteOlderBuilds(Path cache, String prefix) throws IOException {
        try (Stream<Path> siblings = Files.list(cache)) {
            for (Path old : (Iterable<Path>) siblings::iterator) {
                String oldName = old.getFileName().toString();
                if (oldName.startsWith(prefix) && !oldName.contains(".building-")) {
                    Directories.delete(old);
                }
            }
        }
    }

    private static String build() {
        try {
            File code = new File(Module.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return Long.toHexString(code.length() * 31 + code.lastModified());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
