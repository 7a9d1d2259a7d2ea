package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.swizzle.store.TestBytes.assertBytes;
import static org.swizzle.store.TestBytes.bytes;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.swizzle.StoreCorruptedException;

/**
 * The two checkpoint slots of the cluster file header: a torn or damaged slot that the WAL shows
 * was not the last complete checkpoint is survived; one that was, is refused.
 */
class CheckpointTest {
    @TempDir
    Path dir;

    private final LittleEndianBuffer view = LittleEndianBuffer.of(new byte[0]);

    /** Commit 1, checkpoint 1 (slot 1), commit 2, checkpoint 2 (slot 0) on close. */
    private long twoCheckpoints() {
        long oid;
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            Transaction transaction = store.begin();
            oid = TestBytes.putNew(transaction, 1, 100);
            transaction.commit(1);
            store.checkpoint();
            transaction = store.begin();
            transaction.put(oid, 1, bytes(2, 100), 0, 100);
            transaction.commit(2);
        }
        return oid;
    }

    @Test
    void shouldSurviveADamagedOlderSlotAndRewriteIt() throws IOException {
        long oid = twoCheckpoints();
        Path clusters = dir.resolve(StoreDirs.CLUSTERS);
        StoreDirs.flipByte(clusters, ClusterFileDescriptor.slotOffset(1) + ClusterFileDescriptor.LAST_COMMIT_OFFSET);
        String logged = StoreDirs.openMessages(dir);
        assertTrue(logged.startsWith("WARNING Checkpoint slot 1 of " + clusters + " (offset 128) fails its checksum")
            && logged.contains("continues from checkpoint 2"), "the damage is not passed over in silence: " + logged);
        ClusterHeader header = ClusterHeader.read(clusters, StoreDirs.headerPage(dir), ClusterFileDescriptor.PAGE_SIZE,
            new Checksums());
        assertEquals(3, header.slot(1).sequence(), "the open checkpointed into the damaged slot");
        assertEquals(2, header.slot(0).sequence());
        assertEquals("", StoreDirs.openMessages(dir), "so the next open has nothing to report");
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            assertEquals(2, store.lastCommit());
            assertBytes(bytes(2, 100), store.read(oid, view), "object");
        }
    }

    @Test
    void shouldRefuseADamagedNewestSlotThatTheWalFollows() throws IOException {
        twoCheckpoints();
        StoreDirs.flipByte(dir.resolve(StoreDirs.CLUSTERS), ClusterFileDescriptor.slotOffset(0) + 20);
        StoreCorruptedException e = assertThrows(StoreCorruptedException.class,
            () -> SegmentStore.open(dir, StoreDirs.smallNoCheckpoint()));
        assertEquals(dir.resolve(StoreDirs.CLUSTERS), e.file());
        assertEquals(ClusterFileDescriptor.slotOffset(0), e.offset());
        assertTrue(e.getMessage().contains("follows checkpoint 2") && e.getMessage().contains("would lose"), e.getMessage());
    }

    @Test
    void shouldContinueFromThePreviousSlotWhenACheckpointWasTornWritingItsSlot() throws IOException {
        Path live = dir.resolve("live");
        Path crashed;
        long oid;
        try (SegmentStore store = SegmentStore.open(live, StoreDirs.smallNoCheckpoint())) {
            Transaction transaction = store.begin();
            oid = TestBytes.putNew(transaction, 1, 100);
            transaction.commit(1);
            crashed = StoreDirs.crashCopy(live, dir.resolve("crashed"));
        }
        // The crash came while checkpoint 1 was writing slot 1: half of it written.
        byte[] torn = new byte[ClusterFileDescriptor.SLOT_LENGTH / 2];
        java.util.Arrays.fill(torn, (byte) 0x7F);
        StoreDirs.writeAt(crashed.resolve(StoreDirs.CLUSTERS), ClusterFileDescriptor.slotOffset(1), ByteBuffer.wrap(torn));
        try (SegmentStore store = SegmentStore.open(crashed, StoreDirs.smallNoCheckpoint())) {
            assertEquals(1, store.counters().commitsRecovered(), "the WAL still follows checkpoint 0: replayed");
            assertBytes(bytes(1, 100), store.read(oid, view), "object");
        }
    }

    @Test
    void shouldSayTheClusterFileIsOlderThanTheWalWhenAnOlderCopyIsPutBack() throws IOException {
        Path oldClusters = dir.resolve("old.clusters");
        try (SegmentStore store = SegmentStore.open(dir.resolve("store"), StoreDirs.smallNoCheckpoint())) {
            for (int commit = 1; commit <= 3; commit++) {
                Transaction transaction = store.begin();
                TestBytes.putNew(transaction, commit, 10);
                transaction.commit(commit);
                store.checkpoint();
                if (commit == 1) {
                    Files.copy(store.directory().resolve(StoreDirs.CLUSTERS), oldClusters);
                }
            }
        }
        Files.copy(oldClusters, dir.resolve("store").resolve(StoreDirs.CLUSTERS), StandardCopyOption.REPLACE_EXISTING);
        StoreCorruptedException e = assertThrows(StoreCorruptedException.class,
            () -> SegmentStore.open(dir.resolve("store"), StoreDirs.smallNoCheckpoint()));
        assertTrue(e.getMessage().contains("the cluster file belongs to an older state") && !e.getMessage().contains("null"),
            e.getMessage());
    }

    @Test
    void shouldRefuseAWalOlderThanThePreviousCheckpoint() throws IOException {
        Path oldWal = dir.resolve("old.wal");
        try (SegmentStore store = SegmentStore.open(dir.resolve("store"), StoreDirs.smallNoCheckpoint())) {
            Files.copy(store.directory().resolve(StoreDirs.WAL), oldWal);
            for (int commit = 1; commit <= 3; commit++) {
                Transaction transaction = store.begin();
                TestBytes.putNew(transaction, commit, 10);
                transaction.commit(commit);
                store.checkpoint();
            }
        }
        Files.copy(oldWal, dir.resolve("store").resolve(StoreDirs.WAL), StandardCopyOption.REPLACE_EXISTING);
        StoreCorruptedException e = assertThrows(StoreCorruptedException.class,
            () -> SegmentStore.open(dir.resolve("store"), StoreDirs.smallNoCheckpoint()));
        assertTrue(e.getMessage().contains("belongs to an older state"), e.getMessage());
    }
}
