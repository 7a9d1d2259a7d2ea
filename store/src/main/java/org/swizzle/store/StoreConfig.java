package org.swizzle.store;

import org.agrona.BitUtil;

/**
 * The tuning of a {@link SegmentStore}: how big its clusters are, whether a commit waits for the
 * disk, how much log may pile up before a checkpoint, whether a missing store may be created,
 * whether the store is opened read-only, and whether a read-only open logs the damage it goes past. Immutable.
 */
public final class StoreConfig {
    /** The smallest cluster: room for the header page, one segment table and a few objects. */
    public static final int MIN_CLUSTER_SIZE = 4 * ClusterFileDescriptor.PAGE_SIZE;
    public static final int DEFAULT_CLUSTER_SIZE = 64 * 1024;
    public static final long DEFAULT_CHECKPOINT_WAL_BYTES = 64L * 1024 * 1024;
    /** The cluster file is mapped in regions of this size; regions are never larger than 1 GiB. */
    static final int DEFAULT_REGION_SIZE = 64 * 1024 * 1024;
    private static final int MAX_REGION_SIZE = 1 << 30;

    private final int clusterSize;
    private final boolean syncOnCommit;
    private final long checkpointWalBytes;
    private final int regionSize;
    private final boolean createIfMissing;
    private final boolean readOnly;
    private final boolean logsDamage;

    /**
     * @param clusterSize        bytes per cluster for a new store, a power of two from
     *                           {@link #MIN_CLUSTER_SIZE} to 64 MiB; an existing store keeps the
     *                           size it was created with
     * @param syncOnCommit       {@code true}: {@code commit} returns after {@code FileChannel.force},
     *                           so a commit survives a power failure; {@code false}: it survives
     *                           the death of the process only
     * @param checkpointWalBytes a commit that leaves the WAL longer than this checkpoints, as does one that leaves
     *                           more bytes held until a checkpoint (the old places of resized objects logged as
     *                           SPLICE records) than the bytes in use, at least 2 MiB, at most this
     */
    public StoreConfig(int clusterSize, boolean syncOnCommit, long checkpointWalBytes) {
        this(clusterSize, syncOnCommit, checkpointWalBytes, DEFAULT_REGION_SIZE);
    }

    /** With a mapped region size other than 64 MiB, for tests of objects spanning regions. */
    StoreConfig(int clusterSize, boolean syncOnCommit, long checkpointWalBytes, int regionSize) {
        this(clusterSize, syncOnCommit, checkpointWalBytes, regionSize, true, false, true);
    }

    private StoreConfig(int clusterSize, boolean syncOnCommit, long checkpointWalBytes, int regionSize,
        boolean createIfMissing, boolean readOnly, boolean logsDamage) {
        if (!BitUtil.isPowerOfTwo(clusterSize) || clusterSize < MIN_CLUSTER_SIZE || clusterSize > DEFAULT_REGION_SIZE) {
            throw new IllegalArgumentException("clusterSize must be a power of two from " + MIN_CLUSTER_SIZE
                + " to " + DEFAULT_REGION_SIZE + ", found " + clusterSize);
        }
        if (checkpointWalBytes <= 0) {
            throw new IllegalArgumentException("checkpointWalBytes must be positive, found " + checkpointWalBytes);
        }
        if (!BitUtil.isPowerOfTwo(regionSize) || regionSize < clusterSize || regionSize > MAX_REGION_SIZE) {
            throw new IllegalArgumentException("regionSize must be a power of two from clusterSize " + clusterSize
                + " to " + MAX_REGION_SIZE + ", found " + regionSize);
        }
        this.clusterSize = clusterSize;
        this.syncOnCommit = syncOnCommit;
        this.checkpointWalBytes = checkpointWalBytes;
        this.regionSize = regionSize;
        this.createIfMissing = createIfMissing;
        this.readOnly = readOnly;
        this.logsDamage = logsDamage;
    }

    /**
     * This configuration, creating a missing store ({@code true}, the default) or not: then opening
     * a directory that is missing or holds no store raises {@link org.swizzle.NotAStoreException}.
     */
    public StoreConfig withCreateIfMissing(boolean create) {
        return new StoreConfig(clusterSize, syncOnCommit, checkpointWalBytes, regionSize, create, readOnly, logsDamage);
    }

    /**
     * This configuration, opening the store read-only ({@code true}) or for writing ({@code false},
     * the default). A read-only open writes nothing: see {@link SegmentStore}.
     */
    public StoreConfig withReadOnly(boolean readOnly) {
        return new StoreConfig(clusterSize, syncOnCommit, checkpointWalBytes, regionSize, createIfMissing, readOnly,
            logsDamage);
    }

    /**
     * This configuration, with a read-only open that goes past damaged object table entries logging a WARNING that
     * names them ({@code true}, the default), or leaving that to the caller, which reports
     * {@link SegmentStore#damageFound()} itself (the tool, whose report would otherwise be printed twice).
     */
    public StoreConfig withDamageLogged(boolean logged) {
        return new StoreConfig(clusterSize, syncOnCommit, checkpointWalBytes, regionSize, createIfMissing, readOnly, logged);
    }

    /** 64 KiB clusters, sync on commit, checkpoint when the WAL passes 64 MiB. */
    public static StoreConfig defaults() {
        return new StoreConfig(DEFAULT_CLUSTER_SIZE, true, DEFAULT_CHECKPOINT_WAL_BYTES);
    }

    public int clusterSize() {
        return clusterSize;
    }

    public boolean syncOnCommit() {
        return syncOnCommit;
    }

    public long checkpointWalBytes() {
        return checkpointWalBytes;
    }

    int regionSize() {
        return regionSize;
    }

    public boolean createIfMissing() {
        return createIfMissing;
    }

    public boolean readOnly() {
        return readOnly;
    }

    public boolean logsDamage() {
        return logsDamage;
    }

    @Override
    public String toString() {
        return "StoreConfig{clusterSize=" + clusterSize + ", syncOnCommit=" + syncOnCommit
            + ", checkpointWalBytes=" + checkpointWalBytes + ", regionSize=" + regionSize
            + ", createIfMissing=" + createIfMissing + ", readOnly=" + readOnly + '}';
    }
}
