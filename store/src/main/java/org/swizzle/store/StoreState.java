package org.swizzle.store;

/**
 * Where the store stands: its last durable commit and its allocator. Changed by applying WAL blocks
 * (replayed or just committed) and by checkpoints; written to the cluster file header.
 */
final class StoreState {
    /** The last durable commit. */
    long lastCommit;
    /** The last commit recorded in the cluster file header by a checkpoint. */
    long checkpointedCommit;
    /** The next OID to hand out, before the open-segment rule of {@link ClusterLayout#nextNewOid}. */
    long nextOid;
    /** The file offset of the next free byte of the cluster file. */
    long nextFree;

    StoreState(ClusterHeader header) {
        this.lastCommit = header.lastCommit();
        this.checkpointedCommit = header.lastCommit();
        this.nextOid = header.nextOid();
        this.nextFree = header.nextFree();
    }
}
