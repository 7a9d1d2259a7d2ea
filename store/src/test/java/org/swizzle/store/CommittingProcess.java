package org.swizzle.store;

import java.nio.file.Path;


/**
 * The writer that {@link KillProcessTest} kills: commits forever, printing
 * {@code committed <commit> <oid>} once each commit has returned. Commit {@code n} adds object
 * {@code n} (every tenth one large, so that the kill often lands in the middle of a write) and sets
 * the root object to {@code n}.
 */
public final class CommittingProcess {
    private CommittingProcess() {
    }

    public static void main(String[] args) {
        Path dir = Path.of(args[0]);
        try (SegmentStore store = SegmentStore.open(dir, new StoreConfig(StoreConfig.MIN_CLUSTER_SIZE, true, 256 * 1024))) {
            for (long commit = store.lastCommit() + 1; ; commit++) {
                Transaction transaction = store.begin();
                long oid = TestBytes.putNew(transaction, commit, lengthOf(commit));
                LittleEndianBuffer root = TestBytes.longValue(commit);
                transaction.put(SegmentStore.ROOTS_OID, 1, root, 0, root.capacity());
                transaction.commit(commit);
                System.out.println("committed " + commit + " " + oid);
                System.out.flush();
            }
        }
    }

    static int lengthOf(long commit) {
        return commit % 10 == 0 ? 200_000 : 100 + (int) (commit % 500);
    }
}
