package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A store of more than 2 GB: written, reopened, every object read back and checked, changed and
 * reopened again, then verified by the tool. Not in the default suite; run it with
 * {@code mvn -pl store test -Dgroups=large -DexcludedGroups=}.
 */
@Tag("large")
class LargeStoreTest {
    private static final long TARGET_BYTES = 2L * 1024 * 1024 * 1024 + 64L * 1024 * 1024;
    private static final int LARGE = 256 * 1024;
    private static final int LARGE_PER_COMMIT = 48;
    private static final int SMALL_PER_COMMIT = 4000;

    @TempDir
    Path dir;

    private final byte[] scratch = new byte[LARGE * 2];
    private final LittleEndianBuffer view = LittleEndianBuffer.of(new byte[0]);

    /** The length of object {@code index}: every {@value #SMALL_PER_COMMIT} + 48 a large one, else 64 to 2,111 bytes. */
    private static int lengthOf(long index) {
        int inCommit = (int) (index % (LARGE_PER_COMMIT + SMALL_PER_COMMIT));
        return inCommit < LARGE_PER_COMMIT ? LARGE + inCommit * 8 : 64 + (int) (index * 31 % 2048);
    }

    /** Fills the first {@code length} bytes of {@link #scratch} with the contents of object {@code seed}. */
    private LittleEndianBuffer contents(long seed, int length) {
        LittleEndianBuffer buffer = LittleEndianBuffer.of(scratch, 0, length);
        long x = seed * 0x9E3779B97F4A7C15L + 1;
        int i = 0;
        for (; i + Long.BYTES <= length; i += Long.BYTES) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
            buffer.putLong(i, x);
        }
        for (; i < length; i++) {
            buffer.putByte(i, (byte) (seed + i));
        }
        return buffer;
    }

    private void assertObject(SegmentStore store, long oid, long seed, int length) {
        LittleEndianBuffer read = store.read(oid, view);
        assertEquals(length, read.capacity(), "length of object " + oid);
        LittleEndianBuffer expected = contents(seed, length);
        for (int i = 0; i + Long.BYTES <= length; i += Long.BYTES) {
            if (read.getLong(i) != expected.getLong(i)) {
                assertEquals(expected.getLong(i), read.getLong(i), "object " + oid + " at byte " + i);
            }
        }
    }

    @Test
    void shouldWriteReopenReadAndCommitMoreThanTwoGigabytes() throws Exception {
        StoreConfig config = new StoreConfig(StoreConfig.DEFAULT_CLUSTER_SIZE, false, 256L * 1024 * 1024);
        long[] oids = new long[1 << 20];
        int objects = 0;
        long bytes = 0;
        long commit = 0;
        long start = System.nanoTime();
        try (SegmentStore store = SegmentStore.open(dir, config)) {
            while (bytes < TARGET_BYTES) {
                Transaction transaction = store.begin();
                for (int k = 0; k < LARGE_PER_COMMIT + SMALL_PER_COMMIT; k++) {
                    long oid = transaction.newObject();
                    oids[objects] = oid;
                    int length = lengthOf(objects);
                    transaction.put(oid, objects % 1000, contents(objects, length), 0, length);
                    objects++;
                    bytes += length;
                }
                transaction.commit(++commit);
            }
        }
        long written = System.nanoTime();
        long clusterFile = Files.size(dir.resolve(StoreDirs.CLUSTERS));
        assertTrue(clusterFile > 2L * 1024 * 1024 * 1024, "cluster file of " + clusterFile + " bytes");

        long opened;
        try (SegmentStore store = SegmentStore.open(dir, config)) {
            opened = System.nanoTime();
            assertEquals(commit, store.lastCommit());
            for (int i = 0; i < objects; i++) {
                assertObject(store, oids[i], i, lengthOf(i));
            }
            Transaction transaction = store.begin();
            for (int i = 0; i < objects; i += 997) {
                int length = lengthOf(i) + 5000;
                transaction.put(oids[i], 7, contents(i + objects, length), 0, length);
            }
            long added = transaction.newObject();
            transaction.put(added, 1, contents(-1, 100), 0, 100);
            transaction.commit(++commit);
        }
        long read = System.nanoTime();
        try (SegmentStore store = SegmentStore.open(dir, config)) {
            assertEquals(commit, store.lastCommit());
            for (int i = 0; i < objects; i += 997) {
                assertObject(store, oids[i], i + objects, lengthOf(i) + 5000);
            }
            assertObject(store, oids[1], 1, lengthOf(1));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int exit = Tool.run(new String[] {"verify", dir.toString()}, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        long verified = System.nanoTime();
        assertEquals(0, exit, out.toString(StandardCharsets.UTF_8));
        System.out.println("Large store: " + objects + " objects, " + bytes + " bytes in " + commit + " commits; write "
            + seconds(written - start) + ", open " + seconds(opened - written) + ", read all and commit "
            + seconds(read - opened) + ", verify " + seconds(verified - read) + "\n" + out.toString(StandardCharsets.UTF_8));
    }

    private static String seconds(long nanos) {
        return String.format("%.1f s", nanos / (double) TimeUnit.SECONDS.toNanos(1));
    }
}
