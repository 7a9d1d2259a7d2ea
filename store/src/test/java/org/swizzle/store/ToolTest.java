package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.swizzle.store.TestBytes.bytes;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command-line tool: verify, stats and dump on clean, crashed and damaged stores. */
class ToolTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
    private long first;
    private long large;

    private int tool(String... args) {
        outBytes.reset();
        errBytes.reset();
        return Tool.run(args, new PrintStream(outBytes, true, StandardCharsets.UTF_8),
            new PrintStream(errBytes, true, StandardCharsets.UTF_8));
    }

    private String out() {
        return outBytes.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return errBytes.toString(StandardCharsets.UTF_8);
    }

    /** 1000 objects over 4 segments, one larger than a cluster, some resized. */
    private Path sampleStore(Path store, boolean close) throws IOException {
        SegmentStore opened = SegmentStore.open(store, StoreDirs.smallNoCheckpoint());
        Transaction transaction = opened.begin();
        first = TestBytes.putNew(transaction, 0, 64);
        for (int i = 1; i < 1000; i++) {
            TestBytes.putNew(transaction, i, 8 + i % 200);
        }
        large = TestBytes.putNew(transaction, 1000, 3 * StoreConfig.MIN_CLUSTER_SIZE);
        transaction.commit(1);
        transaction = opened.begin();
        for (long oid = first + 1; oid < first + 100; oid += 7) {
            transaction.put(oid, 1, bytes(oid, 300), 0, 300);
        }
        transaction.commit(2);
        if (close) {
            opened.close();
            return store;
        }
        Path crashed = StoreDirs.crashCopy(store, dir.resolve("crashed"));
        opened.close();
        return crashed;
    }

    @Test
    void shouldRefuseAnUnknownBufferImplementationAsAUsageErrorNotAsDamage() throws Exception {
        Path store = sampleStore(dir.resolve("store"), true);
        SystemProperties.with("swizzle.buffers", "offheap", () -> {
            for (String command : new String[] {"verify", "stats", "recover"}) {
                assertEquals(Tool.USAGE, tool(command, store.toString()), command);
                assertEquals("", out(), command);
                assertTrue(err().startsWith("-Dswizzle.buffers=offheap is neither unsafe nor varhandle"), err());
            }
        });
        assertEquals(0, tool("verify", store.toString()), out());
    }

    @Test
    void shouldVerifyACleanStore() throws IOException {
        Path store = sampleStore(dir.resolve("store"), true);
        long sizeBefore = Files.size(store.resolve(StoreDirs.CLUSTERS));
        byte[] walBefore = Files.readAllBytes(store.resolve(StoreDirs.WAL));

        assertEquals(0, tool("verify", store.toString()), out());
        String out = out();
        assertTrue(out.contains("checked        4 tables, 1024 entries, 1001 objects"), out);
        assertTrue(out.contains("0 overlaps") && out.contains("result         OK: no problems"), out);
        assertTrue(err().contains("verify: 100% (4 of 4 segments)"), err());
        assertEquals(sizeBefore, Files.size(store.resolve(StoreDirs.CLUSTERS)));
        assertArrayEquals(walBefore, Files.readAllBytes(store.resolve(StoreDirs.WAL)), "verify writes nothing");
    }

    @Test
    void shouldNameTheFileAndOffsetOfDamagedObjectBytes() throws IOException {
        Path store = sampleStore(dir.resolve("store"), true);
        long offset;
        try (SegmentStore opened = SegmentStore.open(store, StoreDirs.smallNoCheckpoint())) {
            offset = StoreDirs.offsetOf(opened, first + 500);
        }
        StoreDirs.flipByte(store.resolve(StoreDirs.CLUSTERS), offset + 3);

        assertEquals(1, tool("verify", store.toString()));
        assertTrue(out().contains("PROBLEM swizzle.clusters offset " + offset + ": object " + (first + 500)
            + " (" + (8 + 500 % 200) + " bytes) fails its checksum"), out());
        assertTrue(out().contains("result         DAMAGED: 1 problem\n"), out());
    }

    @Test
    void shouldReportEveryDamagedEntryAndKeepGoing() throws IOException {
        Path store = sampleStore(dir.resolve("store"), true);
        long entry;
        try (SegmentStore opened = SegmentStore.open(store, StoreDirs.smallNoCheckpoint())) {
            entry = StoreDirs.entryOf(opened, first + 10).position;
        }
        StoreDirs.flipByte(store.resolve(StoreDirs.CLUSTERS), entry + SegmentTableDescriptor.CLASS_ID_OFFSET);
        StoreDirs.flipByte(store.resolve(StoreDirs.SEGMENTS), SegmentDirectoryDescriptor.entryPosition(3));

        assertEquals(1, tool("verify", store.toString()));
        assertTrue(out().contains("PROBLEM swizzle.clusters offset " + entry + ": the table entry of object "
            + (first + 10) + " fails its checksum"), out());
        assertTrue(out().contains("PROBLEM swizzle.segments offset " + SegmentDirectoryDescriptor.entryPosition(3)
            + ": the directory entry of segment 3 fails its checksum"), out());
        assertTrue(out().contains("DAMAGED: 2 problems"), out());
    }

    @Test
    void shouldReportObjectsThatShareSpace() throws IOException {
        Path store = sampleStore(dir.resolve("store"), true);
        TableEntry victim;
        long forged;
        try (SegmentStore opened = SegmentStore.open(store, StoreDirs.smallNoCheckpoint())) {
            victim = StoreDirs.entryOf(opened, first + 2);
            forged = StoreDirs.entryOf(opened, first + 3).position;
        }
        StoreDirs.forgeEntry(store, forged, first + 3, victim.offset, victim.length, victim.crc);

        assertEquals(1, tool("verify", store.toString()));
        assertTrue(out().contains("PROBLEM swizzle.clusters offset " + victim.offset + ": space used twice"), out());
        assertTrue(out().contains("1 overlap of objects, tables or header"), out());
    }

    @Test
    void shouldReportBlocksPendingReplayWithoutReplayingThem() throws IOException {
        Path crashed = sampleStore(dir.resolve("store"), false);
        byte[] walBefore = Files.readAllBytes(crashed.resolve(StoreDirs.WAL));

        assertEquals(0, tool("verify", crashed.toString()), out());
        assertTrue(out().contains("2 blocks pending replay (commits 1 to 2"), out());
        assertTrue(out().contains("1001 objects") && out().contains("as pending blocks leave them"), out());
        assertArrayEquals(walBefore, Files.readAllBytes(crashed.resolve(StoreDirs.WAL)), "nothing replayed");
    }

    @Test
    void shouldReportAWalDamagedInTheMiddle() throws IOException {
        Path crashed = sampleStore(dir.resolve("store"), false);
        StoreDirs.flipByte(crashed.resolve(StoreDirs.WAL), WalDescriptor.FILE_HEADER_LENGTH + 100);

        assertEquals(1, tool("verify", crashed.toString()));
        assertTrue(out().contains("PROBLEM swizzle.wal offset " + WalDescriptor.FILE_HEADER_LENGTH
            + ": the block at offset 32 fails its checks"), out());
    }

    @Test
    void shouldPrintStats() throws IOException {
        Path store = sampleStore(dir.resolve("store"), true);
        assertEquals(0, tool("stats", store.toString()), out());
        String out = out();
        assertTrue(out.contains("objects        1001 objects"), out);
        assertTrue(out.contains("1 larger than a cluster"), out);
        assertTrue(out.contains("segments       4 segments, 4 tables"), out);
        assertTrue(out.contains("WAL            swizzle.wal: 1048608 bytes (the log ends at 32, zeros follow), follows checkpoint 1,"
            + " no blocks pending replay"), out);
        assertTrue(out.contains("last commit    2"), out);
    }

    @Test
    void shouldDumpAnObject() throws IOException {
        Path store = sampleStore(dir.resolve("store"), true);
        assertEquals(0, tool("dump", store.toString(), Long.toString(first)), out());
        String out = out();
        assertTrue(out.contains("length 64, class id 0, written by commit 1"), out);
        assertTrue(out.contains("bytes          checksum OK"), out);
        byte[] expected = new byte[16];
        bytes(0, 64).getBytes(0, expected);
        StringBuilder line = new StringBuilder("00000000 ");
        for (int i = 0; i < 16; i++) {
            line.append(i == 8 ? "  " : " ").append(String.format("%02x", expected[i] & 0xFF));
        }
        assertTrue(out.contains(line), out);
        assertEquals(0, tool("dump", store.toString(), Long.toString(large)));
        assertTrue(out().contains("... " + (3 * StoreConfig.MIN_CLUSTER_SIZE - DumpCommand.MAX_BYTES) + " more bytes")
            || 3 * StoreConfig.MIN_CLUSTER_SIZE <= DumpCommand.MAX_BYTES, out());
    }

    @Test
    void shouldTellThatThereIsNoObjectForAnOidOutOfRange() throws IOException {
        Path store = sampleStore(dir.resolve("store"), true);
        for (long oid : new long[] {-1, 0, Long.MAX_VALUE}) {
            assertEquals(2, tool("dump", store.toString(), Long.toString(oid)), out());
            assertTrue(out().contains("object " + oid + " does not exist"), out());
        }
        assertTrue(out().contains("has no table"), out());
        tool("dump", store.toString(), "0");
        assertTrue(out().contains("OIDs start at 1"), out());
        assertEquals(Tool.USAGE, tool("dump", store.toString(), "seven"), out());
        assertTrue(err().contains("OID must be a number, found \"seven\""), err());
    }

    @Test
    void shouldDumpAnObjectAsAPendingBlockLeavesIt() throws IOException {
        Path crashed = sampleStore(dir.resolve("store"), false);
        assertEquals(0, tool("dump", crashed.toString(), Long.toString(first + 8)), out());
        assertTrue(out().contains("length 300, class id 1, written by commit 2"), out());
        assertTrue(out().contains("an IMAGE record at WAL offset"), out());
        assertTrue(out().contains("checksum OK (the bytes of the pending IMAGE)"), out());
    }

    @Test
    void shouldDumpAnObjectThatAPendingPatchChangesAtThePlaceOfItsCommittedEntry() throws IOException {
        Path store = sampleStore(dir.resolve("store"), true);
        long oid = first + 500;
        int length = 8 + 500 % 200;
        TableEntry committed;
        Path crashed;
        try (SegmentStore opened = SegmentStore.open(store, StoreDirs.smallNoCheckpoint())) {
            committed = StoreDirs.entryOf(opened, oid);
            LittleEndianBuffer changed = bytes(500, length);
            changed.putByte(3, (byte) ~changed.getByte(3));
            Transaction transaction = opened.begin();
            transaction.put(oid, 0, changed, 0, length);
            transaction.commit(3);
            crashed = StoreDirs.crashCopy(store, dir.resolve("crashed"));
        }
        assertEquals(0, tool("dump", crashed.toString(), Long.toString(oid)), out());
        assertTrue(out().contains("entry          offset " + committed.offset + ", length " + length + ", class id 0,"
            + " written by commit 3"), out());
        assertTrue(out().contains("a PATCH record at WAL offset") && out().contains("before the pending PATCH"), out());
        assertEquals(0, tool("verify", crashed.toString()), out());
        assertTrue(out().contains("1 of them as pending blocks leave them\n") && !out().contains("checked after replay"), out());

        StoreDirs.flipByte(crashed.resolve(StoreDirs.CLUSTERS), committed.offset); // a byte the PATCH does not write
        assertEquals(1, tool("verify", crashed.toString()), out());
        assertTrue(out().contains("PROBLEM swizzle.clusters offset " + committed.offset + ": object " + oid + " (" + length
            + " bytes) fails its checksum once its pending PATCH records are applied"), out());
    }

    @Test
    void shouldReportAPendingPatchWhoseRangesPassItsObject() throws IOException {
        Path store = sampleStore(dir.resolve("store"), true);
        long oid = first + 500;
        TestBlocks block = new TestBlocks().varint(0).varint(0).varint(1);
        int record = block.index();
        long blockOffset = TestBlocks.append(store, block.patch(oid, 0, 106, new byte[5])
            .varint(0).varint(0).varint(0).varint(0).end(3, TestBlocks.epoch(store)));

        assertEquals(1, tool("verify", store.toString()), out());
        assertTrue(out().contains("PROBLEM swizzle.wal offset " + (blockOffset + record) + ": the PATCH record of object "
            + oid + " writes up to byte 111 of it, but the object has 108 bytes"), out());
    }

    /**
     * A crash after a commit that frees the object filling the first cluster and one that puts a new object in
     * its place are logged, before either is applied: on disk the freed object is still there, where the
     * pending IMAGE puts the new one.
     */
    @Test
    void shouldCountOnlyTheObjectsThatPendingFreesLeaveWithoutReportingTheirSpaceAsUsedTwice() throws IOException {
        Path store = dir.resolve("store");
        int filling = StoreConfig.MIN_CLUSTER_SIZE - ClusterFileDescriptor.PAGE_SIZE - SegmentTableDescriptor.TABLE_LENGTH;
        long freed;
        long next;
        Path crashed;
        try (SegmentStore opened = SegmentStore.open(store, StoreDirs.smallNoCheckpoint())) {
            Transaction transaction = opened.begin();
            freed = TestBytes.putNew(transaction, 1, filling);
            transaction.commit(1);
            opened.checkpoint();
            crashed = StoreDirs.crashCopy(store, dir.resolve("crashed"));
            long offset = StoreDirs.offsetOf(opened, freed);
            transaction = opened.begin();
            transaction.free(freed);
            transaction.commit(2);
            transaction = opened.begin();
            next = TestBytes.putNew(transaction, 2, filling);
            transaction.commit(3);
            assertEquals(offset, StoreDirs.offsetOf(opened, next), "the new object takes the freed place");
            StoreDirs.copy(store, crashed, StoreDirs.WAL);
        }

        assertEquals(0, tool("verify", crashed.toString()), out());
        assertTrue(out().contains("1 table, 256 entries, 1 object (" + filling + " bytes), 1 of them as pending blocks"
            + " leave them"), out());
        assertTrue(out().contains("0 overlaps") && out().contains("result         OK: no problems"), out());
        assertEquals(0, tool("stats", crashed.toString()), out());
        assertTrue(out().contains("objects        1 objects, " + filling + " bytes"), out());
        assertEquals(2, tool("dump", crashed.toString(), Long.toString(freed)), out());
        assertTrue(out().contains("object " + freed + " does not exist once the store next opens: a pending FREE record"
            + " at WAL offset"), out());

        try (SegmentStore opened = SegmentStore.open(crashed, StoreDirs.smallNoCheckpoint())) {
            assertEquals(2, opened.counters().commitsRecovered());
        }
        assertEquals(0, tool("verify", crashed.toString()), out());
        assertTrue(out().contains("1 table, 256 entries, 1 object (" + filling + " bytes)"), out());
        assertTrue(out().contains("result         OK: no problems"), out());
        assertEquals(2, tool("dump", crashed.toString(), Long.toString(freed)), out());
        assertTrue(out().contains("object " + freed + " does not exist: its table entry at offset"), out());
    }

    @Test
    void shouldWarnOfATornTailWithoutCallingTheStoreDamaged() throws IOException {
        Path crashed = sampleStore(dir.resolve("store"), false);
        Path wal = crashed.resolve(StoreDirs.WAL);
        long torn = StoreDirs.appendToLog(wal, new byte[] {'S', 'W', 'Z', 'W', 1, 2, 3});
        assertEquals(0, tool("verify", crashed.toString()), out());
        assertTrue(out().contains("WARNING swizzle.wal offset " + torn + ": a torn last block"), out());
        assertTrue(out().contains("OK: no problems, 1 warning"), out());
    }

    @Test
    void shouldReportAStoreWhoseClusterFileIsMissingAsDamaged() throws IOException {
        Path store = sampleStore(dir.resolve("store"), true);
        Files.delete(store.resolve(ClusterFileDescriptor.FILE_NAME));
        for (String command : new String[] {"verify", "stats"}) {
            assertEquals(1, tool(command, store.toString()), out() + err());
            assertTrue(out().contains("swizzle.clusters is missing, while the directory holds the remains of a store"), out());
            assertTrue(out().contains("result         DAMAGED"), out());
        }
        Path empty = Files.createDirectory(dir.resolve("empty"));
        assertEquals(2, tool("verify", empty.toString()));
        assertTrue(err().contains("There is no Swizzle store in"), err());
    }

    @Test
    void shouldRefuseAStoreThatIsOpen() throws IOException {
        Path store = dir.resolve("store");
        SegmentStore opened = SegmentStore.open(store, StoreDirs.smallNoCheckpoint());
        try {
            assertEquals(2, tool("verify", store.toString()));
            assertTrue(err().contains("already open in this JVM"), err());
        } finally {
            opened.close();
        }
    }

    @Test
    void shouldExplainItsUsage() {
        assertEquals(2, tool("verify"));
        assertTrue(err().contains("verify takes DIR, found 0 arguments.") && err().contains("usage:"), err());
        assertEquals(2, tool("dump", dir.toString()));
        assertTrue(err().contains("dump takes DIR OID, found 1 argument."), err());
        assertEquals(2, tool("list", dir.toString()));
        assertTrue(err().contains("Unknown command \"list\"."), err());
        assertEquals(2, tool());
        assertTrue(err().contains("No command given.") && err().contains("usage:"), err());
        assertEquals(2, tool("verify", dir.resolve("nothing").toString()));
        assertTrue(err().contains("There is no Swizzle store in " + dir.resolve("nothing") + ": the directory does not exist."),
            err());
    }

    @Test
    void shouldReportAStoreItCannotRead() throws IOException {
        Path store = sampleStore(dir.resolve("store"), true);
        StoreDirs.flipByte(store.resolve(StoreDirs.CLUSTERS), 0);
        assertEquals(1, tool("verify", store.toString()));
        assertTrue(out().contains("cannot be read") && out().contains("the magic of the cluster file is damaged"), out());
    }
}
