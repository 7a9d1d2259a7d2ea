package org.swizzle.store;

import java.nio.file.Path;

import org.swizzle.StoreCorruptedException;

/**
 * Which checkpoint slot a store continues from, given the epoch in its WAL header: the valid slot
 * with the higher sequence {@code s}, provided the WAL follows checkpoint {@code s} (epoch
 * {@code s}) or the one before it (epoch {@code s - 1}: the crash came after the checkpoint wrote
 * its slot and before it reset the WAL, whose blocks are then all in the checkpoint already).
 *
 * <p>An epoch above {@code s} means a later checkpoint completed and its slot has since been
 * damaged; continuing from the older slot would silently lose the commits in between, so that is
 * reported as corruption (an older cluster file put back, when no slot is damaged), as is an epoch
 * below {@code s - 1}, and a WAL that names another store than the checkpoint does: replaying another
 * store's commits would overwrite this one's objects.
 */
final class CheckpointChoice {
    private CheckpointChoice() {
    }

    /** The checkpoint to continue from; {@link StoreCorruptedException} if there is none that is safe. */
    static Checkpoint choose(Path clusterFile, ClusterHeader header, Path walFile, long walEpoch, long walStoreId) {
        Checkpoint newest = null;
        for (int slot = 0; slot < ClusterFileDescriptor.SLOT_COUNT; slot++) {
            Checkpoint candidate = header.slot(slot);
            if (candidate != null && (newest == null || candidate.sequence() > newest.sequence())) {
                newest = candidate;
            }
        }
        if (newest == null) {
            throw new StoreCorruptedException(clusterFile, ClusterHeader.offset(0),
                "neither checkpoint slot is valid: slot 0 " + header.problem(0) + ", slot 1 " + header.problem(1));
        }
        if (newest.storeId() != 0 && walStoreId != 0 && newest.storeId() != walStoreId) {
            throw StoreCorruptedException.ofAnotherStore(walFile, WalDescriptor.STORE_ID_LOW_OFFSET,
                Formats.storeId(walStoreId), clusterFile, Formats.storeId(newest.storeId()));
        }
        long sequence = newest.sequence();
        if (walEpoch > sequence) {
            int other = 1 - newest.slot();
            if (header.problem(other) == null || header.blank(other)) {
                throw new StoreCorruptedException(clusterFile, ClusterHeader.offset(newest.slot()), "the WAL " + walFile
                    + " follows checkpoint " + walEpoch + ", but the newest checkpoint the cluster file holds is "
                    + sequence + " and no slot of it is damaged: the cluster file belongs to an older state of the store"
                    + " (an older copy put back?), and continuing from it would lose the commits in between. Put back"
                    + " the cluster file that goes with this WAL");
            }
            throw new StoreCorruptedException(clusterFile, ClusterHeader.offset(other), "checkpoint slot " + other
                + ' ' + header.problem(other) + ", yet the WAL " + walFile + " follows checkpoint " + walEpoch
                + ", so that slot held a completed checkpoint; the newest valid slot holds checkpoint " + sequence
                + ", and continuing from it would lose the commits in between");
        }
        if (walEpoch < sequence - 1) {
            throw new StoreCorruptedException(walFile, WalDescriptor.EPOCH_OFFSET, "the WAL follows checkpoint "
                + walEpoch + ", but the cluster file " + clusterFile + " holds checkpoint " + sequence
                + "; the WAL belongs to an older state of the store");
        }
        return newest;
    }
}
