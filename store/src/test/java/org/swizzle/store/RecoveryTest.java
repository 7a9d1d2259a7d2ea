package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.swizzle.store.TestBytes.assertBytes;
import static org.swizzle.store.TestBytes.bytes;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.swizzle.StoreCorruptedException;

/**
 * A store whose process died: its files as they were at the moment of death (copied while the
 * store was open), sometimes damaged on purpose the way a crash in the middle of a write damages
 * them. Reopening must keep every complete commit, drop only the torn one, and never throw.
 */
class RecoveryTest {
    private static final int COMMITS = 3;

    @TempDir
    Path dir;

    private final LittleEndianBuffer view = LittleEndianBuffer.of(new byte[0]);
    private final long[] oids = new long[COMMITS + 1];
    private final long[] walSizeAfter = new long[COMMITS + 1];
    private long shared;
    private Path appendedNotApplied;
    private Path beforeCommits;

    /**
     * Commits 1..3: each a new object, a change to a shared object, and commit 2 a growth (move).
     * Returns the files as a crash after commit 3 leaves them; {@link #beforeCommits} holds them as they were
     * before commit 1, and {@link #appendedNotApplied} those that a crash after appending commit 3's block and
     * before applying it leaves, which is when the block can be torn.
     */
    private Path crashAfterThreeCommits() throws IOException {
        Path live = dir.resolve("live");
        try (SegmentStore store = SegmentStore.open(live, StoreDirs.smallNoCheckpoint())) {
            for (int commit = 1; commit <= COMMITS; commit++) {
                if (commit == 1) {
                    beforeCommits = StoreDirs.crashCopy(live, dir.resolve("stale"));
                }
                if (commit == COMMITS) {
                    appendedNotApplied = StoreDirs.crashCopy(live, dir.resolve("appended"));
                }
                Transaction transaction = store.begin();
                if (commit == 1) {
                    shared = TestBytes.putNew(transaction, 100, 64);
                } else {
                    transaction.put(shared, 100, sharedBytes(commit), 0, sharedLength(commit));
                }
                oids[commit] = TestBytes.putNew(transaction, commit, 1000 * commit);
                transaction.commit(commit);
                walSizeAfter[commit] = StoreDirs.walEnd(live.resolve(StoreDirs.WAL));
            }
            StoreDirs.copy(live, appendedNotApplied, StoreDirs.WAL);
            return StoreDirs.crashCopy(live, dir.resolve("crashed"));
        }
    }

    private static int sharedLength(int commit) {
        return commit == 1 ? 64 : 5000;
    }

    private static LittleEndianBuffer sharedBytes(int commit) {
        LittleEndianBuffer bytes = bytes(commit == 1 ? 100 : 200, sharedLength(commit));
        if (commit == 3) {
            bytes.putInt(100, 3);
        }
        return bytes;
    }

    private void assertCommitsUpTo(SegmentStore store, int last) {
        assertEquals(last, store.lastCommit(), "last commit");
        for (int commit = 1; commit <= COMMITS; commit++) {
            if (commit <= last) {
                assertBytes(bytes(commit, 1000 * commit), store.read(oids[commit], view), "object of commit " + commit);
            } else {
                assertFalse(store.contains(oids[commit]), "object of dropped commit " + commit);
            }
        }
        assertBytes(sharedBytes(last), store.read(shared, view), "shared object after commit " + last);
    }

    @Test
    void shouldReplayEveryCompleteCommitAfterACrash() throws IOException {
        Path crashed = crashAfterThreeCommits();
        try (SegmentStore store = SegmentStore.open(crashed, StoreDirs.smallNoCheckpoint())) {
            assertEquals(COMMITS, store.counters().commitsRecovered());
            assertEquals(1, store.counters().checkpoints(), "recovery ends with a checkpoint");
            assertEquals(WalDescriptor.FILE_HEADER_LENGTH, StoreDirs.walEnd(crashed.resolve(StoreDirs.WAL)),
                "the checkpoint resets the WAL to its header (and zeros)");
            assertCommitsUpTo(store, COMMITS);
        }
    }

    @Test
    void shouldReportWhatRecoveryDidThroughTheSystemLogger() throws IOException {
        crashAfterThreeCommits();
        Path crashed = appendedNotApplied;
        StoreDirs.truncate(crashed.resolve(StoreDirs.WAL), walSizeAfter[COMMITS] - 8);

        String all = StoreDirs.openMessages(crashed);

        assertTrue(all.contains("INFO Recovered " + crashed.resolve(StoreDirs.WAL) + ": replayed 2 WAL blocks, commits 1 to 2"), all);
        assertTrue(all.contains("WARNING Truncated " + crashed.resolve(StoreDirs.WAL) + " at offset " + walSizeAfter[COMMITS - 1]), all);
    }

    @Test
    void shouldEndTheLogWhereTheZerosTheFileIsExtendedWithBegin() throws IOException {
        Path crashed = crashAfterThreeCommits();
        Path wal = crashed.resolve(StoreDirs.WAL);
        assertTrue(Files.size(wal) >= walSizeAfter[COMMITS] + 64 * 1024, "the file is extended with zeros ahead of the log: "
            + Files.size(wal) + " bytes for a log of " + walSizeAfter[COMMITS]);

        String all = StoreDirs.openMessages(crashed);

        assertTrue(all.contains("INFO Recovered " + wal + ": replayed 3 WAL blocks, commits 1 to 3"), all);
        assertFalse(all.contains("WARNING"), "the zeros are no torn block: " + all);
        try (SegmentStore store = SegmentStore.open(crashed, StoreDirs.smallNoCheckpoint())) {
            assertCommitsUpTo(store, COMMITS);
        }
    }

    @Test
    void shouldReplayOverAClusterFileThatNeverSawTheCommits() throws IOException {
        Path crashed = crashAfterThreeCommits();
        StoreDirs.copy(crashed, beforeCommits, StoreDirs.WAL);
        try (SegmentStore store = SegmentStore.open(beforeCommits, StoreDirs.smallNoCheckpoint())) {
            assertCommitsUpTo(store, COMMITS);
        }
    }

    @Test
    void shouldGiveTheSameObjectsWhenBlocksAlreadyAppliedAreReplayed() throws IOException {
        Path crashed = crashAfterThreeCommits();
        try (SegmentStore store = SegmentStore.open(crashed, StoreDirs.smallNoCheckpoint())) {
            assertEquals(COMMITS, store.counters().commitsRecovered(), "the crash left every block applied, and in the WAL");
            assertCommitsUpTo(store, COMMITS);
        }
        assertTrue(Arrays.equals(afterHeaderPage(dir.resolve("live")), afterHeaderPage(crashed)),
            "replaying blocks already applied must not change the clusters");
    }

    @Test
    void shouldSkipBlocksThatTheCheckpointAlreadyHolds() throws IOException {
        Path crashed = crashAfterThreeCommits();
        Path wal = dir.resolve("wal-copy");
        Files.copy(crashed.resolve(StoreDirs.WAL), wal);
        SegmentStore.open(crashed, StoreDirs.smallNoCheckpoint()).close();
        byte[] clusters = afterHeaderPage(crashed);

        // A crash after the checkpoint wrote its slot and before it reset the WAL leaves the old log behind.
        Files.copy(wal, crashed.resolve(StoreDirs.WAL), StandardCopyOption.REPLACE_EXISTING);
        try (SegmentStore store = SegmentStore.open(crashed, StoreDirs.smallNoCheckpoint())) {
            assertEquals(0, store.counters().commitsRecovered(), "the blocks follow the checkpoint before the last one");
            assertEquals(1, store.counters().checkpoints(), "the open resets the WAL");
            assertCommitsUpTo(store, COMMITS);
        }
        assertTrue(Arrays.equals(clusters, afterHeaderPage(crashed)), "skipped blocks change nothing");
        assertEquals(WalDescriptor.FILE_HEADER_LENGTH, StoreDirs.walEnd(crashed.resolve(StoreDirs.WAL)));
    }

    private static byte[] afterHeaderPage(Path store) throws IOException {
        byte[] all = Files.readAllBytes(store.resolve(StoreDirs.CLUSTERS));
        return Arrays.copyOfRange(all, ClusterFileDescriptor.PAGE_SIZE, all.length);
    }

    @Test
    void shouldDropACommitWhoseBlockWasCutShort() throws IOException {
        crashAfterThreeCommits();
        Path crashed = appendedNotApplied;
        long lastBlockStart = walSizeAfter[COMMITS - 1];
        StoreDirs.truncate(crashed.resolve(StoreDirs.WAL), lastBlockStart + (walSizeAfter[COMMITS] - lastBlockStart) / 2);
        try (SegmentStore store = SegmentStore.open(crashed, StoreDirs.smallNoCheckpoint())) {
            assertEquals(COMMITS - 1, store.counters().commitsRecovered());
            assertCommitsUpTo(store, COMMITS - 1);
        }
    }

    @Test
    void shouldDropACommitWhoseBlockHeaderWasCutShort() throws IOException {
        crashAfterThreeCommits();
        Path crashed = appendedNotApplied;
        StoreDirs.truncate(crashed.resolve(StoreDirs.WAL), walSizeAfter[COMMITS - 1] + 10);
        try (SegmentStore store = SegmentStore.open(crashed, StoreDirs.smallNoCheckpoint())) {
            assertCommitsUpTo(store, COMMITS - 1);
        }
    }

    /** A block whose pages did not all reach the disk: one sector in its middle is still the zeros the log was extended with. */
    @Test
    void shouldDropACommitWhoseBlockDidNotAllReachTheDisk() throws IOException {
        crashAfterThreeCommits();
        Path crashed = appendedNotApplied;
        long lastBlockStart = walSizeAfter[COMMITS - 1];
        long middle = lastBlockStart + (walSizeAfter[COMMITS] - lastBlockStart) / 2;
        StoreDirs.writeAt(crashed.resolve(StoreDirs.WAL), middle - middle % WalScanner.SECTOR, ByteBuffer.allocate(WalScanner.SECTOR));
        try (SegmentStore store = SegmentStore.open(crashed, StoreDirs.smallNoCheckpoint())) {
            assertCommitsUpTo(store, COMMITS - 1);
        }
    }

    @Test
    void shouldRefuseToOpenWhenTheLogLostACommitThatWasApplied() throws IOException {
        Path live = dir.resolve("live");
        Path crashed;
        long walBefore;
        try (SegmentStore store = SegmentStore.open(live, StoreDirs.smallNoCheckpoint())) {
            Transaction transaction = store.begin();
            shared = TestBytes.putNew(transaction, 1, 64);
            transaction.commit(1);
            store.checkpoint();
            walBefore = StoreDirs.walEnd(live.resolve(StoreDirs.WAL));
            transaction = store.begin();
            transaction.put(shared, 1, bytes(2, 64), 0, 64);
            transaction.commit(2);
            crashed = StoreDirs.crashCopy(live, dir.resolve("crashed"));
        }
        // A cut that looks like a torn tail, in a block whose effects already reached the cluster file.
        StoreDirs.truncate(crashed.resolve(StoreDirs.WAL), walBefore + WalDescriptor.BLOCK_HEADER_LENGTH);
        StoreCorruptedException e = assertThrows(StoreCorruptedException.class,
            () -> SegmentStore.open(crashed, StoreDirs.smallNoCheckpoint()));
        assertEquals(crashed.resolve(StoreDirs.CLUSTERS), e.file());
        assertTrue(e.getMessage().contains("written by commit 2, but the log ends at commit 1"), e.getMessage());
    }

    @Test
    void shouldKeepEveryCommitWhenZerosFollowTheLastBlock() throws IOException {
        Path crashed = crashAfterThreeCommits();
        StoreDirs.append(crashed.resolve(StoreDirs.WAL), new byte[4096]);
        try (SegmentStore store = SegmentStore.open(crashed, StoreDirs.smallNoCheckpoint())) {
            assertCommitsUpTo(store, COMMITS);
        }
    }

    @Test
    void shouldCommitAgainAfterDroppingATornBlock() throws IOException {
        crashAfterThreeCommits();
        Path crashed = appendedNotApplied;
        StoreDirs.truncate(crashed.resolve(StoreDirs.WAL), walSizeAfter[COMMITS] - 1);
        try (SegmentStore store = SegmentStore.open(crashed, StoreDirs.smallNoCheckpoint())) {
            Transaction transaction = store.begin();
            long oid = transaction.newObject();
            assertEquals(oids[COMMITS], oid, "the dropped commit's OID is free again");
            transaction.put(oid, 1, bytes(77, 10), 0, 10);
            transaction.commit(COMMITS);
        }
        try (SegmentStore store = SegmentStore.open(crashed, StoreDirs.smallNoCheckpoint())) {
            assertEquals(COMMITS, store.lastCommit());
            assertBytes(bytes(77, 10), store.read(oids[COMMITS], view), "object of the new commit");
        }
    }
}
