package org.swizzle.internal.tool;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.swizzle.ObjectStore;
import org.swizzle.StoreOptions;
import org.swizzle.StoreStats;

/**
 * {@code collect DIR}: opens the store (for writing: it takes the store's lock) and frees the stored objects and
 * collections that no root reaches, as {@link ObjectStore#collectGarbage()} does, then prints what it freed. No class
 * of the application is needed: the collector follows stored references in the stored bytes.
 */
final class CollectCommand {

    private CollectCommand() {
    }

    static void run(Path directory, PrintStream out) {
        try (ObjectStore store = ObjectStore.open(directory, StoreOptions.builder().createIfMissing(false).build())) {
            store.collectGarbage();
            StoreStats stats = store.stats();
            out.println("collected      " + stats.objectsCollected() + " objects and collections, " + stats.bytesCollected() + " bytes");
            out.println("kept           " + stats.liveBytes() + " bytes");
            out.println("store          " + stats.storeBytes() + " bytes, " + stats.freeBytes() + " free for reuse");
            out.println("took           " + TimeUnit.NANOSECONDS.toMillis(stats.lastCollectionNanos()) + " ms, longest step "
                + TimeUnit.NANOSECONDS.toMillis(stats.longestCollectionStepNanos()) + " ms");
        }
    }
}
