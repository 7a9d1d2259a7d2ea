package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.swizzle.store.TestBytes.assertBytes;
import static org.swizzle.store.TestBytes.bytes;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Commits are applied through the cluster file's mapping: bytes that cross a region boundary land
 * whole, and applying blocks a second time, as recovery does after a crash, leaves the same files.
 */
class MappedApplyTest {
    private static final int CLUSTER = StoreConfig.MIN_CLUSTER_SIZE;
    /** Regions of one cluster, so that every object larger than a cluster crosses a region boundary. */
    private static final StoreConfig SMALL_REGIONS = new StoreConfig(CLUSTER, false, Long.MAX_VALUE, CLUSTER);

    @TempDir
    Path dir;

    private final LittleEndianBuffer view = LittleEndianBuffer.of(new byte[0]);

    @Test
    void shouldApplyObjectsAndRangesThatCrossRegionBoundaries() throws IOException {
        Path store = dir.resolve("store");
        int length = 3 * CLUSTER + 100;
        LittleEndianBuffer changed = bytes(1, length);
        for (int at = CLUSTER - 3; at < CLUSTER + 3; at++) {
            changed.putByte(at, (byte) ~changed.getByte(at));
        }
        long oid;
        Path crashed;
        try (SegmentStore opened = SegmentStore.open(store, SMALL_REGIONS)) {
            Transaction transaction = opened.begin();
            oid = TestBytes.putNew(transaction, 1, length);
            transaction.commit(1);
            assertEquals(0, StoreDirs.offsetOf(opened, oid) % CLUSTER, "a large object starts a cluster, and a region");
            assertBytes(bytes(1, length), opened.read(oid, view), "an image over four regions");

            long payload = opened.counters().payloadBytesLogged();
            transaction = opened.begin();
            transaction.put(oid, 1, changed, 0, length);
            transaction.commit(2);
            assertEquals(1, opened.counters().lastCommitRecords());
            assertEquals(6, opened.counters().payloadBytesLogged() - payload, "one range of 6 bytes, across the first boundary");
            assertBytes(changed, opened.read(oid, view), "patched across a region boundary");
            crashed = StoreDirs.crashCopy(store, dir.resolve("crashed"));
        }
        try (SegmentStore opened = SegmentStore.open(store, SMALL_REGIONS)) {
            assertBytes(changed, opened.read(oid, view), "reopened");
        }
        try (SegmentStore opened = SegmentStore.open(crashed, SMALL_REGIONS)) {
            assertEquals(2, opened.counters().commitsRecovered());
            assertBytes(changed, opened.read(oid, view), "replayed");
        }
    }

    @Test
    void shouldLeaveTheSameFilesWhenBlocksAreAppliedTwice() throws IOException {
        Path live = dir.resolve("live");
        Path crashed;
        try (SegmentStore store = SegmentStore.open(live, SMALL_REGIONS)) {
            long[] oids = new long[600];
            Transaction transaction = store.begin();
            for (int i = 0; i < oids.length; i++) {
                oids[i] = TestBytes.putNew(transaction, i, i % 7 == 0 ? 2 * CLUSTER + i : 50 + i % 100);
            }
            transaction.commit(1);
            for (int commit = 2; commit <= 6; commit++) {
                transaction = store.begin();
                for (int i = commit; i < oids.length; i += 11) {
                    int length = store.length(oids[i]);
                    LittleEndianBuffer next = bytes(i, length);
                    next.putInt(length / 2 - 2, commit);
                    int newLength = commit == 4 && i % 2 == 0 ? length + 300 : commit == 5 && i % 3 == 0 ? length / 2
                        : length;
                    transaction.put(oids[i], i % 100, newLength == length ? next : bytes(commit * i, newLength), 0,
                        newLength);
                }
                TestBytes.putNew(transaction, 1000 + commit, 3 * CLUSTER);
                transaction.commit(commit);
            }
            crashed = StoreDirs.crashCopy(live, dir.resolve("crashed"));
        }
        try (SegmentStore store = SegmentStore.open(crashed, SMALL_REGIONS)) {
            assertEquals(6, store.counters().commitsRecovered(), "every block, applied once already, applied again");
        }
        assertArrayEquals(afterHeaderPage(live, StoreDirs.CLUSTERS), afterHeaderPage(crashed, StoreDirs.CLUSTERS));
        assertArrayEquals(Files.readAllBytes(live.resolve(StoreDirs.SEGMENTS)),
            Files.readAllBytes(crashed.resolve(StoreDirs.SEGMENTS)));
    }

    private static byte[] afterHeaderPage(Path store, String file) throws IOException {
        byte[] all = Files.readAllBytes(store.resolve(file));
        return Arrays.copyOfRange(all, ClusterFileDescriptor.PAGE_SIZE, all.length);
    }
}
