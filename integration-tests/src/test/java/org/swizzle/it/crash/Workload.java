package org.swizzle.it.crash;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import org.swizzle.ObjectStore;
import org.swizzle.store.SegmentStore;
import org.swizzle.store.StoreConfig;
import org.swizzle.store.Tool;

/**
 * What the children of the crash tests run, and how the test JVM reads back the state a kill left:
 * both workloads take the same arguments and print the same protocol lines (see {@link CrashWorkload}).
 */
enum Workload {
    /** Persistent objects through {@link ObjectStore}: {@link CrashWorkload}. */
    GRAPH(CrashWorkload.class) {
        @Override
        String digest(Path store) {
            try (ObjectStore opened = ObjectStore.open(store)) {
                return StateDigest.of(GraphReader.read(opened.root(CrashWorkload.ROOT, CrashRoot.class)));
            }
        }

        @Override
        void commitMore(Path store, long seed, int transactions, Announcer out) {
            try (ObjectStore opened = ObjectStore.open(store)) {
                new CrashWorkload(opened, seed, false, out).run(transactions);
            }
        }
    },

    /**
     * Stored objects created, changed and freed through {@link SegmentStore}: {@link FreeWorkload}. Reading a
     * store back also runs the store's {@code verify} on it once it is closed, which fails if a live object
     * shares a byte with another or with a table, so that space freed and used again is checked too.
     */
    FREES(FreeWorkload.class) {
        @Override
        String digest(Path store) {
            String digest = FreeWorkload.digestOf(store);
            ByteArrayOutputStream report = new ByteArrayOutputStream();
            PrintStream out = new PrintStream(report, true, StandardCharsets.UTF_8);
            if (Tool.run(new String[] {"verify", store.toString()}, out, out) != 0) {
                throw new AssertionError("verify finds the store in " + store + " damaged:\n"
                    + report.toString(StandardCharsets.UTF_8));
            }
            return digest;
        }

        @Override
        void commitMore(Path store, long seed, int transactions, Announcer out) {
            try (SegmentStore opened = SegmentStore.open(store, StoreConfig.defaults())) {
                new FreeWorkload(opened, seed, false, out).run(transactions);
            }
        }
    };

    private final Class<?> main;

    Workload(Class<?> main) {
        this.main = main;
    }

    /** The child's main class. */
    Class<?> main() {
        return main;
    }

    /** The digest of the state of the store in {@code store}, opened and closed in this JVM. */
    abstract String digest(Path store);

    /** Opens the store in this JVM, runs {@code transactions} more transactions of the workload on it, and closes it. */
    abstract void commitMore(Path store, long seed, int transactions, Announcer out);
}
