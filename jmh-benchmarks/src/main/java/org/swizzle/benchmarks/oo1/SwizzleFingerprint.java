package org.swizzle.benchmarks.oo1;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

import org.swizzle.ObjectStore;

/**
 * A short hash of Swizzle's own classes (core and store, not the benchmarks or samples), so that a
 * cached store built by an older Swizzle (whose file format may differ) is never reused.
 */
final class SwizzleFingerprint {

    private static String current;

    private SwizzleFingerprint() {
    }

    static synchronized String current() {
        if (current == null) {
            current = Long.toHexString(compute());
        }
        return current;
    }

    private static long compute() {
        try {
            Path source = Path.of(ObjectStore.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            long hash = 17;
            if (Files.isDirectory(source)) {
                try (Stream<Path> files = Files.walk(source)) {
                    for (Path file : (Iterable<Path>) files.filter(Files::isRegularFile).sorted()::iterator) {
                        hash = hash * 31 + Files.size(file) * 7 + Files.getLastModifiedTime(file).toMillis();
                    }
                }
                return hash;
            }
            try (JarFile jar = new JarFile(source.toFile())) {
                Enumeration<JarEntry> entries = jar.entries();
                while (entries.hasMoreElements()) {
                    JarEntry entry = entries.nextElement();
                    String name = entry.getName();
                    if (name.startsWith("org/swizzle/") && !name.startsWith("org/swizzle/benchmarks/")
                            && !name.startsWith("org/swizzle/samples/")) {
                        hash = hash * 31 + name.hashCode() * 17L + entry.getCrc();
                    }
                }
            }
            return hash;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
