package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.swizzle.store.TestBytes.assertBytes;
import static org.swizzle.store.TestBytes.bytes;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.swizzle.CommitNotAppliedException;
import org.swizzle.StoreClosedException;
import org.swizzle.StoreCorruptedException;
import org.swizzle.StoreIOException;

/** A disk that fails in the middle of a commit: the store says what happened and loses nothing committed. */
class IoFailureTest {
    @TempDir
    Path dir;

    private final Map<String, FailingFileChannel> channels = new HashMap<>();
    private final LittleEndianBuffer view = LittleEndianBuffer.of(new byte[0]);

    private SegmentStore openFailable() {
        return openFailable(Long.MAX_VALUE);
    }

    /** A store whose files' channels can be made to fail, checkpointing once its log passes {@code checkpointWalBytes}. */
    private SegmentStore openFailable(long checkpointWalBytes) {
        return SegmentStore.open(dir, new StoreConfig(StoreConfig.MIN_CLUSTER_SIZE, true, checkpointWalBytes, 256 * 1024),
            file -> {
                FailingFileChannel channel = new FailingFileChannel(FileChannelFactory.DEFAULT.open(file));
                channels.put(file.getFileName().toString(), channel);
                return channel;
            });
    }

    @Test
    void shouldCutTheWalBackAndStayUsableWhenAWalWriteFails() throws IOException {
        long kept;
        long lost;
        try (SegmentStore store = openFailable()) {
            Transaction transaction = store.begin();
            kept = TestBytes.putNew(transaction, 1, 100);
            transaction.commit(1);
            long walSize = StoreDirs.walEnd(dir.resolve(StoreDirs.WAL));

            channels.get(StoreDirs.WAL).failNextWrite();
            Transaction failing = store.begin();
            lost = TestBytes.putNew(failing, 2, 100);
            StoreIOException e = assertThrows(StoreIOException.class, () -> failing.commit(2));
            assertTrue(e.getMessage().contains(dir.resolve(StoreDirs.WAL).toString())
                && e.getMessage().contains("not made durable") && e.getMessage().contains("still usable"), e.getMessage());
            assertEquals(walSize, Files.size(dir.resolve(StoreDirs.WAL)), "the half-written block is cut off");
            assertEquals(1, store.lastCommit());
            assertFalse(store.contains(lost));

            Transaction retry = store.begin();
            assertEquals(lost, TestBytes.putNew(retry, 3, 100), "the failed commit's OID is handed out again");
            retry.commit(2);
        }
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            assertEquals(2, store.lastCommit());
            assertBytes(bytes(1, 100), store.read(kept, view), "object of commit 1");
            assertBytes(bytes(3, 100), store.read(lost, view), "object of the retried commit 2");
        }
    }

    /**
     * A commit on a thread interrupted before it commits: the store clears the interrupt while it writes, so java.nio
     * does not close its files, and sets it again after; the commit is made and the store stays usable (outside
     * trial 65, finding 2).
     */
    @Test
    void shouldCommitOnAnInterruptedThreadAndKeepTheInterrupt() {
        commitInterrupted(100, store -> Thread.currentThread().interrupt());
    }

    /**
     * An interrupt that comes while the log is written, or forced, or while the cluster file is given disk blocks
     * (a commit of 4 MB, past what the clusters have so far): java.nio closes the channel, and the store opens the file
     * again and writes again, rather than closing (trial 66: a pool's shutdownNow() closed the store).
     */
    @Test
    void shouldCommitWhenAnInterruptClosesTheLogAsItIsWritten() {
        commitInterrupted(100, store -> channels.get(StoreDirs.WAL).interruptNextWrite());
    }

    @Test
    void shouldCommitWhenAnInterruptClosesTheLogAsItIsForced() {
        commitInterrupted(100, store -> channels.get(StoreDirs.WAL).interruptNextForce());
    }

    @Test
    void shouldCommitWhenAnInterruptClosesTheClusterFileAsItGrows() {
        commitInterrupted(4 << 20, store -> channels.get(StoreDirs.CLUSTERS).interruptNextWrite());
    }

    /**
     * A review's case: commits that do not force the log look at the files once in 100 ms, so one may write into a log
     * deleted meanwhile; an interrupt then closes the last channel the store had to it. The spare channel takes its
     * place, the next commit finds the deletion at once (an interrupt closed a channel since the last look) and writes
     * the log back: every commit that returned is there after a reopen.
     */
    @Test
    void shouldKeepEveryCommitThatReturnedWhenAnInterruptClosesADeletedLog() throws IOException {
        long[] oids = new long[3];
        try (SegmentStore store = SegmentStore.open(dir, new StoreConfig(StoreConfig.MIN_CLUSTER_SIZE, false,
            Long.MAX_VALUE, 256 * 1024), file -> {
                FailingFileChannel channel = new FailingFileChannel(FileChannelFactory.DEFAULT.open(file));
                channels.put(file.getFileName().toString(), channel);
                return channel;
            })) {
            for (int commit = 1; commit <= 3; commit++) {
                if (commit == 2) {
                    Files.delete(dir.resolve(StoreDirs.WAL));
                }
                if (commit == 3) {
                    channels.get(StoreDirs.WAL).interruptNextWrite();
                }
                Transaction transaction = store.begin();
                oids[commit - 1] = TestBytes.putNew(transaction, commit, 100);
                transaction.commit(commit); // within 100 ms of the open: no look at the files
            }
            assertTrue(Thread.interrupted(), "the interrupt is kept");
            StoreCorruptedException e = assertThrows(StoreCorruptedException.class, () -> {
                Transaction fourth = store.begin(); // which looks at the files
                TestBytes.putNew(fourth, 4, 100);
                fourth.commit(4);
            });
            assertTrue(e.getMessage().contains("Commit 4 was not made") && e.getMessage().contains("wrote it back"),
                e.getMessage());
        }
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            assertEquals(3, store.lastCommit());
            for (int commit = 1; commit <= 3; commit++) {
                assertBytes(bytes(commit, 100), store.read(oids[commit - 1], view), "object of commit " + commit);
            }
        }
    }

    /**
     * Commits an object of 100 bytes, then one of {@code length} bytes after {@code interrupt}, which must be made with
     * the thread's interrupt set after it, and a third; reopened, the store holds all three commits.
     */
    private void commitInterrupted(int length, Consumer<SegmentStore> interrupt) {
        long first;
        long second;
        long third;
        try (SegmentStore store = openFailable()) {
            Transaction transaction = store.begin();
            first = TestBytes.putNew(transaction, 1, 100);
            transaction.commit(1);

            Transaction interrupted = store.begin();
            second = TestBytes.putNew(interrupted, 2, length);
            interrupt.accept(store);
            try {
                interrupted.commit(2);
            } finally {
                assertTrue(Thread.interrupted(), "the interrupt is kept for the caller");
            }
            Transaction after = store.begin();
            third = TestBytes.putNew(after, 3, 100);
            after.commit(3);
        }
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            assertEquals(3, store.lastCommit());
            assertBytes(bytes(1, 100), store.read(first, view), "object of commit 1");
            assertBytes(bytes(2, length), store.read(second, view), "object of the interrupted commit 2");
            assertBytes(bytes(3, 100), store.read(third, view), "object of commit 3");
        }
    }

    @Test
    void shouldCutTheWalBackWhenForcingItFails() throws IOException {
        try (SegmentStore store = openFailable()) {
            channels.get(StoreDirs.WAL).failNextForce();
            Transaction failing = store.begin();
            long oid = TestBytes.putNew(failing, 1, 100);
            assertThrows(StoreIOException.class, () -> failing.commit(1));
            assertEquals(WalDescriptor.FILE_HEADER_LENGTH, Files.size(dir.resolve(StoreDirs.WAL)), "only the header is left");
            assertFalse(store.contains(oid));
            assertEquals(0, store.lastCommit());
        }
    }

    /**
     * The clusters a commit allocates get their disk blocks before the commit is logged (see
     * {@link ClusterFile}), so a full disk fails the commit while it can still be retried.
     */
    @Test
    void shouldFailACommitBeforeLoggingItWhenItsNewClustersCannotBeWritten() throws IOException {
        try (SegmentStore store = openFailable()) {
            long walSize = Files.size(dir.resolve(StoreDirs.WAL));
            channels.get(StoreDirs.CLUSTERS).failNextWrite();
            Transaction failing = store.begin();
            long oid = TestBytes.putNew(failing, 1, 2 * StoreConfig.MIN_CLUSTER_SIZE);
            StoreIOException e = assertThrows(StoreIOException.class, () -> failing.commit(1));
            assertTrue(e.getMessage().contains(dir.resolve(StoreDirs.CLUSTERS).toString())
                && e.getMessage().contains("disk is not full"), e.getMessage());
            assertEquals(walSize, Files.size(dir.resolve(StoreDirs.WAL)), "nothing logged");
            assertFalse(store.contains(oid));

            Transaction retry = store.begin();
            assertEquals(oid, TestBytes.putNew(retry, 2, 2 * StoreConfig.MIN_CLUSTER_SIZE));
            retry.commit(1);
            assertBytes(bytes(2, 2 * StoreConfig.MIN_CLUSTER_SIZE), store.read(oid, view), "object of the retried commit");
        }
    }

    /** Applying a logged commit can fail on a damaged file too: the store closes, and recovery applies the commit once repaired. */
    @Test
    void shouldCloseTheStoreWhenApplyingALoggedCommitFails() throws IOException {
        Path clusters = dir.resolve(StoreDirs.CLUSTERS);
        long oid;
        byte[] entry = new byte[SegmentTableDescriptor.ENTRY_LENGTH];
        long entryPosition;
        try (SegmentStore store = openFailable()) {
            Transaction transaction = store.begin();
            oid = TestBytes.putNew(transaction, 1, 100);
            transaction.commit(1);
            entryPosition = StoreDirs.entryOf(store, oid).position;

            Transaction failing = store.begin();
            failing.put(oid, 1, bytes(2, 100), 0, 100);
            try (FileChannel channel = FileChannel.open(clusters, StandardOpenOption.READ)) {
                channel.read(ByteBuffer.wrap(entry), entryPosition);
            }
            StoreDirs.flipByte(clusters, entryPosition + SegmentTableDescriptor.CLASS_ID_OFFSET);
            CommitNotAppliedException e = assertThrows(CommitNotAppliedException.class, () -> failing.commit(2));
            assertEquals(2, e.commitNumber());
            assertTrue(e.getMessage().contains("fails its checksum") && e.getMessage().contains("Do not commit"),
                e.getMessage());
            assertThrows(StoreClosedException.class, store::begin);
        }
        StoreDirs.writeAt(clusters, entryPosition, ByteBuffer.wrap(entry));
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            assertEquals(2, store.lastCommit());
            assertEquals(2, store.counters().commitsRecovered());
            assertBytes(bytes(2, 100), store.read(oid, view), "object of the commit recovery applied");
        }
    }

    /**
     * A commit's new objects lie side by side, each on the first alignment boundary after the one before: their bytes
     * are applied by positional writes, in runs of up to 64 KB, not one write each, and read back whole.
     */
    @Test
    void shouldApplyNewObjectsSideBySideInFewPositionalWrites() {
        int objects = 1_000;
        long[] oids = new long[objects];
        try (SegmentStore store = openFailable()) {
            Transaction first = store.begin();
            TestBytes.putNew(first, 0, 8);
            first.commit(1);
            Transaction transaction = store.begin();
            for (int i = 0; i < objects; i++) {
                oids[i] = TestBytes.putNew(transaction, i, 101 + i % 7); // most lengths leave padding before the next
            }
            FailingFileChannel clusters = channels.get(StoreDirs.CLUSTERS);
            int before = clusters.positionalWrites();
            long dataBefore = clusters.positionalDataBytes();
            transaction.commit(2);
            int writes = clusters.positionalWrites() - before;
            long objectBytes = 0;
            for (int i = 0; i < objects; i++) {
                objectBytes += 101 + i % 7;
            }
            long data = clusters.positionalDataBytes() - dataBefore;
            assertTrue(data >= objectBytes, data + " bytes of data written positionally, for " + objectBytes
                + " bytes of objects: their bytes went through the mapping");
            // about 104 KB of objects: a run ends where one of their 7 clusters of 16 KB or 4 segments does; and the
            // zeros that give the clusters their blocks. One write an object would be 1,000.
            assertTrue(writes <= 40, writes + " positional writes to the cluster file");
            for (int i = 0; i < objects; i++) {
                assertBytes(bytes(i, 101 + i % 7), store.read(oids[i], view), "object " + i);
            }
        }
    }

    /**
     * A new object's bytes are applied by a positional write (the mapping would fault their pages in one by one):
     * one that fails half way closes the store, as a fault in the mapping does, and recovery applies the commit.
     */
    @Test
    void shouldCloseTheStoreAndLetRecoveryApplyACommitWhoseImagesCouldNotBeWritten() throws IOException {
        long oid;
        try (SegmentStore store = openFailable()) {
            Transaction transaction = store.begin();
            TestBytes.putNew(transaction, 1, 100);
            transaction.commit(1);

            channels.get(StoreDirs.CLUSTERS).failNextWrite(); // the commit's cluster has its blocks: the apply writes next
            Transaction failing = store.begin();
            oid = TestBytes.putNew(failing, 2, 3000);
            CommitNotAppliedException e = assertThrows(CommitNotAppliedException.class, () -> failing.commit(2));
            assertEquals(2, e.commitNumber());
            assertTrue(e.getMessage().contains("Commit 2 is durable") && e.getMessage().contains("3000 bytes of objects")
                && e.getMessage().contains("Do not commit the same changes again"), e.getMessage());
            assertThrows(StoreClosedException.class, store::begin);
        }
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            assertEquals(2, store.lastCommit());
            assertEquals(2, store.counters().commitsRecovered());
            assertBytes(bytes(2, 3000), store.read(oid, view), "object of the commit recovery applied");
        }
    }

    /**
     * A write through the mapping that faults, which cutting the file under the mapping makes happen
     * (the pages past the cut cannot be written), raises an {@link InternalError}. JDK 17 raises it at
     * the thread's next check for asynchronous exceptions, which may come long after the apply (it
     * was seen in this test's own code); JDK 25 raises it within the apply.
     */
    @Test
    void shouldCloseTheStoreAndLetRecoveryFinishACommitWhoseApplyFailed() throws IOException {
        assumeTrue(Runtime.version().feature() >= 25, "this JVM may raise the fault after the apply has returned");
        long oid;
        Path clusters = dir.resolve(StoreDirs.CLUSTERS);
        long length;
        try (SegmentStore store = openFailable()) {
            length = Files.size(clusters);
            StoreDirs.truncate(clusters, ClusterFileDescriptor.FIRST_FREE);
            Transaction transaction = store.begin();
            oid = TestBytes.putNew(transaction, 1, 3000);
            CommitNotAppliedException e = assertThrows(CommitNotAppliedException.class, () -> transaction.commit(1));
            assertFalse(StoreIOException.class.isInstance(e), "not the type whose commit did not happen");
            assertEquals(1, e.commitNumber());
            assertTrue(e.getMessage().contains("Commit 1 is durable in " + dir.resolve(StoreDirs.WAL))
                && e.getMessage().contains("a write through its mapping faulted")
                && e.getMessage().contains("Do not commit the same changes again") && e.getMessage().contains("reopen"),
                e.getMessage());
            assertTrue(e.getCause() instanceof InternalError, String.valueOf(e.getCause()));
            StoreClosedException closed = assertThrows(StoreClosedException.class, store::begin,
                "no retry on the store whose apply failed");
            assertTrue(closed.getMessage().contains("after a failure"), closed.getMessage());
        }
        StoreDirs.writeAt(clusters, length - 1, ByteBuffer.allocate(1)); // the disk has room again
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            assertEquals(1, store.lastCommit(), "the durable commit is found after reopening");
            assertEquals(1, store.counters().commitsRecovered(), "applied once, by recovery");
            assertBytes(bytes(1, 3000), store.read(oid, view), "object of the commit recovery finished");
            Transaction retry = store.begin();
            TestBytes.putNew(retry, 1, 3000);
            assertThrows(IllegalArgumentException.class, () -> retry.commit(1), "commit 1 cannot be made again");
        }
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            assertEquals(1, store.lastCommit());
            assertEquals(0, store.counters().commitsRecovered(), "nothing left to apply a second time");
            assertEquals(oid + 1, store.oidLimit(), "one object: the commit's, not a copy");
        }
    }

    /**
     * The checkpoint a commit starts (its log grown past the limit) can fail after the commit is durable and applied:
     * the commit says so, as one whose apply failed does, so that the application does not make its changes again, and
     * recovery finds it in the log.
     */
    @Test
    void shouldReportACommitDurableWhenTheCheckpointAfterItFails() throws IOException {
        long oid;
        try (SegmentStore store = openFailable(1)) {
            Transaction transaction = store.begin();
            oid = TestBytes.putNew(transaction, 1, 3000);
            channels.get(StoreDirs.CLUSTERS).failNextForce();
            CommitNotAppliedException e = assertThrows(CommitNotAppliedException.class, () -> transaction.commit(1));
            assertEquals(1, e.commitNumber());
            assertTrue(e.getMessage().contains("checkpoint") && e.getMessage().contains("Do not commit the same changes")
                && e.getCause().getMessage().contains(dir.resolve(StoreDirs.CLUSTERS).toString()), e.getMessage());
            assertThrows(StoreClosedException.class, store::begin);
        }
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            assertEquals(1, store.lastCommit());
            assertEquals(1, store.counters().commitsRecovered());
            assertBytes(bytes(1, 3000), store.read(oid, view), "object of the commit whose checkpoint failed");
        }
    }

    /** What a checkpoint forces can fail to reach the disk: the store closes, and the log still holds the commits. */
    @Test
    void shouldCloseTheStoreAndKeepTheLogWhenACheckpointCannotForceTheClusterFile() throws IOException {
        long oid;
        try (SegmentStore store = openFailable()) {
            Transaction transaction = store.begin();
            oid = TestBytes.putNew(transaction, 1, 3000);
            transaction.commit(1);
            long walSize = Files.size(dir.resolve(StoreDirs.WAL));

            channels.get(StoreDirs.CLUSTERS).failNextForce();
            StoreIOException e = assertThrows(StoreIOException.class, store::checkpoint);
            assertTrue(e.getMessage().contains(dir.resolve(StoreDirs.CLUSTERS).toString()), e.getMessage());
            assertThrows(StoreClosedException.class, store::begin);
            assertEquals(walSize, Files.size(dir.resolve(StoreDirs.WAL)), "the log is not reset");
        }
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            assertEquals(1, store.counters().commitsRecovered());
            assertBytes(bytes(1, 3000), store.read(oid, view), "object of the commit the checkpoint did not hold");
        }
    }
}
