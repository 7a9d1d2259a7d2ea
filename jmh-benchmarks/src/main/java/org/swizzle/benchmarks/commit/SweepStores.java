package org.swizzle.benchmarks.commit;

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
 * The commit sweep's stores on disk: one master store of {@code n} {@link SweepItem}s per size and
 * build of the benchmarks, in {@code jmh-benchmarks/target/sweep-cache} ({@code -Dswizzle.bench.cache=DIR}
 * moves it), so that every fork opens a fresh copy of the same bytes. {@code run.sh} builds them first
 * with {@link #main}, so no fork spends its time or warms its JIT doing so; a fork builds a missing one.
 * The master's name carries the size and time of the benchmarks jar, so a store written by another
 * build (another store format) is never reused.
 *
 * <pre>
 * java -javaagent:agent/target/swizzle-agent-0.1.0-SNAPSHOT.jar -cp jmh-benchmarks/target/benchmarks.jar \
 *     org.swizzle.benchmarks.commit.SweepStores 1000 10000 100000
 * </pre>
 */
public final class SweepStores {

    static final String ROOT = "sweep";

    private SweepStores() {
    }

    public static void main(String[] args) {
        for (String size : args) {
            System.out.println("# " + size + " items: " + master(Integer.parseInt(size)));
        }
    }

    /** The master store of {@code items} items, built if absent. */
    static Path master(int items) {
        Path cache = Path.of(System.getProperty("swizzle.bench.cache", "jmh-benchmarks/target/sweep-cache"));
        Path master = cache.resolve("sweep-" + items + "-" + build()).toAbsolutePath();
        if (Files.isDirectory(master)) {
            return master;
        }
        try {
            Files.createDirectories(master.getParent());
            Path building = Files.createTempDirectory(master.getParent(), master.getFileName() + ".building-");
            try (ObjectStore store = ObjectStore.open(building)) {
                store.setRoot(ROOT, list(items));
                store.commit();
            }
            deleteOlderBuilds(master);
            try {
                Files.move(building, master, StandardCopyOption.ATOMIC_MOVE);
            } catch (FileAlreadyExistsException | AtomicMoveNotSupportedException e) {
                Directories.delete(building);
            }
            return master;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot build the sweep store of " + items + " items in " + master, e);
        }
    }

    /** A transient list of {@code items} items, ids 0 to {@code items - 1}; returns its head. */
    private static SweepItem list(int items) {
        SweepItem head = null;
        for (int id = items - 1; id >= 0; id--) {
            SweepItem item = new SweepItem();
            item.id = id;
            item.stamp = id * 31L;
            item.next = head;
            head = item;
        }
        return head;
    }

    /** Walks the list of {@code store} from its head, faulting every item in; returns them by id. */
    static SweepItem[] faultIn(ObjectStore store, int items) {
        SweepItem[] all = new SweepItem[items];
        int count = 0;
        for (SweepItem item = store.root(ROOT, SweepItem.class); item != null; item = item.next) {
            if (count == items || item.id != count) {
                throw new IllegalStateException("the sweep store " + store.directory() + " does not hold items 0 to "
                    + (items - 1) + " in order: item " + item.id + " at " + count);
            }
            all[count++] = item;
        }
        if (count != items) {
            throw new IllegalStateException("the sweep store " + store.directory() + " holds " + count + " items, not " + items);
        }
        return all;
    }

    /** Deletes the masters of the same size written by other builds of the benchmarks. */
    private static void deleteOlderBuilds(Path master) throws IOException {
        String name = master.getFileName().toString();
        String prefix = name.substring(0, name.lastIndexOf('-') + 1);
        try (Stream<Path> siblings = Files.list(master.getParent())) {
            for (Path old : (Iterable<Path>) siblings::iterator) {
                String oldName = old.getFileName().toString();
                if (oldName.startsWith(prefix) && !oldName.contains(".building-") && !old.equals(master)) {
                    Directories.delete(old);
                }
            }
        }
    }

    private static String build() {
        try {
            File code = new File(SweepItem.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return Long.toHexString(code.length() * 31 + code.lastModified());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A fresh copy of {@code master} in the temp directory. */
    static Path copy(Path master) {
        return Directories.copy(master, "swizzle-sweep-");
    }
}
