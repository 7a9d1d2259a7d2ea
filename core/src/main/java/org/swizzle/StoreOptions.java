package org.swizzle;

import java.util.Objects;
import java.util.Set;

/**
 * How a store is opened: durability of commits, the resident-object budget, the size of a cluster
 * (physical segment), whether a missing store may be created, whether the store is opened
 * read-only, and whether it is confined to one thread. Immutable; made with {@link #builder()}.
 *
 * <pre>{@code
 * StoreOptions options = StoreOptions.builder().residentBudget(100_000).build();
 * }</pre>
 */
public final class StoreOptions {

    /** When a commit is durable. */
    public enum Durability {
        /** {@code commit()} forces the log to disk before it returns: a commit that returned survives a power loss. */
        SYNC,
        /** {@code commit()} leaves flushing to the operating system: survives the process dying, not the machine. */
        NO_SYNC
    }

    /** The smallest cluster size, 16 KiB. */
    public static final int MIN_CLUSTER_SIZE = org.swizzle.store.StoreConfig.MIN_CLUSTER_SIZE;
    /** The largest cluster size, 16 MiB. */
    public static final int MAX_CLUSTER_SIZE = 1 << 24;

    private static final StoreOptions DEFAULTS = builder().build();

    private final Durability durability;
    private final long residentBudget;
    private final int clusterSize;
    private final long checkpointLogBytes;
    private final Set<String> dropMissingClasses;
    private final boolean createIfMissing;
    private final boolean readOnly;
    private final boolean confined;
    private final boolean automaticCollection;

    private StoreOptions(Builder builder) {
        this.durability = builder.durability;
        this.residentBudget = builder.residentBudget;
        this.clusterSize = builder.clusterSize;
        this.checkpointLogBytes = builder.checkpointLogBytes;
        this.dropMissingClasses = builder.dropMissingClasses;
        this.createIfMissing = builder.createIfMissing;
        this.readOnly = builder.readOnly;
        this.confined = builder.confined;
        this.automaticCollection = builder.automaticCollection;
    }

    public static StoreOptions defaults() {
        return DEFAULTS;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        return new Builder().durability(durability).residentBudget(residentBudget)
            .clusterSize(clusterSize).checkpointLogBytes(checkpointLogBytes).dropMissingClasses(dropMissingClasses)
            .createIfMissing(createIfMissing).readOnly(readOnly).confined(confined)
            .automaticCollection(automaticCollection);
    }

    public Durability durability() {
        return durability;
    }

    /**
     * The most objects kept resident; past it, clean objects are turned back into hollow ones by every
     * commit and abort, and by faults too in a {@link #confined()} store.
     */
    public long residentBudget() {
        return residentBudget;
    }

    /** Bytes per cluster (physical segment) of the store file; used when the store is created. */
    public int clusterSize() {
        return clusterSize;
    }

    /**
     * Log size past which a commit is followed by a checkpoint; also the space that the old places of resized
     * objects may hold, unreused until a checkpoint, before a commit checkpoints.
     */
    public long checkpointLogBytes() {
        return checkpointLogBytes;
    }

    /** Classes, by binary name, whose stored objects are dropped when the class is missing from the class path. */
    public Set<String> dropMissingClasses() {
        return dropMissingClasses;
    }

    /** Whether opening a directory that is missing or holds no store creates one there. */
    public boolean createIfMissing() {
        return createIfMissing;
    }

    /** Whether the store is opened without writing anything, and refuses commits. */
    public boolean readOnly() {
        return readOnly;
    }

    /** Whether only the thread that opens the store uses it and its objects, so that faults may re-hollow objects. */
    public boolean confined() {
        return confined;
    }

    /** Whether the store collects garbage by itself, on a thread of its own, as its used bytes grow. */
    public boolean automaticCollection() {
        return automaticCollection;
    }

    @Override
    public String toString() {
        return "StoreOptions{durability=" + durability + ", residentBudget=" + residentBudget
            + ", clusterSize=" + clusterSize + ", checkpointLogBytes=" + checkpointLogBytes
            + ", dropMissingClasses=" + dropMissingClasses
            + ", createIfMissing=" + createIfMissing + ", readOnly=" + readOnly + ", confined=" + confined
            + ", automaticCollection=" + automaticCollection + '}';
    }

    /** Builds {@link StoreOptions}; every setting has a default. */
    public static final class Builder {
        private Durability durability = Durability.SYNC;
        private long residentBudget = Long.MAX_VALUE;
        private int clusterSize = 64 * 1024;
        private long checkpointLogBytes = 64L * 1024 * 1024;
        private Set<String> dropMissingClasses = Set.of();
        private boolean createIfMissing = true;
        private boolean readOnly;
        private boolean confined;
        private boolean automaticCollection;

        private Builder() {
        }

        public Builder durability(Durability durability) {
            this.durability = Objects.requireNonNull(durability, "durability");
            return this;
        }

        /**
         * At least 1,000 objects; {@code Long.MAX_VALUE} (the default) means no budget. Commits and aborts
         * re-hollow clean objects past the budget; so do faults when the store is {@link #confined}.
         */
        public Builder residentBudget(long objects) {
            if (objects < 1_000) {
                throw new InvalidOptionException("residentBudget=" + objects + " is below the minimum of 1,000 objects; give"
                    + " at least 1,000, or Long.MAX_VALUE (the default) for no budget");
            }
            this.residentBudget = objects;
            return this;
        }

        /**
         * A power of two from 16 KiB ({@link #MIN_CLUSTER_SIZE}) to 16 MiB ({@link #MAX_CLUSTER_SIZE}); default 64 KiB.
         * Used when the store is created; an existing store keeps its own.
         */
        public Builder clusterSize(int bytes) {
            if (Integer.bitCount(bytes) != 1 || bytes < MIN_CLUSTER_SIZE || bytes > MAX_CLUSTER_SIZE) {
                throw new InvalidOptionException("clusterSize=" + bytes + " must be a power of two from "
                    + MIN_CLUSTER_SIZE + " to " + MAX_CLUSTER_SIZE + " bytes");
            }
            this.clusterSize = bytes;
            return this;
        }

        /** At least 1 MiB; default 64 MiB. */
        public Builder checkpointLogBytes(long bytes) {
            if (bytes < 1 << 20) {
                throw new InvalidOptionException("checkpointLogBytes=" + bytes + " is below the minimum of 1 MiB (1048576 bytes)");
            }
            this.checkpointLogBytes = bytes;
            return this;
        }

        /**
         * Classes (binary names) removed from the class path whose stored objects are to be dropped
         * rather than refused: references to them read as {@code null} (and are stored as {@code null}
         * when the object holding one is committed, unless the reference is kept unswizzled under
         * {@code swizzle=edge} or {@code none}), and the first use of each such class logs a warning naming it. A
         * class that is found, under its name or a {@link org.swizzle.PreviousNames}, is not dropped.
         * Default: none, so a missing class raises {@link IncompatibleSchemaException}.
         */
        public Builder dropMissingClasses(Set<String> classNames) {
            this.dropMissingClasses = Set.copyOf(Objects.requireNonNull(classNames, "classNames"));
            return this;
        }

        /**
         * Whether opening a directory that is missing, or empty, creates a new store there; default
         * {@code true}. With {@code false}, such an open raises {@link NotAStoreException}. A
         * directory holding other files is never made a store, nor are the remains of a store that
         * lost a file (that is {@link StoreCorruptedException}).
         */
        public Builder createIfMissing(boolean create) {
            this.createIfMissing = create;
            return this;
        }

        /**
         * Whether the store is opened read-only; default {@code false}. A read-only open writes
         * nothing to the store: it takes a shared lock on the lock file if there is one (none on a
         * copy without one), refuses a store whose log holds commits not applied yet (open it writable
         * once), never creates a store, and {@code commit()} raises {@link ReadOnlyStoreException}.
         */
        public Builder readOnly(boolean readOnly) {
            this.readOnly = readOnly;
            return this;
        }

        /**
         * Whether only the thread that opens the store uses it and its objects; default {@code false}.
         * Re-hollowing clears an object's fields, which is safe only where no other thread can be reading
         * them: in a shared store, only commits and aborts (which no other thread may overlap) re-hollow
         * objects for the {@link #residentBudget budget}, so between them the objects faulted stay resident.
         * In a confined store, faults re-hollow too, keeping the budget as a single-threaded application
         * reads (except under the agent's {@code checks=entry}, where a method may be running on the object).
         * Any other thread that calls the store or faults one of its objects gets
         * {@link StoreConfinedException}; {@code close()} and {@code stats()} are allowed from any thread. A
         * thread that only reads resident objects is not noticed: confinement is the application's promise.
         */
        public Builder confined(boolean confined) {
            this.confined = confined;
            return this;
        }

        /**
         * Whether the store runs {@link ObjectStore#collectGarbage() collection cycles} by itself; default
         * {@code false}. A cycle starts after a commit once the bytes the store's objects take reach twice what
         * the last cycle kept of the objects that existed when it started (and at least 4 MiB more), and runs on
         * a daemon thread of the store in the same bounded steps as {@code collectGarbage()}: commits go on
         * between them, their numbers then advance by the collection's own commits too, and the store settles at
         * about twice its live bytes, plus what the application made garbage while a cycle ran. What the
         * application drops is freed once the JVM's garbage collector has released its Java instances.
         * Objects reachable only through an {@link ObjectStore#index index} are garbage, as for
         * {@code collectGarbage()}. If a cycle fails (an I/O error, a damaged object), automatic collection
         * stops and the next {@code commit()} throws the failure, committing nothing. A read-only store
         * collects nothing.
         */
        public Builder automaticCollection(boolean automatic) {
            this.automaticCollection = automatic;
            return this;
        }

        public StoreOptions build() {
            return new StoreOptions(this);
        }
    }
}
