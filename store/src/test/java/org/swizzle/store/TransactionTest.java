package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.swizzle.store.TestBytes.bytes;

import java.io.IOException;
import java.nio.file.Path;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.swizzle.StoreCorruptedException;

/** The life of a transaction: one at a time, commit or abandon, and what each leaves behind. */
class TransactionTest {
    @TempDir
    Path dir;

    private SegmentStore store;

    @BeforeEach
    void open() {
        store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint());
    }

    @AfterEach
    void close() {
        store.close();
    }

    @Test
    void shouldAllowOneOpenTransactionAtATime() {
        Transaction first = store.begin();
        IllegalStateException e = assertThrows(IllegalStateException.class, store::begin);
        assertTrue(e.getMessage().contains("commit or abandon"), e.getMessage());
        first.abandon();
        store.begin().abandon();
    }

    @Test
    void shouldDiscardPutsAndReuseOidsWhenAbandoned() {
        Transaction transaction = store.begin();
        long oid = TestBytes.putNew(transaction, 1, 32);
        transaction.abandon();
        assertFalse(store.contains(oid));
        assertEquals(0, store.counters().commitsLogged());

        Transaction next = store.begin();
        assertEquals(oid, next.newObject(), "an abandoned transaction's OIDs are handed out again");
        next.abandon();
    }

    @Test
    void shouldRefuseUseAfterCommit() {
        Transaction transaction = store.begin();
        TestBytes.putNew(transaction, 1, 8);
        transaction.commit(1);
        assertThrows(IllegalStateException.class, transaction::newObject);
        assertThrows(IllegalStateException.class, () -> transaction.commit(2));
        transaction.abandon();
        store.begin().abandon();
    }

    @Test
    void shouldPutABatchAsItsPutsOneAfterAnotherAndKeepThoseBeforeOneThatFails() {
        LittleEndianBuffer laidOut = bytes(9, 300);
        Transaction first = store.begin();
        long existing = first.newObject();
        first.put(existing, 4, laidOut, 0, 40);
        first.commit(1);

        Transaction transaction = store.begin();
        ImageBatch batch = new ImageBatch();
        long a = transaction.newObject();
        long b = transaction.newObject();
        batch.add(a, 5, 40, 100);
        batch.add(existing, 4, 140, 40); // changes every byte of the existing object
        batch.add(b, 6, 180, 20);
        batch.add(a, 5, 200, 100); // a second put of a replaces the first
        long diffBefore = store.counters().diffNanos();
        transaction.putAll(laidOut, batch, false);
        assertTrue(store.counters().diffNanos() > diffBefore, "the batch is timed as the diff phase");
        transaction.commit(2);
        TestBytes.assertBytes(slice(laidOut, 200, 100), store.read(a, LittleEndianBuffer.empty()), "a, put twice");
        TestBytes.assertBytes(slice(laidOut, 140, 40), store.read(existing, LittleEndianBuffer.empty()), "existing");
        TestBytes.assertBytes(slice(laidOut, 180, 20), store.read(b, LittleEndianBuffer.empty()), "b");
        assertEquals(6, store.classId(b));

        Transaction failing = store.begin();
        ImageBatch bad = new ImageBatch();
        long c = failing.newObject();
        bad.add(c, 7, 0, 30);
        bad.add(c + 1, 7, 30, 30); // never allocated
        assertThrows(IllegalArgumentException.class, () -> failing.putAll(laidOut, bad, false));
        failing.commit(3);
        assertTrue(store.contains(c), "the put before the failing one stays");
        assertFalse(store.contains(c + 1));
    }

    private static LittleEndianBuffer slice(LittleEndianBuffer buffer, int offset, int length) {
        LittleEndianBuffer copy = LittleEndianBuffer.of(new byte[length]);
        copy.putBytes(0, buffer, offset, length);
        return copy;
    }

    @Test
    void shouldRejectAPutOfAnObjectThatNeitherExistsNorWasAllocated() {
        Transaction transaction = store.begin();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> transaction.put(1000, 1, bytes(1, 8), 0, 8));
        assertTrue(e.getMessage().contains("Object 1000 does not exist"), e.getMessage());
        transaction.abandon();
    }

    @Test
    void shouldRefuseToCommitAfterAPutFailedPartWay() throws IOException {
        Transaction first = store.begin();
        long oid = TestBytes.putNew(first, 1, 32);
        first.commit(1);
        Transaction second = store.begin();
        second.put(oid, 1, bytes(2, 32), 0, 32);
        StoreDirs.flipByte(dir.resolve(StoreDirs.CLUSTERS), StoreDirs.offsetOf(store, oid) + 3);

        assertThrows(StoreCorruptedException.class, () -> second.put(oid, 1, bytes(3, 32), 0, 32),
            "the committed bytes it is compared with fail their checksum");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> second.commit(2),
            "the failed put replaced the first put of the object: a commit would lose it");
        assertTrue(e.getMessage().contains("a put of object " + oid + " failed part way"), e.getMessage());
        second.abandon();
        assertEquals(1, store.lastCommit());
    }

    @Test
    void shouldRejectACommitNumberNotAfterTheLastCommit() {
        Transaction transaction = store.begin();
        TestBytes.putNew(transaction, 1, 8);
        transaction.commit(5);

        Transaction next = store.begin();
        TestBytes.putNew(next, 2, 8);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> next.commit(5));
        assertTrue(e.getMessage().contains("greater than the last commit, 5"), e.getMessage());
        assertEquals(6, next.commit(6), "the transaction stays open after a rejected commit number");
        assertEquals(6, store.lastCommit());
    }

    @Test
    void shouldAbandonTheOpenTransactionOnClose() {
        Transaction transaction = store.begin();
        long oid = TestBytes.putNew(transaction, 1, 8);
        store.close();
        store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint());
        assertFalse(store.contains(oid));
        store.begin().abandon();
    }

    @Test
    void shouldFillTheOpenSegmentWhereverItsNewObjectsGo() {
        int clusterSize = StoreDirs.smallNoCheckpoint().clusterSize();
        Transaction transaction = store.begin();
        long small = TestBytes.putNew(transaction, 1, 16);
        long filler = TestBytes.putNew(transaction, 2, clusterSize / 2);
        long large = TestBytes.putNew(transaction, 3, clusterSize / 2);
        transaction.commit(1);
        assertEquals(Oids.segment(small), Oids.segment(large), "one commit's new objects share the open segment");
        assertTrue(filler < large);

        transaction = store.begin();
        long next = TestBytes.putNew(transaction, 4, 16);
        transaction.commit(2);
        assertEquals(large + 1, next, "the last cluster is not the open segment's, but its slots are not used up: a"
            + " new segment would leave them and their table unused");
    }

    /**
     * Objects of 1 MiB, one a commit: the open segment takes them until they pass 16 MiB, then a new one starts, so
     * that compaction, which moves a segment's objects with its table (up to 64 MiB), can still move its table.
     */
    @Test
    void shouldStartANewSegmentOnceTheOpenOnesObjectsPassSixteenMebibytes() {
        long first = 0;
        long last = 0;
        for (int commit = 1; commit <= 20; commit++) {
            Transaction transaction = store.begin();
            last = TestBytes.putNew(transaction, commit, 1 << 20);
            transaction.commit(commit);
            if (commit == 1) {
                first = last;
            }
        }
        assertEquals(Oids.segment(first) + 1, Oids.segment(last), "a second segment, and no more");
        assertEquals(0, Oids.slot(last - 2), "the 17th object passed 16 MiB, and the 18th opened it: " + last);
    }
}
