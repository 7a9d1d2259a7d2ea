package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.swizzle.store.TestBytes.assertBytes;
import static org.swizzle.store.TestBytes.bytes;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.swizzle.StoreFormatException;
import org.swizzle.StoreVersionException;

/**
 * A store whose log is of format version 2: opened and upgraded when the log is empty, as closing a
 * store leaves it; refused when the log holds commits, which this version cannot replay. A log of
 * version 3, whose blocks have no FREE section, is replayed.
 */
class WalUpgradeTest {
    @TempDir
    Path dir;

    private final LittleEndianBuffer view = LittleEndianBuffer.of(new byte[0]);
    private long oid;

    private Path storeWithOneCommit(boolean close) throws IOException {
        Path store = dir.resolve("store");
        SegmentStore opened = SegmentStore.open(store, StoreDirs.smallNoCheckpoint());
        Transaction transaction = opened.begin();
        oid = TestBytes.putNew(transaction, 1, 100);
        transaction.commit(1);
        if (close) {
            opened.close();
            return store;
        }
        Path crashed = StoreDirs.crashCopy(store, dir.resolve("crashed"));
        opened.close();
        return crashed;
    }

    private static void writeVersion2(Path store) throws IOException {
        StoreDirs.writeHeaderVersion(store.resolve(StoreDirs.WAL), WalDescriptor.FILE_CRC_OFFSET,
            WalDescriptor.UPGRADABLE_VERSION);
    }

    /** Makes the log of a closed store one of version 2 as version 2 left it: its header alone, without zeros. */
    private static void writeClosedVersion2(Path store) throws IOException {
        StoreDirs.truncate(store.resolve(StoreDirs.WAL), WalDescriptor.FILE_HEADER_LENGTH);
        writeVersion2(store);
    }

    private static int walVersion(Path store) throws IOException {
        return ByteBuffer.wrap(Files.readAllBytes(store.resolve(StoreDirs.WAL))).order(ByteOrder.LITTLE_ENDIAN)
            .getInt(WalDescriptor.FILE_VERSION_OFFSET);
    }

    @Test
    void shouldUpgradeTheEmptyLogOfACleanlyClosedStore() throws IOException {
        Path store = storeWithOneCommit(true);
        writeClosedVersion2(store);
        try (SegmentStore opened = SegmentStore.open(store, StoreDirs.smallNoCheckpoint())) {
            assertEquals(WalDescriptor.FORMAT_VERSION, walVersion(store), "rewritten on open");
            assertBytes(bytes(1, 100), opened.read(oid, view), "object");
            Transaction transaction = opened.begin();
            transaction.put(oid, 1, bytes(2, 100), 0, 100);
            transaction.commit(2);
        }
        try (SegmentStore opened = SegmentStore.open(store, StoreDirs.smallNoCheckpoint())) {
            assertBytes(bytes(2, 100), opened.read(oid, view), "object");
        }
    }

    @Test
    void shouldOpenTheEmptyOlderLogReadOnlyWithoutWritingIt() throws IOException {
        Path store = storeWithOneCommit(true);
        writeClosedVersion2(store);
        try (SegmentStore opened = SegmentStore.open(store, StoreDirs.smallNoCheckpoint().withReadOnly(true))) {
            assertBytes(bytes(1, 100), opened.read(oid, view), "object");
        }
        assertEquals(WalDescriptor.UPGRADABLE_VERSION, walVersion(store));
    }

    @Test
    void shouldRefuseAnOlderLogThatHoldsCommits() throws IOException {
        Path crashed = storeWithOneCommit(false);
        writeVersion2(crashed);
        byte[] wal = Files.readAllBytes(crashed.resolve(StoreDirs.WAL));
        StoreVersionException e = assertThrows(StoreVersionException.class,
            () -> SegmentStore.open(crashed, StoreDirs.smallNoCheckpoint()));
        assertTrue(e.getMessage().contains(crashed.resolve(StoreDirs.WAL) + " has format version 2")
            && e.getMessage().contains("holds commits that are not applied yet")
            && e.getMessage().contains("Open the store with the build of Swizzle that wrote it and close it cleanly first"),
            e.getMessage());
        assertEquals(WalDescriptor.UPGRADABLE_VERSION, walVersion(crashed), "nothing written");
        assertEquals(wal.length, Files.size(crashed.resolve(StoreDirs.WAL)));
        assertEquals(Tool.OTHER_VERSION, StoreDirs.verify(crashed), "verify calls it no damage");
    }

    /** The zeros a log is preallocated with, which a clean close leaves after its header, are no commits. */
    @Test
    void shouldUpgradeAnEmptyOlderLogFollowedByZeros() throws IOException {
        Path store = storeWithOneCommit(true);
        writeVersion2(store);
        assertTrue(Files.size(store.resolve(StoreDirs.WAL)) > WalDescriptor.FILE_HEADER_LENGTH, "the zeros are there");
        assertEquals(Tool.CLEAN, StoreDirs.verify(store));
        try (SegmentStore opened = SegmentStore.open(store, StoreDirs.smallNoCheckpoint())) {
            assertEquals(WalDescriptor.FORMAT_VERSION, walVersion(store), "rewritten on open");
            assertBytes(bytes(1, 100), opened.read(oid, view), "object");
        }
    }

    @Test
    void shouldReplayTheBlocksOfAVersion3Log() throws IOException {
        Path store = storeWithOneCommit(true);
        StoreDirs.writeHeaderVersion(store.resolve(StoreDirs.WAL), WalDescriptor.FILE_CRC_OFFSET,
            WalDescriptor.VERSION_WITHOUT_FREE);
        LittleEndianBuffer patched = bytes(1, 100);
        patched.putByte(10, (byte) ~patched.getByte(10));
        byte[] range = new byte[1];
        patched.getBytes(10, range);
        TestBlocks.append(store, new TestBlocks().varint(0).varint(0).varint(1)
            .patch(oid, new Checksums().of(patched, 0, 100), 10, range).varint(0)
            .end(2, TestBlocks.epoch(store), WalDescriptor.VERSION_WITHOUT_FREE));

        try (SegmentStore opened = SegmentStore.open(store, StoreDirs.smallNoCheckpoint())) {
            assertEquals(1, opened.counters().commitsRecovered());
            assertBytes(patched, opened.read(oid, view), "patched by the version-3 block");
            Transaction transaction = opened.begin();
            transaction.free(oid);
            transaction.commit(3);
        }
        assertEquals(WalDescriptor.FORMAT_VERSION, walVersion(store), "reset to this version");
        try (SegmentStore opened = SegmentStore.open(store, StoreDirs.smallNoCheckpoint())) {
            assertFalse(opened.contains(oid));
        }
    }

    @Test
    void shouldRefuseAnOlderVersionThanTheUpgradableOne() throws IOException {
        Path store = storeWithOneCommit(true);
        StoreDirs.writeHeaderVersion(store.resolve(StoreDirs.WAL), WalDescriptor.FILE_CRC_OFFSET, 1);
        StoreFormatException e = assertThrows(StoreFormatException.class,
            () -> SegmentStore.open(store, StoreDirs.smallNoCheckpoint()));
        assertTrue(e.getMessage().contains("format version 1") && e.getMessage().contains("older"), e.getMessage());
    }
}
