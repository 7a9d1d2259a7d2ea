package org.swizzle.benchmarks.lws;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;

import org.swizzle.ObjectStore;
import org.swizzle.benchmarks.Directories;

/**
 * The collections on disk: one master store per collection and build of the benchmarks, in
 * {@code jmh-benchmarks/target/lws-cache} ({@code -Dswizzle.bench.cache=DIR} moves it beside the OO1
 * cache), built by the first fork that needs it; every session works on a fresh copy of it in the
 * temp directory. The master's name carries the size and time of the benchmarks jar, so a store
 * written by another build (another store format or another {@link Node}) is never reused.
 */
final class TreeFiles {

    static final String ROOT = "tree";

    private TreeFiles() {
    }

    /** The master store of {@code shape}, built if absent. */
    static Path master(TreeShape shape) {
        Path cache = Path.of(System.getProperty("swizzle.bench.cache", "jmh-benchmarks/target/lws-cache"));
        Path master = cache.resolve("lws-" + shape.name() + "-" + build()).toAbsolutePath();
        if (Files.isDirectory(master)) {
            return master;
        }
        try {
            Files.createDirectories(master.getParent());
            Path building = Files.createTempDirectory(master.getParent(), master.getFileName() + ".building-");
            try (ObjectStore store = ObjectStore.open(building)) {
                store.root(ROOT, Node.class, () -> Tree.build(shape));
                store.commit();
            }
            deleteOlderBuilds(master);
            try {
                Files.move(building, master, StandardCopyOption.ATOMIC_MOVE);
            } catch (FileAlreadyExistsException | AtomicMoveNotSupportedException e) {
                delete(building);
            }
            return master;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot build the collection " + shape.name() + " in " + master, e);
        }
    }

    /** Deletes the masters of the same collection written by other builds of the benchmarks. */
    private static void deleteOlderBuilds(Path master) throws IOException {
        String name = master.getFileName().toString();
        String prefix = name.substring(0, name.lastIndexOf('-') + 1);
        try (Stream<Path> siblings = Files.list(master.getParent())) {
            for (Path old : (Iterable<Path>) siblings::iterator) {
                String oldName = old.getFileName().toString();
                if (oldName.startsWith(prefix) && !oldName.contains(".building-") && !old.equals(master)) {
                    delete(old);
                }
            }
        }
    }

    private static String build() {
        try {
            File code = new File(Node.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return Long.toHexString(code.length() * 31 + code.lastModified());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A fresh copy of {@code master} in the temp directory. */
    static Path copy(Path master) {
        return Directories.copy(master, "swizzle-lws-");
    }

    /** Deletes {@code dir} and everything in it; nothing if null or gone. */
    static void delete(Path dir) {
        Directories.delete(dir);
    }
}
