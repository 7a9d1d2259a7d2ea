package org.swizzle.benchmarks.oo1;

import java.nio.file.Path;

import org.swizzle.ObjectStore;
import org.swizzle.StoreOptions;
import org.swizzle.benchmarks.oo1.peers.ChronicleMapDatabase;
import org.swizzle.benchmarks.oo1.peers.EclipseStoreDatabase;
import org.swizzle.benchmarks.oo1.peers.H2Database;
import org.swizzle.internal.Enhancement;
import org.swizzle.samples.oo1.OO1Graph;
import org.swizzle.samples.oo1.PartIndex;

/** The systems a benchmark fork can run OO1 on, and how each builds and opens its files. *
 * <p>Part of the OO1 benchmarks; run them with {@code jmh-benchmarks/run.sh [smoke|quick|full]} from the
 * repository root (see {@code jmh-benchmarks/README.md}).
 */
public enum Engine {
    /** The sample's classes on the heap, no agent, no files: the limit for hot work. */
    JAVA,
    /** Swizzle with the agent options of the fork, commits forced to disk (the default). */
    SWIZZLE,
    /** Swizzle with {@code Durability.NO_SYNC}: commits reach the OS, as EclipseStore's do. */
    SWIZZLE_NO_SYNC,
    /**
     * Swizzle confined to one thread, with a resident budget of one object per four parts (the database holds four per
     * part), for a fork whose heap is smaller than the database: faults re-hollow what the work no longer touches.
     */
    SWIZZLE_SMALL_HEAP,
    /** H2 MVStore, an {@code MVMap<Integer, byte[]>}, commit and sync. */
    H2,
    /** EclipseStore embedded storage with lazy references. */
    ECLIPSE_STORE,
    /** Chronicle Map of part bytes, msync at commit. */
    CHRONICLE_MAP;

    private static final String ROOT = "oo1";

    /** Whether the engine keeps files (all but {@link #JAVA}). */
    public boolean hasFiles() {
        return this != JAVA;
    }

    /** The name of the engine's master copy in the cache: the Swizzle engines share theirs. */
    String fileFormat() {
        switch (this) {
            case SWIZZLE:
            case SWIZZLE_NO_SYNC:
            case SWIZZLE_SMALL_HEAP:
                return "swizzle-" + SwizzleFingerprint.current();
            default:
                return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        }
    }

    /** Writes {@code data} as a new database into the empty directory {@code dir}. */
    void create(Path dir, OO1Data data) {
        switch (this) {
            case SWIZZLE:
            case SWIZZLE_NO_SYNC:
            case SWIZZLE_SMALL_HEAP:
                requireAgent();
                try (ObjectStore store = ObjectStore.open(dir)) {
                    store.setRoot(ROOT, OO1Graph.build(data));
                    store.commit();
                }
                break;
            case H2:
                H2Database.create(dir, data);
                break;
            case ECLIPSE_STORE:
                EclipseStoreDatabase.create(dir, data);
                break;
            case CHRONICLE_MAP:
                ChronicleMapDatabase.create(dir, data);
                break;
            default:
                throw new IllegalStateException(this + " keeps no files");
        }
    }

    /** Opens the database in {@code dir} (for {@link #JAVA}: builds it on the heap from {@code data}). */
    OO1Database open(Path dir, OO1Data data) {
        switch (this) {
            case JAVA:
                return new HeapDatabase(null, OO1Graph.build(data));
            case SWIZZLE:
            case SWIZZLE_NO_SYNC:
            case SWIZZLE_SMALL_HEAP:
                requireAgent();
                StoreOptions.Builder builder = StoreOptions.builder()
                    .durability(this == SWIZZLE_NO_SYNC ? StoreOptions.Durability.NO_SYNC : StoreOptions.Durability.SYNC);
                if (this == SWIZZLE_SMALL_HEAP) {
                    // confined: faults re-hollow too, not only commits (the benchmark's one thread is the store's)
                    builder.residentBudget(Math.max(1_000, data.count / 4)).confined(true);
                }
                StoreOptions options = builder.build();
                ObjectStore store = ObjectStore.open(dir, options);
                return new HeapDatabase(store, store.root(ROOT, PartIndex.class));
            case H2:
                return H2Database.open(dir);
            case ECLIPSE_STORE:
                return EclipseStoreDatabase.open(dir);
            case CHRONICLE_MAP:
                return ChronicleMapDatabase.open(dir, data.count);
            default:
                throw new IllegalStateException("Unknown engine " + this);
        }
    }

    private static void requireAgent() {
        if (!Enhancement.isAgentInstalled()) {
            throw new IllegalStateException("The Swizzle engine needs the agent: run the benchmark's Swizzle* fork,"
                + " from the repository root, so that -javaagent:" + Forks.AGENT_JAR + " resolves");
        }
    }
}
