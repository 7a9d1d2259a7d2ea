package org.swizzle.it.crash;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.swizzle.ObjectStore;
import org.swizzle.it.Announcer;
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
     * shares a byte with another or with a table, so that space freed and used again is checked too, and
     * which must not warn of a segment that keeps its table without an object where new objects no longer
     * go: such a table should have been released by the commit that emptied its segment.
     */
    FREES(FreeWorkload.class) {
        @Override
        String digest(Path store) {
            String digest = FreeWorkload.digestOf(store);
            String report = tool("verify", store);
            if (!report.startsWith("0\n") || report.contains("holds no object")) {
                throw new AssertionError("verify finds the store in " + store + " damaged, or keeping the table of"
                    + " an empty segment:\n" + report);
            }
            return digest;
        }

        @Override
        void commitMore(Path store, long seed, int transactions, Announcer out) {
            try (SegmentStore opened = SegmentStore.open(store, StoreConfig.defaults())) {
                new FreeWorkload(opened, seed, false, out).run(transactions);
            }
        }

        /**
         * Fewer tables than segments: the runs emptied whole segments, and the commits that did released their
         * tables (every segment of this workload got one, since it puts every OID it allocates).
         */
        @Override
        String checkRun(Path store) {
            String stats = tool("stats", store);
            Matcher counts = Pattern.compile("segments +(\\d+) segments, (\\d+) tables").matcher(stats);
            if (!counts.find() || Integer.parseInt(counts.group(2)) >= Integer.parseInt(counts.group(1))) {
                throw new AssertionError("no segment of the store in " + store + " was emptied and released:\n"
                    + stats);
            }
            return counts.group(2) + " tables left of " + counts.group(1) + " segments";
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

    /**
     * Checks what the runs so far did to the closed store in {@code store}, beyond its state; returns a summary.
     *
     * @throws AssertionError the runs did not do what this workload is for
     */
    String checkRun(Path store) {
        return "";
    }

    /** Runs the store's tool on the closed store in {@code store}: its exit code on a line, then its report. */
    static String tool(String command, Path store) {
        ByteArrayOutputStream report = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(report, true, StandardCharsets.UTF_8);
        int exit = Tool.run(new String[] {command, store.toString()}, out, out);
        return exit + "\n" + report.toString(StandardCharsets.UTF_8);
    }
}
