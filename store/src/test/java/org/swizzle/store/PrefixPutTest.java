package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.swizzle.store.TestBytes.assertBytes;
import static org.swizzle.store.TestBytes.bytes;

import java.io.IOException;
import java.nio.file.Path;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A put of an image's first bytes alone: what differs there is logged, and the new image's checksum follows from
 * the committed one, so that a read checks the whole image against it after the apply, a reopen and a recovery.
 */
class PrefixPutTest {
    private static final int LENGTH = 300_000;
    private static final int CLASS_ID = 7;

    @TempDir
    Path dir;

    private SegmentStore store;
    private long oid;

    @BeforeEach
    void storeAnImage() {
        store = SegmentStore.open(dir.resolve("store"), StoreDirs.smallNoCheckpoint());
        Transaction transaction = store.begin();
        oid = transaction.newObject();
        transaction.put(oid, CLASS_ID, bytes(1, LENGTH), 0, LENGTH);
        transaction.commit(1);
    }

    @AfterEach
    void close() {
        store.close();
    }

    /** The committed image with {@code prefix}'s bytes over its start. */
    private static LittleEndianBuffer expected(LittleEndianBuffer prefix) {
        LittleEndianBuffer image = bytes(1, LENGTH);
        image.putBytes(0, prefix, 0, prefix.capacity());
        return image;
    }

    /** The committed image's first {@code length} bytes, with the bytes at {@code changed} flipped. */
    private static LittleEndianBuffer prefix(int length, int... changed) {
        LittleEndianBuffer prefix = LittleEndianBuffer.of(new byte[length]);
        prefix.putBytes(0, bytes(1, LENGTH), 0, length);
        for (int at : changed) {
            prefix.putByte(at, (byte) ~prefix.getByte(at));
        }
        return prefix;
    }

    @Test
    void shouldLogWhatDiffersInThePrefixAndChecksumTheWholeImage() {
        LittleEndianBuffer prefix = prefix(5_000, 2, 3, 100, 4_999);
        long loggedBefore = store.counters().walBytesLogged();
        Transaction transaction = store.begin();
        transaction.putPrefix(oid, CLASS_ID, prefix, 0, prefix.capacity());
        transaction.commit(2);
        long logged = store.counters().walBytesLogged() - loggedBefore;
        assertTrue(logged < 512, "a prefix put of 4 changed bytes logged " + logged + " bytes");
        assertBytes(expected(prefix), store.read(oid, LittleEndianBuffer.empty()), "read after the apply, checked");

        store.close();
        store = SegmentStore.open(dir.resolve("store"), StoreDirs.smallNoCheckpoint());
        assertBytes(expected(prefix), store.read(oid, LittleEndianBuffer.empty()), "read after a reopen, checked");
    }

    @Test
    void shouldGiveTheSameChecksumAsAWholePut() {
        LittleEndianBuffer prefix = prefix(64, 0, 63);
        Transaction transaction = store.begin();
        transaction.putPrefix(oid, CLASS_ID, prefix, 0, prefix.capacity());
        transaction.commit(2);
        int followed = crcOf(oid);

        Transaction whole = store.begin();
        whole.put(oid, CLASS_ID, bytes(1, LENGTH), 0, LENGTH);
        whole.commit(3);
        Transaction again = store.begin();
        again.put(oid, CLASS_ID, expected(prefix), 0, LENGTH);
        again.commit(4);
        assertEquals(crcOf(oid), followed, "the checksum a whole put computes");
    }

    private int crcOf(long object) {
        TableEntry entry = new TableEntry();
        store.objects().load(object, entry);
        return entry.crc;
    }

    @Test
    void shouldBeReplayedByRecovery() throws IOException {
        LittleEndianBuffer prefix = prefix(300, 10, 299);
        Transaction transaction = store.begin();
        transaction.putPrefix(oid, CLASS_ID, prefix, 0, prefix.capacity());
        transaction.commit(2);
        Path crashed = StoreDirs.crashCopy(dir.resolve("store"), dir.resolve("crashed"));
        try (SegmentStore recovered = SegmentStore.open(crashed, StoreDirs.smallNoCheckpoint())) {
            assertBytes(expected(prefix), recovered.read(oid, LittleEndianBuffer.empty()), "read after recovery, checked");
        }
    }

    @Test
    void shouldLogNothingForAnUnchangedPrefix() {
        long loggedBefore = store.counters().walBytesLogged();
        Transaction transaction = store.begin();
        transaction.putPrefix(oid, CLASS_ID, prefix(1_000), 0, 1_000);
        transaction.commit(2);
        assertEquals(loggedBefore, store.counters().walBytesLogged());
    }

    @Test
    void shouldReplaceAWholePutOfTheSameObjectInTheTransaction() {
        LittleEndianBuffer prefix = prefix(100, 50);
        Transaction transaction = store.begin();
        transaction.put(oid, CLASS_ID, bytes(9, LENGTH), 0, LENGTH);
        transaction.putPrefix(oid, CLASS_ID, prefix, 0, prefix.capacity());
        transaction.commit(2);
        assertBytes(expected(prefix), store.read(oid, LittleEndianBuffer.empty()), "the later put, over the committed image");
    }

    @Test
    void shouldPutAPrefixAsLongAsTheImage() {
        LittleEndianBuffer whole = prefix(LENGTH, 0, 4_095, 4_096, LENGTH - 1);
        Transaction transaction = store.begin();
        transaction.putPrefix(oid, CLASS_ID, whole, 0, LENGTH);
        transaction.commit(2);
        assertBytes(whole, store.read(oid, LittleEndianBuffer.empty()), "read back, checked");
    }

    @Test
    void shouldRefuseAnObjectFreedInTheTransaction() {
        Transaction transaction = store.begin();
        transaction.free(oid);
        assertThrows(IllegalStateException.class, () -> transaction.putPrefix(oid, CLASS_ID, prefix(8), 0, 8));
        transaction.abandon();
    }

    @Test
    void shouldRefuseAnotherClassALongerPrefixAndANewObject() {
        Transaction transaction = store.begin();
        assertThrows(IllegalArgumentException.class, () -> transaction.putPrefix(oid, CLASS_ID + 1, prefix(8), 0, 8));
        LittleEndianBuffer tooLong = LittleEndianBuffer.of(new byte[LENGTH + 1]);
        assertThrows(IllegalArgumentException.class, () -> transaction.putPrefix(oid, CLASS_ID, tooLong, 0, LENGTH + 1));
        long created = transaction.newObject();
        assertThrows(IllegalArgumentException.class, () -> transaction.putPrefix(created, CLASS_ID, prefix(8), 0, 8));
        transaction.abandon();
    }
}
