package org.swizzle.store;

/**
 * Where the store stands: its last durable commit, its last checkpoint and its allocator. Changed by
 * applying WAL blocks (replayed or just committed) and by checkpoints, which write it to a
 * checkpoint slot of the cluster file header.
 */
final class StoreState {
    /** The last durable commit. */
    long lastCommit;
    /** The sequence of the last checkpoint, the one the WAL follows. */
    long checkpointSequence;
    /** The last commit recorded by that checkpoint. */
    long checkpointedCommit;
    /** The next OID to hand out. */
    long nextOid;
    /** The end of the allocated clusters. */
    long allocatedEnd;
    /** The store's identity ({@link Checkpoint#storeId()}); never 0 in a writable store once it is open. */
    long storeId;

    StoreState(Checkpoint checkpoint) {
        this.lastCommit = checkpoint.lastCommit();
        this.checkpointSequence = checkpoint.sequence();
        this.checkpointedCommit = checkpoint.lastCommit();
        this.nextOid = checkpoint.nextOid();
        this.allocatedEnd = checkpoint.allocatedEnd();
        this.storeId = checkpoint.storeId();
    }

    /** Gives a store created before stores had an id one, which the checkpoint a writable open writes records. */
    void giveIdIfNone() {
        if (storeId == 0) {
            storeId = NewStore.newStoreId();
        }
    }
}
