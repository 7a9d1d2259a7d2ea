package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.swizzle.store.TestBytes.assertBytes;
import static org.swizzle.store.TestBytes.bytes;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.swizzle.ReadOnlyStoreException;

/**
 * Compaction: after frees it moves the objects and tables of the last clusters down, lowers the allocated end and
 * cuts the file; every object reads back as it was, {@code verify} is clean, new objects go on; a store with
 * nothing to give back is left alone; and the tool's {@code compact} and {@code stats} report it.
 */
class CompactionTest {
    private static final long SEED = 17;

    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Test
    void shouldMoveObjectsAndTablesDownAndCutTheFileAfterFrees() throws IOException {
        ChurnedStore churned = ChurnedStore.create(dir, SEED, 4000, 75);
        Path clusters = dir.resolve(StoreDirs.CLUSTERS);
        long fileBefore = Files.size(clusters);
        List<Long> ends = new ArrayList<>();
        CompactionResult result;
        try (SegmentStore store = SegmentStore.open(dir, ChurnedStore.CONFIG)) {
            long allocatedBefore = store.allocatedBytes();
            long freeBefore = store.freeBytes();
            result = store.compact((moved, toMove, allocatedEnd) -> ends.add(allocatedEnd));
            System.out.println("compacted a churned store: " + result);

            assertEquals(fileBefore, result.fileLengthBefore());
            assertEquals(allocatedBefore, result.allocatedBefore());
            assertEquals(store.allocatedBytes(), result.allocatedAfter());
            assertTrue(result.objectsMoved() > 100 && result.tablesMoved() > 0, result.toString());
            assertTrue(result.allocatedAfter() < allocatedBefore / 2, result + ", free before " + freeBefore);
            assertEquals(result.steps(), ends.size(), "one call per step");
            assertEquals(result.allocatedAfter(), Files.size(clusters), "the file is cut at the allocated end");
            assertEquals(freeBefore - (allocatedBefore - result.allocatedAfter()), store.freeBytes(),
                "the clusters given back were free space");
            churned.check(store, "after compaction");
        }
        assertEquals(Tool.CLEAN, tool("verify", dir.toString()), out.toString(StandardCharsets.UTF_8));
        try (SegmentStore store = SegmentStore.open(dir, ChurnedStore.CONFIG)) {
            churned.check(store, "reopened");
            assertEquals(result.allocatedAfter(), store.allocatedBytes());
            Transaction transaction = store.begin();
            long small = TestBytes.putNew(transaction, 1, 700);
            long large = TestBytes.putNew(transaction, 2, 3 * StoreConfig.MIN_CLUSTER_SIZE);
            transaction.commit(store.lastCommit() + 1);
            LittleEndianBuffer view = LittleEndianBuffer.of(new byte[0]);
            assertBytes(bytes(1, 700), store.read(small, view), "a new object after compaction");
            assertBytes(bytes(2, 3 * StoreConfig.MIN_CLUSTER_SIZE), store.read(large, view), "a new large object");
            churned.add(small, 1, 700);
            churned.add(large, 2, 3 * StoreConfig.MIN_CLUSTER_SIZE);
            churned.check(store, "after new objects");
        }
        assertEquals(Tool.CLEAN, tool("verify", dir.toString()), out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void shouldLeaveAStoreWithNothingToGiveBackAsItIs() throws IOException {
        ChurnedStore churned = ChurnedStore.create(dir, SEED, 1500, 60);
        try (SegmentStore store = SegmentStore.open(dir, ChurnedStore.CONFIG)) {
            assertFalse(store.compact(CompactionListener.NONE).idle(), "the first compaction gives space back");
        }
        Path clusters = dir.resolve(StoreDirs.CLUSTERS);
        long file = Files.size(clusters);
        try (SegmentStore store = SegmentStore.open(dir, ChurnedStore.CONFIG)) {
            long commit = store.lastCommit();
            long checkpoints = store.counters().checkpoints();
            List<Long> steps = new ArrayList<>();
            CompactionResult again = store.compact((moved, toMove, end) -> steps.add(end));
            assertTrue(again.idle(), again.toString());
            assertEquals(List.of(), steps);
            assertEquals(commit, store.lastCommit(), "no commit");
            assertEquals(checkpoints, store.counters().checkpoints(), "no checkpoint");
            assertEquals(file, Files.size(clusters));
            churned.check(store, "after a compaction with nothing to do");
        }
        Path empty = dir.resolve("empty");
        try (SegmentStore store = SegmentStore.open(empty, ChurnedStore.CONFIG)) {
            CompactionResult result = store.compact(CompactionListener.NONE);
            assertTrue(result.idle(), result.toString());
            assertNull(result.stoppedBy());
        }
    }

    @Test
    void shouldRefuseAReadOnlyStoreAndAnOpenTransaction() {
        ChurnedStore.create(dir, SEED, 300, 50);
        try (SegmentStore store = SegmentStore.open(dir, ChurnedStore.CONFIG.withReadOnly(true))) {
            assertThrows(ReadOnlyStoreException.class, () -> store.compact(CompactionListener.NONE));
        }
        try (SegmentStore store = SegmentStore.open(dir, ChurnedStore.CONFIG)) {
            Transaction transaction = store.begin();
            IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> store.compact(CompactionListener.NONE));
            assertTrue(e.getMessage().contains("transaction is open"), e.getMessage());
            transaction.abandon();
        }
    }

    @Test
    void shouldCompactThroughTheToolAndShowWhatStatsSaysItCouldGiveBack() {
        ChurnedStore churned = ChurnedStore.create(dir, SEED, 2000, 80);
        assertEquals(Tool.CLEAN, tool("stats", dir.toString()));
        String stats = out.toString(StandardCharsets.UTF_8);
        assertTrue(stats.contains("reclaimable"), stats);

        assertEquals(Tool.CLEAN, tool("compact", dir.toString()), err.toString(StandardCharsets.UTF_8));
        String report = out.toString(StandardCharsets.UTF_8);
        assertTrue(report.contains("cluster file") && report.contains("allocated") && report.contains("moved"), report);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("compact: "), "progress: " + err);
        assertEquals(Tool.CLEAN, tool("verify", dir.toString()), out.toString(StandardCharsets.UTF_8));
        try (SegmentStore store = SegmentStore.open(dir, ChurnedStore.CONFIG)) {
            churned.check(store, "after the tool's compact");
        }
        assertEquals(Tool.USAGE, tool("compact", dir.resolve("none").toString()));
    }

    private int tool(String... args) {
        out.reset();
        err.reset();
        return Tool.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    }
}
