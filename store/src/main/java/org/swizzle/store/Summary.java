package org.swizzle.store;

import java.io.PrintStream;

/** The lines the tool's commands share: what the files are, and the free space between what they hold. */
final class Summary {
    /**
     * What a sweep of the used extents found.
     *
     * @param tail the bytes of the whole free clusters that end the allocated ones
     */
    record Space(long extents, long bytes, long largest, long overlaps, long tail) {
    }

    private Summary() {
    }

    /** {@code n} and the noun, plural unless {@code n} is 1. */
    static String count(long n, String noun) {
        return count(n, noun, noun + 's');
    }

    static String count(long n, String noun, String plural) {
        return n + " " + (n == 1 ? noun : plural);
    }

    static void files(StoreInspection store, PrintStream out) {
        Checkpoint checkpoint = store.checkpoint;
        int clusterSize = store.layout.clusterSize();
        out.println("cluster file   " + store.clusterFile.getFileName() + ": " + store.clusterFileLength + " bytes, format "
            + ClusterFileDescriptor.FORMAT_VERSION + ", " + clusterSize + "-byte clusters, " + store.allocatedEnd / clusterSize
            + " allocated (" + store.allocatedEnd + " bytes)");
        int other = 1 - checkpoint.slot();
        Checkpoint previous = store.header.slot(other);
        out.println("checkpoint     " + checkpoint.sequence() + " in slot " + checkpoint.slot() + ", last commit "
            + checkpoint.lastCommit() + "; slot " + other + ": " + (previous != null ? "checkpoint " + previous.sequence()
                : store.header.problem(other)) + "; store id " + (checkpoint.storeId() != 0
                ? Formats.storeId(checkpoint.storeId()) : "none yet (given at the next writable open)"));
        int created = store.segmentCount() - (int) checkpoint.segments();
        out.println("directory      " + store.segmentFile.getFileName() + ": " + store.segmentFileLength + " bytes, "
            + count(store.segmentCount(), "segment") + (created > 0 ? " (" + created + " created by pending blocks)" : ""));
        boolean zeroTail = store.walEnd == WalScanner.End.CLEAN && store.walEndOffset < store.walSize;
        out.println("WAL            " + store.walFile.getFileName() + ": " + store.walSize + " bytes"
            + (zeroTail ? " (the log ends at " + store.walEndOffset + ", zeros follow)" : "") + ", follows checkpoint "
            + store.walEpoch + ", " + pending(store) + (store.staleBlocks > 0 ? ", "
                + count(store.staleBlocks, "block") + " that the checkpoint already holds" : ""));
        out.println("last commit    " + store.lastCommit + (store.pending.isEmpty() ? "" : " once pending blocks are replayed"));
    }

    private static String pending(StoreInspection store) {
        if (store.pending.isEmpty()) {
            return "no blocks pending replay";
        }
        long bytes = 0;
        for (StoreInspection.PendingBlock block : store.pending) {
            bytes += block.length();
        }
        return count(store.pending.size(), "block") + " pending replay (commits " + store.pending.get(0).commit() + " to "
            + store.pending.get(store.pending.size() - 1).commit() + ", " + bytes + " bytes; the next open replays them)";
    }

    /** Sweeps {@code used}, reporting overlaps as problems. */
    static Space sweep(StoreInspection store, UsedExtents used) {
        SpaceTally tally = new SpaceTally(store);
        used.sweep(store.allocatedEnd, tally);
        return new Space(tally.extents, tally.bytes, tally.largest, tally.overlaps, tally.tail);
    }

    /** Counts free extents as {@link FreeSpace} keeps them, split at cluster boundaries. */
    private static final class SpaceTally implements UsedExtents.Listener {
        private final StoreInspection store;
        long extents;
        long bytes;
        long largest;
        long overlaps;
        long tail;

        SpaceTally(StoreInspection store) {
            this.store = store;
        }

        @Override
        public void free(long start, long end) {
            if (end == store.allocatedEnd) {
                tail = end - Math.min(end, store.layout.clusterEnd(start - 1));
            }
            for (long at = start; at < end; ) {
                long pieceEnd = Math.min(end, store.layout.clusterEnd(at));
                extents++;
                bytes += pieceEnd - at;
                largest = Math.max(largest, pieceEnd - at);
                at = pieceEnd;
            }
        }

        @Override
        public void overlap(long position, long previousEnd) {
            overlaps++;
            store.problems.problem(store.clusterFile, position, Overlaps.describe(position, previousEnd,
                store.tables(), store.segmentCount(), store.layout));
        }
    }
}
