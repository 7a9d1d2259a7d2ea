package org.swizzle.store;

/**
 * The store's state as of one checkpoint, kept in a checkpoint slot of the cluster file header (see
 * {@link ClusterFileDescriptor}): everything the WAL replays on top of.
 *
 * @param sequence     numbers checkpoints from 0 (the new store); slot {@code sequence % 2} holds it,
 *                     and the WAL header names the sequence its blocks follow
 * @param lastCommit   the last commit whose effects are in the cluster file
 * @param nextOid      the allocator's next OID
 * @param allocatedEnd the end of the allocated clusters, a multiple of the cluster size
 * @param segments     the number of segment directory entries, forced with this checkpoint
 * @param storeId      the store's identity, random and chosen when it was created, which its WAL header
 *                     names too, so that a log from another store is refused; 0 in a store created before
 *                     stores had one, until its first checkpoint
 */
record Checkpoint(long sequence, long lastCommit, long nextOid, long allocatedEnd, long segments, long storeId) {
    /** The slot this checkpoint is written to. */
    int slot() {
        return (int) (sequence % ClusterFileDescriptor.SLOT_COUNT);
    }
}
