package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.swizzle.store.TestBytes.assertBytes;
import static org.swizzle.store.TestBytes.bytes;

import java.io.IOException;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A commit's working memory grows with the commit, and what a large one grew is let go once it is applied: a bulk load
 * would otherwise keep its puts, sort arrays and block (about 150 bytes an object) as long as the store is open. The
 * block's memory outlives its store: the next store the process opens builds its blocks in it.
 */
class CommitMemoryTest {

    @TempDir
    Path dir;

    private final LittleEndianBuffer view = LittleEndianBuffer.of(new byte[0]);

    @Test
    void shouldLetGoOfThePutsOfACommitLargerThanTheNextKeeps() {
        int count = PendingPuts.PUTS_KEPT + 1000;
        long[] oids = new long[count];
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            for (int round = 1; round <= 2; round++) {
                Transaction t = store.begin();
                for (int i = 0; i < count; i++) {
                    oids[i] = TestBytes.putNew(t, round * 7 + i, 24);
                }
                assertTrue(store.pendingPuts().keptCapacity() > PendingPuts.PUTS_KEPT, "the commit's puts grew past the bound");
                t.commit(round);
                assertTrue(store.pendingPuts().keptCapacity() <= PendingPuts.PUTS_KEPT,
                    "kept " + store.pendingPuts().keptCapacity() + " puts' room after commit " + round);
            }
        }
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            assertBytes(bytes(14, 24), store.read(oids[0], view), "the first object of the second large commit");
            assertBytes(bytes(14 + count - 1, 24), store.read(oids[count - 1], view), "its last");
        }
    }

    @Test
    void shouldLetGoOfTheTablesOfACommitThatChangedMoreObjectsThanTheNextKeeps() {
        int count = 2 * PendingPuts.PUTS_KEPT;
        long[] oids = new long[count];
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            Transaction t = store.begin();
            for (int i = 0; i < count; i++) {
                oids[i] = TestBytes.putNew(t, i, 24);
            }
            t.commit(1);
            t = store.begin();
            for (int i = 0; i < count; i++) {
                LittleEndianBuffer changed = bytes(count + i, 24);
                t.put(oids[i], i % 100, changed, 0, 24);
            }
            assertTrue(store.objects().verifiedSlots() > 2 * PendingPuts.PUTS_KEPT, "the entries verified grew past the bound");
            assertTrue(store.pendingPuts().keptCapacity() > PendingPuts.PUTS_KEPT, "the puts grew past the bound");
            t.commit(2);
            assertTrue(store.pendingPuts().keptCapacity() <= PendingPuts.PUTS_KEPT,
                "kept " + store.pendingPuts().keptCapacity() + " puts' room");
            store.begin().abandon();
            assertTrue(store.objects().verifiedSlots() <= 2 * PendingPuts.PUTS_KEPT,
                "kept " + store.objects().verifiedSlots() + " slots of verified entries");
        }
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            assertBytes(bytes(count, 24), store.read(oids[0], view), "the first object commit 2 changed");
            assertBytes(bytes(2 * count - 1, 24), store.read(oids[count - 1], view), "the last");
        }
    }

    @Test
    void shouldLetGoOfABlockLongerThanTheNextCommitKeeps() {
        int length = 1 << 20;
        int count = BlockBuilder.KEPT_LENGTH / length + 2;
        long[] oids = new long[count];
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            for (int round = 1; round <= 2; round++) {
                Transaction t = store.begin();
                for (int i = 0; i < count; i++) {
                    oids[i] = TestBytes.putNew(t, round * 100 + i, length);
                }
                t.commit(round);
                int kept = store.blockBuilder().block().capacity();
                assertTrue(kept <= BlockBuilder.KEPT_LENGTH, "kept a block of " + kept + " bytes after commit " + round);
            }
            assertBytes(bytes(200 + count - 1, length), store.read(oids[count - 1], view), "the last object of commit 2");
        }
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            assertBytes(bytes(200, length), store.read(oids[0], view), "the first object of commit 2, after a reopen");
        }
    }

    @Test
    void shouldBuildTheBlocksOfTheNextStoreInTheMemoryAClosedOneLeft() throws IOException {
        int length = 64 * 1024;
        int count = 32;
        try (SegmentStore before = SegmentStore.open(dir.resolve("before"), StoreDirs.smallNoCheckpoint())) {
            Transaction t = before.begin();
            TestBytes.putNew(t, 1, 100);
            t.commit(1); // leaves a block at its close, whatever the tests before left
        }
        LittleEndianBuffer left;
        try (SegmentStore first = SegmentStore.open(dir.resolve("first"), StoreDirs.smallNoCheckpoint())) {
            Transaction t = first.begin();
            for (int i = 0; i < count; i++) {
                TestBytes.putNew(t, i, length);
            }
            t.commit(1);
            left = first.blockBuilder().block();
            try (SegmentStore other = SegmentStore.open(dir.resolve("other"), StoreDirs.smallNoCheckpoint())) {
                t = other.begin();
                TestBytes.putNew(t, 2, 100);
                t.commit(1);
                assertNotSame(left, other.blockBuilder().block(), "two open stores share a block");
            }
        }
        Path second = dir.resolve("second");
        long[] oids = new long[count / 2];
        try (SegmentStore store = SegmentStore.open(second, StoreDirs.smallNoCheckpoint())) {
            assertNull(store.blockBuilder().block(), "a store that logged nothing took a block");
            Transaction t = store.begin();
            for (int i = 0; i < oids.length; i++) {
                oids[i] = TestBytes.putNew(t, 1000 + i, length / 2 + 3 * i); // lengths that leave padding
            }
            t.commit(1);
            assertSame(left, store.blockBuilder().block(), "the block the larger closed store left");
            StoreDirs.crashCopy(second, dir.resolve("crashed")); // the commit still in the log, to be replayed
        }
        try (SegmentStore store = SegmentStore.open(dir.resolve("crashed"), StoreDirs.smallNoCheckpoint())) {
            for (int i = 0; i < oids.length; i++) {
                assertBytes(bytes(1000 + i, length / 2 + 3 * i), store.read(oids[i], view),
                    "object " + i + " replayed from the block built in the memory left");
            }
        }
    }
}
