package org.swizzle.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Copies and deletes the store directories the benchmarks work on: every session and cold
 * iteration gets a fresh copy of a master store, so that no run sees another's commits.
 */
public final class Directories {

    private Directories() {
    }

    /** A fresh copy of {@code master} in the temp directory, named with {@code prefix}. */
    public static Path copy(Path master, String prefix) {
        try {
            Path copy = Files.createTempDirectory(prefix);
            try (Stream<Path> files = Files.walk(master)) {
                for (Path file : (Iterable<Path>) files::iterator) {
                    Path target = copy.resolve(master.relativize(file).toString());
                    if (Files.isDirectory(file)) {
                        Files.createDirectories(target);
                    } else {
                        Files.copy(file, target, StandardCopyOption.COPY_ATTRIBUTES);
                    }
                }
            }
            return copy;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot copy " + master, e);
        }
    }

    /** Deletes {@code dir} and everything in it; nothing if null or gone. */
    public static void delete(Path dir) {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path file : (Iterable<Path>) files.sorted(Comparator.reverseOrder())::iterator) {
                Files.delete(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot delete " + dir, e);
        }
    }
}
