package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.swizzle.store.TestBytes.assertBytes;
import static org.swizzle.store.TestBytes.bytes;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Checkpoints by WAL size keep the log bounded however many commits there are. */
class WalBoundTest {
    private static final long LIMIT = 64 * 1024;
    private static final int COMMITS = 10_000;
    private static final int OBJECTS = 100;

    @TempDir
    Path dir;

    @Test
    void shouldKeepTheWalBoundedAcrossTenThousandCommits() throws IOException {
        StoreConfig config = new StoreConfig(StoreConfig.MIN_CLUSTER_SIZE, false, LIMIT);
        long[] oids = new long[OBJECTS];
        long[] seeds = new long[OBJECTS];
        long largestWal = 0;
        long largestBlock = 0;
        try (SegmentStore store = SegmentStore.open(dir, config)) {
            Transaction transaction = store.begin();
            for (int i = 0; i < OBJECTS; i++) {
                oids[i] = TestBytes.putNew(transaction, i, 64);
                seeds[i] = i;
            }
            transaction.commit(1);
            for (int commit = 2; commit <= COMMITS; commit++) {
                int i = commit % OBJECTS;
                seeds[i] = commit;
                transaction = store.begin();
                transaction.put(oids[i], i, bytes(seeds[i], 64), 0, 64);
                transaction.commit(commit);
                largestBlock = Math.max(largestBlock, store.counters().lastCommitBytes());
                largestWal = Math.max(largestWal, Files.size(dir.resolve(StoreDirs.WAL)));
            }
            assertTrue(store.counters().checkpoints() > 10, store.counters().toString());
        }
        assertTrue(largestWal <= LIMIT + largestBlock, "the WAL reached " + largestWal + " bytes; checkpoints should keep "
            + "it below " + LIMIT + " plus one block");
        try (SegmentStore store = SegmentStore.open(dir, config)) {
            assertEquals(COMMITS, store.lastCommit());
            LittleEndianBuffer view = LittleEndianBuffer.of(new byte[0]);
            for (int i = 0; i < OBJECTS; i++) {
                assertBytes(bytes(seeds[i], 64), store.read(oids[i], view), "object " + i);
            }
        }
    }
}
