package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.swizzle.store.TestBytes.assertBytes;
import static org.swizzle.store.TestBytes.bytes;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.swizzle.StoreCorruptedException;

/**
 * Releasing the table of a segment that a commit leaves without an object, below the segment new objects go
 * to: its directory entry is written empty, its table's space is free once the commit is applied, and its
 * OIDs read as never written, after crashes at any point of the commit, replays once and twice, and later
 * commits that put objects where the table was.
 */
class TableReleaseTest {
    private static final int CLUSTER = StoreConfig.MIN_CLUSTER_SIZE;
    private static final int TABLE = SegmentTableDescriptor.TABLE_LENGTH;

    @TempDir
    Path dir;

    private final LittleEndianBuffer view = LittleEndianBuffer.of(new byte[0]);
    /** The committed objects and their bytes. */
    private final Map<Long, LittleEndianBuffer> model = new TreeMap<>();

    private long putNew(Transaction transaction, long seed, int length) {
        long oid = TestBytes.putNew(transaction, seed, length);
        model.put(oid, bytes(seed, length));
        return oid;
    }

    /** Commit 1: 700 objects of 20 to 119 bytes, OIDs 3 to 702: segment 1 is full, new objects go to segment 2. */
    private void fillSegments0To2(SegmentStore store) {
        Transaction transaction = store.begin();
        for (int i = 0; i < 700; i++) {
            putNew(transaction, i, 20 + i % 100);
        }
        transaction.commit(1);
        assertEquals(703, store.oidLimit());
    }

    private void commitFree(SegmentStore store, long commit, List<Long> oids) {
        Transaction transaction = store.begin();
        for (long oid : oids) {
            transaction.free(oid);
            model.remove(oid);
        }
        transaction.commit(commit);
    }

    private List<Long> objectsOf(long segment) {
        List<Long> oids = new ArrayList<>();
        for (long oid : model.keySet()) {
            if (Oids.segment(oid) == segment) {
                oids.add(oid);
            }
        }
        return oids;
    }

    private static long tableOf(SegmentStore store, long segment) throws IOException {
        return StoreDirs.directoryEntry(store.directory(), segment);
    }

    private static void assertReleased(SegmentStore store, long segment, String when) throws IOException {
        assertEquals(0, tableOf(store, segment), when + ": the directory entry of segment " + segment + " is empty");
        long first = Math.max(Oids.firstOidOf(segment), SegmentStore.ROOTS_OID);
        for (long oid = first; oid < Oids.firstOidOf(segment + 1); oid++) {
            assertFalse(store.contains(oid), when + ": object " + oid);
        }
        for (long oid : new long[] {first, Oids.firstOidOf(segment + 1) - 1}) {
            for (Runnable read : new Runnable[] {() -> store.read(oid, LittleEndianBuffer.of(new byte[0])),
                () -> store.length(oid), () -> store.classId(oid)}) {
                StoreCorruptedException e = assertThrows(StoreCorruptedException.class, read::run, when);
                assertTrue(e.getMessage().contains("object " + oid + " does not exist"), e.getMessage());
            }
        }
        List<Long> found = new ArrayList<>();
        store.forEachInSegment(first, found::add);
        store.forEachInCluster(first, found::add);
        assertEquals(List.of(), found, when + ": the segment and cluster walks of segment " + segment);
    }

    private void assertHolds(SegmentStore store, String when) {
        for (long oid = SegmentStore.ROOTS_OID; oid < store.oidLimit(); oid++) {
            LittleEndianBuffer expected = model.get(oid);
            if (expected == null) {
                assertFalse(store.contains(oid), when + ": object " + oid + " is freed or was never written");
            } else {
                assertBytes(expected, store.read(oid, view), when + ": object " + oid);
            }
        }
    }

    private static String free(SegmentStore store) {
        StringBuilder free = new StringBuilder();
        store.freeSpace().forEach((start, end) -> free.append(start).append("..").append(end).append(' '));
        return free.toString();
    }

    /** Runs {@code verify} on the closed store in {@code store}: clean, and no table kept by a segment without objects. */
    private static void assertVerifies(Path store) {
        ByteArrayOutputStream report = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(report, true, StandardCharsets.UTF_8);
        int exit = Tool.run(new String[] {"verify", store.toString()}, out, out);
        String text = report.toString(StandardCharsets.UTF_8);
        assertEquals(Tool.CLEAN, exit, text);
        assertFalse(text.contains("holds no object"), text);
    }

    @Test
    void shouldReleaseTheTableOfASegmentWhenACommitFreesItsLastObject() throws IOException {
        long table;
        List<Long> segment1 = new ArrayList<>();
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            fillSegments0To2(store);
            table = tableOf(store, 1);
            assertTrue(table > 0);
            segment1.addAll(objectsOf(1));
            assertEquals(256, segment1.size());

            commitFree(store, 2, segment1.subList(0, 255));
            assertEquals(0, store.counters().tablesReleased(), "one object of segment 1 is left");
            assertEquals(table, tableOf(store, 1));
            assertFalse(store.freeSpace().isFree(table, TABLE));
        }
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            commitFree(store, 3, segment1.subList(255, 256));
            assertEquals(1, store.counters().tablesReleased());
            assertEquals(2, store.counters().lastCommitRecords(), "a FREE and a RELEASE record");
            assertReleased(store, 1, "released");
            assertTrue(store.freeSpace().isFree(table, TABLE), "the table's space is free once the commit is applied");
            assertHolds(store, "released");
            Transaction transaction = store.begin();
            for (Runnable change : new Runnable[] {() -> transaction.put(segment1.get(0), 1, bytes(1, 10), 0, 10),
                () -> transaction.free(segment1.get(0))}) {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class, change::run);
                assertTrue(e.getMessage().contains("does not exist"), e.getMessage());
            }
            transaction.abandon();
        }
        assertVerifies(dir);
    }

    @Test
    void shouldNeverPlaceAnObjectOfTheReleasingCommitWhereTheTableWas() throws IOException {
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            fillSegments0To2(store);
            long table = tableOf(store, 1);
            Transaction transaction = store.begin();
            for (long oid : objectsOf(1)) {
                transaction.free(oid);
                model.remove(oid);
            }
            List<Long> created = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                created.add(putNew(transaction, 1000 + i, 6000));
            }
            transaction.commit(2);
            assertEquals(1, store.counters().tablesReleased());
            for (long oid : created) {
                long offset = StoreDirs.offsetOf(store, oid);
                assertTrue(offset >= table + TABLE || offset + 6000 <= table, "object " + oid + " at " + offset
                    + ": a crash before the apply would leave the table, which the frees write into, overwritten");
            }
            assertTrue(store.freeSpace().isFree(table, TABLE), "free once the commit is applied");
            assertHolds(store, "after the commit");
        }
        assertVerifies(dir);
    }

    @Test
    void shouldNotReleaseTheSegmentNewObjectsStillGoTo() throws IOException {
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            Transaction transaction = store.begin();
            for (int i = 0; i < 100; i++) {
                putNew(transaction, i, 20);
            }
            transaction.commit(1);
            long table = tableOf(store, 0);

            commitFree(store, 2, objectsOf(0));
            assertEquals(0, store.counters().tablesReleased(), "new objects still go to segment 0");
            assertEquals(table, tableOf(store, 0));
            assertFalse(store.freeSpace().isFree(table, TABLE));

            transaction = store.begin();
            long next = putNew(transaction, 100, 20);
            transaction.commit(3);
            assertEquals(103, next, "the next OID of segment 0");
            assertEquals(table + Oids.slot(next) * (long) SegmentTableDescriptor.ENTRY_LENGTH,
                StoreDirs.entryOf(store, next).position, "its entry is in the table segment 0 kept");
            assertHolds(store, "after a new object in the emptied segment");
        }
        assertVerifies(dir);
    }

    /**
     * Commits 1 to 3: segment 0 gets 100 small objects and one of 17 MiB, all freed while new objects still go to
     * segment 0; the next new object starts segment 1 (segment 0 got more than the 16 MiB a segment takes before
     * new objects move on), and that commit releases segment 0.
     */
    private void releaseSegment0(SegmentStore store) throws IOException {
        Transaction transaction = store.begin();
        for (int i = 0; i < 100; i++) {
            putNew(transaction, i, 20);
        }
        putNew(transaction, 100, 17 << 20);
        transaction.commit(1);
        long table = tableOf(store, 0);
        commitFree(store, 2, objectsOf(0));
        assertEquals(0, store.counters().tablesReleased(), "new objects still go to segment 0");

        transaction = store.begin();
        long next = putNew(transaction, 101, 20);
        transaction.commit(3);
        assertEquals(Oids.firstOidOf(1), next, "a new segment");
        assertEquals(1, store.counters().tablesReleased(), "the commit that moves new objects past segment 0 releases it");
        assertReleased(store, 0, "passed");
        assertTrue(store.freeSpace().isFree(table, TABLE));
    }

    @Test
    void shouldReleaseAnEmptiedSegmentOnceNewObjectsGoToALaterOne() throws IOException {
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            releaseSegment0(store);
            assertHolds(store, "released");
        }
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            assertReleased(store, 0, "reopened");
            assertHolds(store, "reopened");
        }
        assertVerifies(dir);
    }

    @Test
    void shouldGiveSegment0ATableAgainWhenTheRootsObjectIsPutAnew() throws IOException {
        Path live = dir.resolve("live");
        Path crashed;
        try (SegmentStore store = SegmentStore.open(live, StoreDirs.smallNoCheckpoint())) {
            releaseSegment0(store);
            Transaction transaction = store.begin();
            transaction.put(SegmentStore.ROOTS_OID, 7, bytes(-1, 40), 0, 40);
            transaction.commit(4);
            model.put(SegmentStore.ROOTS_OID, bytes(-1, 40));
            assertTrue(tableOf(store, 0) > 0, "segment 0 has a table again");
            assertHolds(store, "the roots object put anew");

            commitFree(store, 5, List.of(SegmentStore.ROOTS_OID));
            assertEquals(2, store.counters().tablesReleased(), "released again");
            assertReleased(store, 0, "the roots object freed again");

            transaction = store.begin();
            transaction.put(SegmentStore.ROOTS_OID, 8, bytes(-2, 50), 0, 50);
            transaction.commit(6);
            model.put(SegmentStore.ROOTS_OID, bytes(-2, 50));
            crashed = StoreDirs.crashCopy(live, dir.resolve("crashed"));
        }
        Path beforeReplay = StoreDirs.crashCopy(crashed, dir.resolve("before-replay"));
        for (String replay : new String[] {"replayed", "replayed twice"}) {
            try (SegmentStore store = SegmentStore.open(crashed, StoreDirs.smallNoCheckpoint())) {
                assertEquals(6, store.counters().commitsRecovered(), replay);
                assertHolds(store, replay);
            }
            assertVerifies(crashed);
            restoreLogAndCheckpoint(beforeReplay, crashed);
        }
    }

    /** What a crash in the checkpoint that ends recovery leaves: the log and checkpoint slot of before the replay. */
    private static void restoreLogAndCheckpoint(Path from, Path to) throws IOException {
        StoreDirs.copy(from, to, StoreDirs.WAL);
        StoreDirs.writeAt(to.resolve(StoreDirs.CLUSTERS), 0, ByteBuffer.wrap(Arrays.copyOf(
            Files.readAllBytes(from.resolve(StoreDirs.CLUSTERS)), ClusterFileDescriptor.PAGE_SIZE)));
    }

    @Test
    void shouldStayReleasedAfterACrashWithOrWithoutACheckpointAndAfterAClose() throws IOException {
        Path live = dir.resolve("live");
        long table;
        Path withoutCheckpoint;
        Path withCheckpoint;
        try (SegmentStore store = SegmentStore.open(live, StoreDirs.smallNoCheckpoint())) {
            fillSegments0To2(store);
            store.checkpoint();
            table = tableOf(store, 1);
            commitFree(store, 2, objectsOf(1));
            withoutCheckpoint = StoreDirs.crashCopy(live, dir.resolve("without-checkpoint"));
            store.checkpoint();
            withCheckpoint = StoreDirs.crashCopy(live, dir.resolve("with-checkpoint"));
        }
        for (Path store : new Path[] {withoutCheckpoint, withCheckpoint, live}) {
            String when = store.getFileName().toString();
            try (SegmentStore opened = SegmentStore.open(store, StoreDirs.smallNoCheckpoint())) {
                assertEquals(store == withoutCheckpoint ? 1 : 0, opened.counters().commitsRecovered(), when);
                assertReleased(opened, 1, when);
                assertTrue(opened.freeSpace().isFree(table, TABLE), when + ": the table's space, rebuilt as free");
                assertHolds(opened, when);
            }
            assertVerifies(store);
        }
    }

    @Test
    void shouldReleaseWhenTheBlockIsReplayedWhateverPartOfItsApplyReachedTheFiles() throws IOException {
        Path live = dir.resolve("live");
        Path before;
        Path after;
        long table;
        try (SegmentStore store = SegmentStore.open(live, StoreDirs.smallNoCheckpoint())) {
            fillSegments0To2(store);
            store.checkpoint();
            table = tableOf(store, 1);
            before = StoreDirs.crashCopy(live, dir.resolve("before"));
            commitFree(store, 2, objectsOf(1));
            after = StoreDirs.crashCopy(live, dir.resolve("after"));
        }
        Map<String, String[]> cases = new TreeMap<>();
        cases.put("logged, not applied", new String[] {StoreDirs.WAL});
        cases.put("the frees applied, not the release", new String[] {StoreDirs.WAL, StoreDirs.CLUSTERS});
        cases.put("the release applied, not the frees", new String[] {StoreDirs.WAL, StoreDirs.SEGMENTS});
        cases.put("applied", new String[] {StoreDirs.WAL, StoreDirs.CLUSTERS, StoreDirs.SEGMENTS});
        for (Map.Entry<String, String[]> crash : cases.entrySet()) {
            Path crashed = StoreDirs.crashCopy(before, dir.resolve(crash.getKey().replace(' ', '-').replace(",", "")));
            for (String file : crash.getValue()) {
                StoreDirs.copy(after, crashed, file);
            }
            try (SegmentStore store = SegmentStore.open(crashed, StoreDirs.smallNoCheckpoint())) {
                assertEquals(2, store.lastCommit(), crash.getKey());
                assertEquals(1, store.counters().commitsRecovered(), crash.getKey());
                assertReleased(store, 1, crash.getKey());
                assertTrue(store.freeSpace().isFree(table, TABLE), crash.getKey());
                assertHolds(store, crash.getKey());
            }
            assertVerifies(crashed);
        }
    }

    /**
     * The dangerous case: the log holds a release whose table's space later commits took, and all of it reached
     * the cluster file before the crash. Replaying the frees into that table would write over those objects.
     */
    @Test
    void shouldReplayAReleaseOnceAndTwiceAfterLaterCommitsTookTheSpaceOfItsTable() throws IOException {
        Path live = dir.resolve("live");
        Path crashed;
        String freeSpace;
        try (SegmentStore store = SegmentStore.open(live, StoreDirs.smallNoCheckpoint())) {
            fillSegments0To2(store);
            store.checkpoint();
            long table = tableOf(store, 1);
            commitFree(store, 2, objectsOf(1));

            Transaction transaction = store.begin();
            List<Long> created = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                created.add(putNew(transaction, 1000 + i, 6000));
            }
            transaction.commit(3);
            assertTrue(created.stream().anyMatch(oid -> StoreDirs.offsetOf(store, oid) < table + TABLE
                && StoreDirs.offsetOf(store, oid) + 6000 > table), "an object of commit 3 lies where the table was");

            transaction = store.begin();
            LittleEndianBuffer patched = bytes(2000, 6000);
            transaction.put(created.get(0), 1000 % 100, patched, 0, 6000);
            model.put(created.get(0), patched);
            transaction.commit(4);
            commitFree(store, 5, List.of(created.get(1)));
            assertHolds(store, "live");
            freeSpace = free(store);
            crashed = StoreDirs.crashCopy(live, dir.resolve("crashed"));
        }
        Path beforeReplay = StoreDirs.crashCopy(crashed, dir.resolve("before-replay"));
        for (String replay : new String[] {"replayed", "replayed twice"}) {
            try (SegmentStore store = SegmentStore.open(crashed, StoreDirs.smallNoCheckpoint())) {
                assertEquals(4, store.counters().commitsRecovered(), replay);
                assertReleased(store, 1, replay);
                assertHolds(store, replay);
                assertEquals(freeSpace, free(store), replay + ": the free space");
            }
            assertVerifies(crashed);
            restoreLogAndCheckpoint(beforeReplay, crashed);
        }
    }

    /**
     * A churn: objects created and all freed again, 400 times over. Each round uses the OIDs of more than one new
     * segment; without releases every one of them would keep its table. The store settles within 200 rounds (how
     * the free space fragments decides where: here 6 clusters, the last taken between rounds 175 and 200), then stays that size.
     */
    @Test
    void shouldKeepAChurnWithinTheSpaceItNeeds() throws IOException {
        StoreConfig config = new StoreConfig(CLUSTER, false, 1 << 20, 256 * 1024);
        long afterWarmUp = 0;
        long atEnd;
        long commit = 0;
        try (SegmentStore store = SegmentStore.open(dir, config)) {
            for (int round = 1; round <= 400; round++) {
                Transaction transaction = store.begin();
                List<Long> created = new ArrayList<>();
                for (int i = 0; i < 300; i++) {
                    created.add(putNew(transaction, round * 1000L + i, 20 + (round * 7 + i) % 200));
                }
                transaction.commit(++commit);
                commitFree(store, ++commit, created);
                if (round == 200) {
                    afterWarmUp = store.allocatedBytes();
                }
            }
            long tablesEverUsed = (store.oidLimit() / Oids.SLOTS_PER_SEGMENT) * TABLE;
            System.out.printf("churn: %d bytes allocated after 200 rounds, %d after 400, %d tables released, %d bytes"
                + " of tables for the %d OIDs used%n", afterWarmUp, store.allocatedBytes(),
                store.counters().tablesReleased(), tablesEverUsed, store.oidLimit());
            assertEquals(afterWarmUp, store.allocatedBytes(), "the last 200 rounds, each of which used the OIDs of more"
                + " than a segment, did not grow the store");
            assertTrue(store.allocatedBytes() < tablesEverUsed / 10, "far less than the tables of every segment used");
            assertEquals(store.oidLimit() / Oids.SLOTS_PER_SEGMENT, store.counters().tablesReleased(),
                "every segment but the one new objects go to");
            assertTrue(store.counters().checkpoints() > 5, "checkpoints came on the way");
            atEnd = store.allocatedBytes();
        }
        try (SegmentStore store = SegmentStore.open(dir, config)) {
            assertEquals(atEnd, store.allocatedBytes());
            assertHolds(store, "reopened");
        }
        assertVerifies(dir);
    }

    @Test
    void shouldShowAPendingReleaseInTheToolAndWarnOfAnEmptySegmentThatKeepsItsTable() throws IOException {
        Path live = dir.resolve("live");
        Path before;
        Path after;
        long table;
        long allocated;
        long oid = Oids.firstOidOf(1) + 5;
        try (SegmentStore store = SegmentStore.open(live, StoreDirs.smallNoCheckpoint())) {
            fillSegments0To2(store);
            store.checkpoint();
            table = tableOf(store, 1);
            before = StoreDirs.crashCopy(live, dir.resolve("before"));
            commitFree(store, 2, objectsOf(1));
            after = StoreDirs.crashCopy(live, dir.resolve("after"));
            allocated = store.allocatedBytes();
        }
        StoreDirs.copy(after, before, StoreDirs.WAL);
        for (Path store : new Path[] {before, after}) {
            ToolRun tool = tool("verify", store);
            assertEquals(Tool.CLEAN, tool.exit(), tool.text());
            assertTrue(tool.text().contains("checked        2 tables, 512 entries, 444 objects"), tool.text());
            tool = tool("dump", store, oid);
            assertEquals(Tool.USAGE, tool.exit(), tool.text());
            assertTrue(tool.text().contains("object " + oid + " does not exist: segment 1 has no table once the store"
                + " next opens: a pending RELEASE record releases it"), tool.text());
            tool = tool("stats", store);
            assertTrue(tool.text().contains("3 segments, 2 tables"), tool.text());
        }
        SegmentStore.open(before, StoreDirs.smallNoCheckpoint()).close();
        ToolRun dump = tool("dump", before, oid);
        assertTrue(dump.text().contains("segment 1 has no table (it never had one, or released it"), dump.text());

        // A segment with a table and no object, which new objects passed: what a store written before tables were
        // released may hold.
        TestBlocks.append(before, new TestBlocks().varint(1).segment(7, table).varint(0).varint(0)
            .varint(1).allocator(Oids.firstOidOf(8) + 1, allocated).varint(0).varint(0).varint(0)
            .end(3, TestBlocks.epoch(before)));
        for (String when : new String[] {"pending", "replayed"}) {
            ToolRun verify = tool("verify", before);
            assertEquals(Tool.CLEAN, verify.exit(), when + ": " + verify.text());
            assertTrue(verify.text().contains("segment 7 keeps its table at offset " + table + " though it holds no"
                + " object"), when + ": " + verify.text());
            SegmentStore.open(before, StoreDirs.smallNoCheckpoint()).close();
        }
    }

    /** What a run of the tool returned and printed. */
    private record ToolRun(int exit, String text) {
    }

    private static ToolRun tool(String command, Path store, Object... more) {
        String[] args = new String[2 + more.length];
        args[0] = command;
        args[1] = store.toString();
        for (int i = 0; i < more.length; i++) {
            args[2 + i] = more[i].toString();
        }
        ByteArrayOutputStream report = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(report, true, StandardCharsets.UTF_8);
        int exit = Tool.run(args, out, out);
        return new ToolRun(exit, report.toString(StandardCharsets.UTF_8));
    }
}
