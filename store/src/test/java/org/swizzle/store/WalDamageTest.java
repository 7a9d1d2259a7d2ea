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

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.swizzle.StoreCorruptedException;
import org.swizzle.StoreFormatException;

/**
 * A WAL damaged in the middle is not a torn tail: the store refuses it, naming the file and the
 * offset of the bad block, rather than silently dropping the commits after it.
 */
class WalDamageTest {
    private static final int COMMITS = 3;

    @TempDir
    Path dir;

    private final long[] walSizeAfter = new long[COMMITS + 1];
    private final long[] oids = new long[COMMITS + 1];
    private Path crashed;
    private Path wal;

    /** Three commits, none checkpointed; the files as a crash before the third is applied leaves them. */
    @BeforeEach
    void crashDuringThirdCommit() throws IOException {
        Path live = dir.resolve("live");
        try (SegmentStore store = SegmentStore.open(live, StoreDirs.smallNoCheckpoint())) {
            walSizeAfter[0] = StoreDirs.walEnd(live.resolve(StoreDirs.WAL));
            for (int commit = 1; commit <= COMMITS; commit++) {
                if (commit == COMMITS) {
                    crashed = StoreDirs.crashCopy(live, dir.resolve("crashed"));
                }
                Transaction transaction = store.begin();
                oids[commit] = TestBytes.putNew(transaction, commit, 3000);
                transaction.commit(commit);
                walSizeAfter[commit] = StoreDirs.walEnd(live.resolve(StoreDirs.WAL));
            }
            StoreDirs.copy(live, crashed, StoreDirs.WAL);
        }
        wal = crashed.resolve(StoreDirs.WAL);
    }

    @Test
    void shouldRefuseABlockDamagedInTheMiddleOfTheLog() throws IOException {
        long secondBlock = walSizeAfter[1];
        StoreDirs.flipByte(wal, secondBlock + 200);
        long fileSize = Files.size(wal);
        StoreCorruptedException e = assertThrows(StoreCorruptedException.class,
            () -> SegmentStore.open(crashed, StoreDirs.smallNoCheckpoint()));
        assertEquals(wal, e.file());
        assertEquals(secondBlock, e.offset(), "the offset of the damaged block");
        assertTrue(e.getMessage().contains("damaged in the middle") && e.getMessage().contains("a complete block follows at offset "
            + walSizeAfter[2]), e.getMessage());
        assertTrue(e.getMessage().endsWith("cut " + wal + " to " + secondBlock + " bytes on a copy of the store and open the"
            + " copy."), "the advice ends the message: " + e.getMessage());
        assertEquals(fileSize, Files.size(wal), "nothing is cut off a damaged log");
    }

    @Test
    void shouldRefuseZerosOverwritingTheFirstBlock() throws IOException {
        StoreDirs.writeAt(wal, walSizeAfter[0], ByteBuffer.allocate((int) (walSizeAfter[1] - walSizeAfter[0])));
        StoreCorruptedException e = assertThrows(StoreCorruptedException.class,
            () -> SegmentStore.open(crashed, StoreDirs.smallNoCheckpoint()));
        assertEquals(walSizeAfter[0], e.offset());
    }

    @Test
    void shouldRefuseABlockWhoseLengthWasDamaged() throws IOException {
        StoreDirs.writeAt(wal, walSizeAfter[0] + WalDescriptor.LENGTH_OFFSET,
            ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(0, 1 << 26));
        StoreCorruptedException e = assertThrows(StoreCorruptedException.class,
            () -> SegmentStore.open(crashed, StoreDirs.smallNoCheckpoint()));
        assertTrue(e.getMessage().contains("block length 67108864"), e.getMessage());
    }

    /** A crash in the middle of the last append leaves a sector of the block as it was: zeros. */
    @Test
    void shouldCutOffATornLastBlockFollowedByZeros() throws IOException {
        long lastBlock = walSizeAfter[COMMITS - 1];
        long sector = (lastBlock / WalScanner.SECTOR + 2) * WalScanner.SECTOR;
        StoreDirs.writeAt(wal, sector, ByteBuffer.allocate(WalScanner.SECTOR));
        StoreDirs.append(wal, new byte[8192]);
        try (SegmentStore store = SegmentStore.open(crashed, StoreDirs.smallNoCheckpoint())) {
            assertEquals(COMMITS - 1, store.lastCommit());
            assertFalse(store.contains(oids[COMMITS]));
            assertBytes(bytes(2, 3000), store.read(oids[2], LittleEndianBuffer.of(new byte[0])), "object of commit 2");
        }
    }

    /**
     * A byte of the last block damaged after it was written whole: no crash leaves that, and its commit may have
     * returned, so the store refuses to open rather than drop it, and says how to open it without it.
     */
    @Test
    void shouldRefuseALastBlockDamagedAfterItWasWritten() throws IOException {
        long lastBlock = walSizeAfter[COMMITS - 1];
        StoreDirs.flipByte(wal, walSizeAfter[COMMITS] - 100);
        StoreDirs.append(wal, new byte[8192]);
        long fileSize = Files.size(wal);
        StoreCorruptedException e = assertThrows(StoreCorruptedException.class,
            () -> SegmentStore.open(crashed, StoreDirs.smallNoCheckpoint()));
        assertEquals(wal, e.file());
        assertEquals(lastBlock, e.offset(), "the offset of the damaged block");
        assertTrue(e.getMessage().contains("every sector of it was written") && e.getMessage().contains("cut " + wal + " to "
            + lastBlock + " bytes"), e.getMessage());
        assertEquals(fileSize, Files.size(wal), "nothing is cut off a damaged log");
        StoreDirs.truncate(wal, lastBlock);
        try (SegmentStore store = SegmentStore.open(crashed, StoreDirs.smallNoCheckpoint())) {
            assertEquals(COMMITS - 1, store.lastCommit(), "opened as the message says, without the damaged commit");
        }
    }

    @Test
    void shouldRefuseADamagedWalHeader() throws IOException {
        StoreDirs.flipByte(wal, WalDescriptor.EPOCH_OFFSET);
        StoreCorruptedException e = assertThrows(StoreCorruptedException.class,
            () -> SegmentStore.open(crashed, StoreDirs.smallNoCheckpoint()));
        assertEquals(wal, e.file());
        assertEquals(WalDescriptor.FILE_CRC_OFFSET, e.offset());
    }

    @Test
    void shouldRefuseAWalOfANewerFormat() throws IOException {
        StoreDirs.writeHeaderVersion(wal, WalDescriptor.FILE_CRC_OFFSET, WalDescriptor.FORMAT_VERSION + 1);
        StoreFormatException e = assertThrows(StoreFormatException.class,
            () -> SegmentStore.open(crashed, StoreDirs.smallNoCheckpoint()));
        assertTrue(e.getMessage().contains(wal.toString()) && e.getMessage().contains("newer"), e.getMessage());
    }

    @Test
    void shouldRefuseAMissingOrEmptyWal() throws IOException {
        StoreDirs.truncate(wal, 0);
        StoreCorruptedException e = assertThrows(StoreCorruptedException.class,
            () -> SegmentStore.open(crashed, StoreDirs.smallNoCheckpoint()));
        assertTrue(e.getMessage().contains("shorter than its 32-byte header"), e.getMessage());
    }
}
