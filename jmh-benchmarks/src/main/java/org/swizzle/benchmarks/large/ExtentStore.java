package org.swizzle.benchmarks.large;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.swizzle.ObjectStore;

/**
 * The store the large-collection benchmarks open: a new one in the temp directory holding one {@link Extent}, or one
 * {@link Ledger}.
 */
final class ExtentStore {

    /** The root the extent or ledger is bound to. */
    static final String ROOT = "extent";

    private ExtentStore() {
    }

    /** Builds a store of an extent of {@code entries} items, committed and closed, in a new temp directory. */
    static Path build(String prefix, int entries) throws IOException {
        return build(prefix, Extent.of(entries));
    }

    /** Builds a store whose root is {@code root}, committed and closed, in a new temp directory. */
    static Path build(String prefix, Object root) throws IOException {
        Path directory = Files.createTempDirectory(prefix);
        try (ObjectStore building = ObjectStore.open(directory)) {
            building.setRoot(ROOT, root);
            building.commit();
        }
        return directory;
    }
}
