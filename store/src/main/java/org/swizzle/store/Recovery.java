package org.swizzle.store;

import java.lang.System.Logger.Level;

import org.swizzle.ReadOnlyStoreException;
import org.swizzle.StoreCorruptedException;

/**
 * Brings the files up to date when a store opens: replays the complete WAL blocks that follow the
 * checkpoint, in order; skips blocks the checkpoint already holds (a crash cut short the WAL reset
 * after it); cuts off a torn tail, which is what a crash in the middle of an append leaves; and
 * refuses a log damaged in the middle (see {@link WalScanner}). Replaying is safe whether or not a
 * block was applied before the crash (see {@link WalDescriptor}). It reads the log twice: first to
 * check every block and record and to make the {@link ReplayPlan}, writing nothing, then to replay
 * it. What it did is reported through {@link System.Logger}.
 */
final class Recovery {
    private static final System.Logger LOG = System.getLogger("org.swizzle.store");
    /**
     * What a tail that is not a complete block means: nothing in the log tells a crash's torn append from a file cut
     * short by something else, so the message says both, and what to do in the second case.
     */
    private static final String TORN_TAIL = "They are what an append cut short by the end of the last process leaves,"
        + " whose commit never returned; but a log cut short by something else (a copy or restore that stopped early,"
        + " a tool) leaves them too, and then commits that had returned are lost: if the last process to write the"
        + " store did not crash, restore the store from a copy.";

    private final WriteAheadLog wal;
    private final ClusterFile clusters;
    private final BlockApplier applier;
    private final StoreState state;
    private final boolean readOnly;
    private final ReplayPlan plan;
    private final WalRecords records;
    private int blocksReplayed;
    private int blocksSkipped;
    private long firstCommit;

    /** With {@code readOnly}, writes nothing: refuses a log with blocks to replay, and leaves a torn tail in place. */
    Recovery(WriteAheadLog wal, ClusterFile clusters, BlockApplier applier, StoreState state, boolean readOnly) {
        this.wal = wal;
        this.clusters = clusters;
        this.applier = applier;
        this.state = state;
        this.readOnly = readOnly;
        this.plan = new ReplayPlan(state.allocatedEnd);
        this.records = new WalRecords(wal.file());
    }

    /** Replays the log; returns the number of blocks replayed. */
    int run() {
        WalScanner scanner = new WalScanner(wal::read, wal.size());
        while (scanner.next()) {
            plan(scanner.block(), scanner.offset());
        }
        if (scanner.end() == WalScanner.End.DAMAGED) {
            throw StoreCorruptedException.damagedWalBlock(wal.file(), scanner.offset(), scanner.endProblem());
        }
        if (plan.blocks() > 0) {
            clusters.ensureCapacity(plan.allocatedEnd());
            replay();
        }
        if (scanner.end() == WalScanner.End.TORN) {
            cutTornTail(scanner.offset(), scanner.endProblem());
        } else {
            wal.endAt(scanner.offset());
        }
        report();
        return blocksReplayed;
    }

    /** Checks the block at {@code offset} and adds it to the plan, or counts it as already checkpointed. */
    private void plan(LittleEndianBuffer block, long offset) {
        WalDescriptor.checkVersion(wal.file(), offset, block);
        long epoch = WalDescriptor.blockEpoch(block);
        long commit = WalDescriptor.commitNumber(block);
        if (epoch < state.checkpointSequence && plan.blocks() == 0) {
            blocksSkipped++;
            return;
        }
        if (epoch != state.checkpointSequence) {
            throw new StoreCorruptedException(wal.file(), offset + WalDescriptor.BLOCK_EPOCH_OFFSET, "the block of commit "
                + commit + " follows checkpoint " + epoch + ", but the store continues from checkpoint "
                + state.checkpointSequence + (plan.blocks() > 0 ? ", after " + plan.blocks() + " blocks that follow it" : ""));
        }
        long last = plan.blocks() > 0 ? plan.lastCommit() : state.lastCommit;
        if (commit <= last) {
            throw new StoreCorruptedException(wal.file(), offset + WalDescriptor.COMMIT_NUMBER_OFFSET, "the block of commit "
                + commit + " follows commit " + last);
        }
        if (readOnly) {
            throw new ReadOnlyStoreException("The store in " + wal.file().getParent() + " was opened read-only, but its"
                + " log " + wal.file() + " holds commits that are not applied yet (from commit " + commit + " at offset "
                + offset + "): the last process to write the store did not close it. Replaying them writes, so open the"
                + " store writable once (that replays them), then read-only. The store's Tool verify checks it as it is,"
                + " without writing.");
        }
        plan.add(commit, records.reset(block, offset));
    }

    /** Reads the log again and applies the blocks of the plan, which follow those skipped. */
    private void replay() {
        WalScanner scanner = new WalScanner(wal::read, wal.size());
        for (int i = 0; i < blocksSkipped + plan.blocks() && scanner.next(); i++) {
            if (i < blocksSkipped) {
                continue;
            }
            long commit = WalDescriptor.commitNumber(scanner.block());
            applier.replay(scanner.block(), scanner.offset(), plan);
            if (blocksReplayed == 0) {
                firstCommit = commit;
            }
            blocksReplayed++;
            state.lastCommit = commit;
        }
    }

    private void cutTornTail(long offset, String problem) {
        long size = wal.size();
        if (readOnly) {
            LOG.log(Level.WARNING, () -> "Left " + (size - offset) + " bytes at offset " + offset + " of " + wal.file()
                + " in place, which are not a complete block (" + problem + "): a read-only open writes nothing; the"
                + " next writable open cuts them off. " + TORN_TAIL);
            return;
        }
        wal.truncate(offset);
        LOG.log(Level.WARNING, () -> "Truncated " + wal.file() + " at offset " + offset + ": dropped "
            + (size - offset) + " bytes that are not a complete block (" + problem + "). " + TORN_TAIL
            + " The last commit kept is " + state.lastCommit + '.');
    }

    private void report() {
        if (blocksSkipped > 0) {
            LOG.log(Level.INFO, () -> "Skipped " + blocksSkipped + " blocks of " + wal.file() + " that checkpoint "
                + state.checkpointSequence + " already holds (a checkpoint was cut short before it reset the WAL: its"
                + " process ended, or the reset failed)");
        }
        if (blocksReplayed > 0) {
            LOG.log(Level.INFO, () -> "Recovered " + wal.file() + ": replayed " + blocksReplayed
                + " WAL blocks, commits " + firstCommit + " to " + state.lastCommit);
        }
    }
}
