package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.swizzle.store.TestBytes.assertBytes;
import static org.swizzle.store.TestBytes.bytes;

import java.nio.file.Path;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A commit logs the bytes that changed, not the objects that were put. */
class DiffLoggingTest {
    private static final int OBJECTS = 500;
    private static final int LENGTH = 64;

    @TempDir
    Path dir;

    private final LittleEndianBuffer view = LittleEndianBuffer.of(new byte[0]);
    private final long[] oids = new long[OBJECTS];
    private SegmentStore store;

    @BeforeEach
    void createObjects() {
        store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint());
        Transaction transaction = store.begin();
        for (int i = 0; i < OBJECTS; i++) {
            oids[i] = TestBytes.putNew(transaction, i, LENGTH);
        }
        transaction.commit(1);
    }

    @AfterEach
    void close() {
        store.close();
    }

    @Test
    void shouldLogOneSmallRecordPerScatteredIntChange() {
        StoreCounters before = snapshot();
        Transaction transaction = store.begin();
        for (int i = 0; i < OBJECTS; i++) {
            LittleEndianBuffer changed = bytes(i, LENGTH);
            int at = (i * 4) % (LENGTH - 4);
            changed.putInt(at, ~changed.getInt(at));
            transaction.put(oids[i], i % 100, changed, 0, LENGTH);
        }
        transaction.commit(2);

        StoreCounters counters = store.counters();
        assertEquals(OBJECTS, counters.objectsCompared() - before.objectsCompared);
        assertEquals((long) OBJECTS * LENGTH, counters.bytesCompared() - before.bytesCompared);
        assertEquals(OBJECTS, counters.recordsLogged() - before.recordsLogged, "one PATCH record per object");
        assertEquals(4L * OBJECTS, counters.payloadBytesLogged() - before.payloadBytesLogged, "4 bytes per record");
        assertEquals(0, counters.imagesLogged() - before.imagesLogged);
        long logged = WalDescriptor.BLOCK_HEADER_LENGTH + 1 + 1 + Varints.length(OBJECTS) + 1;
        long previous = 0;
        for (int i = 0; i < OBJECTS; i++) {
            int at = (i * 4) % (LENGTH - 4);
            logged += Varints.length(oids[i] - previous) + WalDescriptor.CRC_LENGTH + 1 + Varints.length(at) + 1 + 4;
            previous = oids[i];
        }
        assertEquals(WalDescriptor.align((int) logged), counters.walBytesLogged() - before.walBytesLogged,
            "block header, no SEGMENT, no IMAGE, then per object a PATCH: OID delta, CRC32C, one range (offset,"
                + " length, 4 bytes); no ALLOCATOR");
        for (int i = 0; i < OBJECTS; i++) {
            LittleEndianBuffer expected = bytes(i, LENGTH);
            int at = (i * 4) % (LENGTH - 4);
            expected.putInt(at, ~expected.getInt(at));
            assertBytes(expected, store.read(oids[i], view), "object " + i);
        }
    }

    @Test
    void shouldMergeChangesCloserThanARangeHeader() {
        StoreCounters before = snapshot();
        Transaction transaction = store.begin();
        LittleEndianBuffer changed = bytes(0, LENGTH);
        for (int at : new int[] {0, 2, 20, 23, 60}) {
            changed.putByte(at, (byte) ~changed.getByte(at));
        }
        transaction.put(oids[0], 0, changed, 0, LENGTH);
        transaction.commit(2);

        assertEquals(1, store.counters().recordsLogged() - before.recordsLogged, "one PATCH record for the object");
        assertEquals(3 + 1 + 1 + 1, store.counters().payloadBytesLogged() - before.payloadBytesLogged,
            "bytes 0 and 2 (1 equal byte between, less than a range header) make one range of 3 bytes; bytes 20 and 23"
                + " (2 equal bytes between, as many as a range header) two ranges; byte 60 another");
        int patch = Varints.length(oids[0]) + WalDescriptor.CRC_LENGTH + 1 + (2 + 3) + 3 * (2 + 1);
        assertEquals(WalDescriptor.align(WalDescriptor.BLOCK_HEADER_LENGTH + 1 + 1 + 1 + patch + 1 + 1 + 1),
            store.counters().lastCommitBytes());
        assertBytes(changed, store.read(oids[0], view), "object 0");
    }

    @Test
    void shouldLogNothingForAnUnchangedPut() {
        StoreCounters before = snapshot();
        long walBytes = store.counters().walBytesLogged();
        Transaction transaction = store.begin();
        for (int i = 0; i < OBJECTS; i++) {
            transaction.put(oids[i], i % 100, bytes(i, LENGTH), 0, LENGTH);
        }
        assertEquals(2, transaction.commit(2));

        assertEquals(OBJECTS, store.counters().objectsCompared() - before.objectsCompared);
        assertEquals(before.commitsLogged, store.counters().commitsLogged(), "no block for a commit that changed nothing");
        assertEquals(walBytes, store.counters().walBytesLogged());
        assertEquals(1, store.lastCommit(), "a commit that logged nothing does not advance the last commit");
    }

    @Test
    void shouldLetALaterPutOfTheSameObjectReplaceAnEarlierOne() {
        StoreCounters before = snapshot();
        Transaction transaction = store.begin();
        LittleEndianBuffer changed = bytes(0, LENGTH);
        changed.putLong(8, 12345);
        transaction.put(oids[0], 0, changed, 0, LENGTH);
        transaction.put(oids[0], 0, bytes(0, LENGTH), 0, LENGTH);
        transaction.commit(2);

        assertEquals(before.commitsLogged, store.counters().commitsLogged(), "the second put undid the first");
        assertBytes(bytes(0, LENGTH), store.read(oids[0], view), "object 0");
    }

    private StoreCounters snapshot() {
        StoreCounters live = store.counters();
        StoreCounters copy = new StoreCounters();
        copy.commitsLogged = live.commitsLogged();
        copy.recordsLogged = live.recordsLogged();
        copy.walBytesLogged = live.walBytesLogged();
        copy.payloadBytesLogged = live.payloadBytesLogged();
        copy.objectsCompared = live.objectsCompared();
        copy.bytesCompared = live.bytesCompared();
        copy.imagesLogged = live.imagesLogged();
        return copy;
    }
}
