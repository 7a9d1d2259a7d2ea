package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.swizzle.StoreCorruptedException;
import org.swizzle.StoreFormatException;

/**
 * Damage on purpose: single bits flipped and files cut short at many offsets of every file kind
 * (cluster file header, segment directory, object tables, object bytes, WAL). Every open and read
 * must give the right data or {@link StoreCorruptedException}, never anything else: not even
 * {@link StoreFormatException}, which only an intact header of another format may raise (every header's
 * CRC is checked before its magic and version are judged); which damage must be detected, and which
 * may be harmless, is asserted per kind.
 * With {@code -Dswizzle.store.corruption.exhaustive=true} every byte is tried.
 */
class CorruptionTest {
    private static final StoreConfig CONFIG = StoreDirs.smallNoCheckpoint();
    private static final boolean EXHAUSTIVE = Boolean.getBoolean("swizzle.store.corruption.exhaustive");
    private static final int CLEAN_COMMITS = 4;
    private static final int ALL_COMMITS = 7;

    /** What one damaged store did. */
    enum Outcome {
        /** The open failed with StoreCorruptedException. */
        REFUSED_ON_OPEN,
        /** The store opened; reading a damaged object failed with StoreCorruptedException. */
        REFUSED_ON_READ,
        /** The store opened without the last commit: a WAL tail taken for torn. */
        TAIL_DROPPED,
        /** The store opened and every object read right: the damage touched nothing that matters. */
        HARMLESS
    }

    /** An object as a commit left it. */
    record Expected(int classId, byte[] bytes) {
    }

    @TempDir
    static Path shared;

    private static Path clean;
    private static Path crashed;
    private static final List<Map<Long, Expected>> models = new ArrayList<>();
    private static final TreeSet<Long> allOids = new TreeSet<>();
    private static final long[] walSizeAfter = new long[ALL_COMMITS + 1];
    private static final List<long[]> tableRanges = new ArrayList<>();
    private static final List<long[]> objectRanges = new ArrayList<>();
    private static long allocatedEnd;
    private static int activeSlot;

    @TempDir
    Path dir;

    private final Random random = new Random(7);
    private final Map<Outcome, Integer> outcomes = new EnumMap<>(Outcome.class);
    private int cases;

    @BeforeAll
    static void buildStores() throws IOException {
        clean = shared.resolve("clean");
        Map<Long, Expected> model = new HashMap<>();
        models.add(Map.copyOf(model));
        Random random = new Random(1);
        try (SegmentStore store = SegmentStore.open(clean, CONFIG)) {
            for (int commit = 1; commit <= CLEAN_COMMITS; commit++) {
                commit(store, commit, model, random);
            }
            allocatedEnd = store.freeSpace().allocatedEnd();
            for (long oid : allOids) {
                TableEntry entry = StoreDirs.entryOf(store, oid);
                if (entry.exists() && entry.length > 0) {
                    objectRanges.add(new long[] {entry.offset, entry.length});
                }
            }
            for (long segment = 0; segment <= Oids.segment(allOids.last()); segment++) {
                long table = StoreDirs.entryOf(store, Oids.firstOidOf(segment) + 1).position - SegmentTableDescriptor.ENTRY_LENGTH;
                tableRanges.add(new long[] {table, SegmentTableDescriptor.TABLE_LENGTH});
            }
        }
        ClusterHeader header = ClusterHeader.read(clean.resolve(StoreDirs.CLUSTERS), StoreDirs.headerPage(clean),
            ClusterFileDescriptor.PAGE_SIZE, new Checksums());
        activeSlot = header.slot(0).sequence() > header.slot(1).sequence() ? 0 : 1;
        Path live = shared.resolve("live");
        StoreDirs.crashCopy(clean, live);
        try (SegmentStore store = SegmentStore.open(live, CONFIG)) {
            walSizeAfter[CLEAN_COMMITS] = StoreDirs.walEnd(live.resolve(StoreDirs.WAL));
            for (int commit = CLEAN_COMMITS + 1; commit <= ALL_COMMITS; commit++) {
                if (commit == ALL_COMMITS) {
                    crashed = StoreDirs.crashCopy(live, shared.resolve("crashed"));
                }
                commit(store, commit, model, random);
                walSizeAfter[commit] = StoreDirs.walEnd(live.resolve(StoreDirs.WAL));
            }
            // The process died after appending the last block, before applying it: when a block can be torn.
            StoreDirs.copy(live, crashed, StoreDirs.WAL);
        }
    }

    /** Commit 1 creates objects (one empty, one larger than a cluster); later ones free, patch, resize and add. */
    private static void commit(SegmentStore store, int commit, Map<Long, Expected> model, Random random) {
        Transaction transaction = store.begin();
        if (commit == 1) {
            for (int i = 0; i < 300; i++) {
                int length = i == 7 ? 0 : i == 11 ? CONFIG.clusterSize() + 3000 : 8 + random.nextInt(200);
                put(transaction, transaction.newObject(), length, model, random);
            }
        } else {
            List<Long> oids = new ArrayList<>(model.keySet());
            oids.sort(null);
            oids.remove(SegmentStore.ROOTS_OID);
            for (int k = 0; k < 2; k++) {
                long oid = oids.remove(random.nextInt(oids.size()));
                transaction.free(oid);
                model.remove(oid);
            }
            for (int k = 0; k < 6; k++) {
                long oid = oids.get(random.nextInt(oids.size()));
                byte[] bytes = model.get(oid).bytes().clone();
                if (bytes.length > 0) {
                    bytes[random.nextInt(bytes.length)] ^= 0x5A;
                }
                transaction.put(oid, model.get(oid).classId(), LittleEndianBuffer.of(bytes), 0, bytes.length);
                model.put(oid, new Expected(model.get(oid).classId(), bytes));
            }
            for (int k = 0; k < 3; k++) {
                put(transaction, oids.get(random.nextInt(oids.size())), 8 + random.nextInt(600), model, random);
            }
            put(transaction, transaction.newObject(), 8 + random.nextInt(100), model, random);
            if (commit == CLEAN_COMMITS) {
                put(transaction, SegmentStore.ROOTS_OID, 40, model, random);
            }
        }
        transaction.commit(commit);
        models.add(Map.copyOf(model));
    }

    private static void put(Transaction transaction, long oid, int length, Map<Long, Expected> model, Random random) {
        byte[] bytes = new byte[length];
        random.nextBytes(bytes);
        int classId = random.nextInt(50);
        transaction.put(oid, classId, LittleEndianBuffer.of(bytes), 0, length);
        model.put(oid, new Expected(classId, bytes));
        allOids.add(oid);
    }

    // ---- the cases ----

    @Test
    void shouldDetectFlippedBitsInTheClusterFileHeader() throws IOException {
        int slotStart = ClusterFileDescriptor.slotOffset(1 - activeSlot);
        for (long offset : offsets(0, ClusterFileDescriptor.PAGE_SIZE, ClusterFileDescriptor.HEADER_END, 37)) {
            Outcome outcome = flip(clean, StoreDirs.CLUSTERS, offset, CLEAN_COMMITS);
            boolean inactiveSlot = offset >= slotStart && offset < slotStart + ClusterFileDescriptor.SLOT_LENGTH;
            assertTrue(outcome == Outcome.REFUSED_ON_OPEN || inactiveSlot && outcome == Outcome.HARMLESS,
                "a flip at header offset " + offset + " gave " + outcome);
        }
        report("cluster file header, bit flips");
    }

    @Test
    void shouldDetectFlippedBitsInTheSegmentDirectory() throws IOException {
        long size = Files.size(clean.resolve(StoreDirs.SEGMENTS));
        for (long offset = 0; offset < size; offset++) {
            assertEquals(Outcome.REFUSED_ON_OPEN, flip(clean, StoreDirs.SEGMENTS, offset, CLEAN_COMMITS),
                "a flip at directory offset " + offset);
        }
        report("segment directory, bit flips");
    }

    @Test
    void shouldDetectFlippedBitsInObjectTables() throws IOException {
        for (long offset : offsetsIn(tableRanges, EXHAUSTIVE ? 1 : 400)) {
            assertEquals(Outcome.REFUSED_ON_OPEN, flip(clean, StoreDirs.CLUSTERS, offset, CLEAN_COMMITS),
                "a flip at table offset " + offset);
        }
        report("object tables, bit flips");
    }

    @Test
    void shouldDetectFlippedBitsInObjectBytes() throws IOException {
        for (long offset : offsetsIn(objectRanges, EXHAUSTIVE ? 1 : 400)) {
            assertEquals(Outcome.REFUSED_ON_READ, flip(clean, StoreDirs.CLUSTERS, offset, CLEAN_COMMITS),
                "a flip at object offset " + offset);
        }
        report("object bytes, bit flips");
    }

    @Test
    void shouldDetectFlippedBitsInTheWalUnlessTheyTearItsLastBlock() throws IOException {
        long size = walSizeAfter[ALL_COMMITS];
        long lastBlock = walSizeAfter[ALL_COMMITS - 1];
        for (long offset = 0; offset < size; offset += EXHAUSTIVE ? 1 : 3) {
            Outcome outcome = flip(crashed, StoreDirs.WAL, offset, ALL_COMMITS);
            boolean inLastBlock = offset >= lastBlock;
            assertTrue(outcome == Outcome.REFUSED_ON_OPEN || inLastBlock && outcome == Outcome.TAIL_DROPPED,
                "a flip at WAL offset " + offset + " (last block at " + lastBlock + ") gave " + outcome);
        }
        report("WAL, bit flips");
    }

    @Test
    void shouldDetectTruncatedFiles() throws IOException {
        long clusterFile = Files.size(clean.resolve(StoreDirs.CLUSTERS));
        List<Long> cuts = new ArrayList<>(offsets(0, clusterFile, 256, Math.max(1, clusterFile / 200)));
        cuts.addAll(List.of(allocatedEnd - 1, allocatedEnd, allocatedEnd + 1));
        for (long cut : cuts) {
            Outcome outcome = truncate(clean, StoreDirs.CLUSTERS, cut, CLEAN_COMMITS);
            assertEquals(cut < allocatedEnd ? Outcome.REFUSED_ON_OPEN : Outcome.HARMLESS, outcome,
                "the cluster file cut to " + cut + " bytes (allocated end " + allocatedEnd + ")");
        }
        long directory = Files.size(clean.resolve(StoreDirs.SEGMENTS));
        for (long cut = 0; cut < directory; cut++) {
            assertEquals(Outcome.REFUSED_ON_OPEN, truncate(clean, StoreDirs.SEGMENTS, cut, CLEAN_COMMITS),
                "the directory cut to " + cut + " bytes");
        }
        long lastBlock = walSizeAfter[ALL_COMMITS - 1];
        for (long cut = 0; cut < walSizeAfter[ALL_COMMITS]; cut += EXHAUSTIVE ? 1 : 4) {
            Outcome outcome = truncate(crashed, StoreDirs.WAL, cut, ALL_COMMITS);
            if (cut < lastBlock) {
                assertEquals(Outcome.REFUSED_ON_OPEN, outcome, "the WAL cut to " + cut + " bytes, inside its header or"
                    + " blocks whose commits reached the cluster file (the last block starts at " + lastBlock + ')');
            } else {
                assertEquals(Outcome.TAIL_DROPPED, outcome, "the WAL cut to " + cut + " bytes, inside its last block,"
                    + " which was appended but not applied");
            }
        }
        report("truncations of the cluster file, directory and WAL");
    }

    // ---- running one case ----

    private Outcome flip(Path pristine, String file, long offset, int lastCommit) throws IOException {
        Path copy = copy(pristine);
        StoreDirs.flipBit(copy.resolve(file), offset, (int) (offset % 8));
        return check(copy, lastCommit, "bit " + offset % 8 + " of " + file + " offset " + offset, -1);
    }

    private Outcome truncate(Path pristine, String file, long size, int lastCommit) throws IOException {
        Path copy = copy(pristine);
        StoreDirs.truncate(copy.resolve(file), size);
        long keptCommits = -1;
        if (file.equals(StoreDirs.WAL)) {
            keptCommits = CLEAN_COMMITS;
            while (keptCommits < ALL_COMMITS && walSizeAfter[(int) keptCommits + 1] <= size) {
                keptCommits++;
            }
        }
        return check(copy, lastCommit, file + " cut to " + size + " bytes", keptCommits);
    }

    /** Opens the damaged store and reads every object; fails on anything but right data or a store exception. */
    private Outcome check(Path store, int lastCommit, String damage, long expectedCommit) {
        cases++;
        Outcome outcome;
        try (SegmentStore opened = SegmentStore.open(store, CONFIG)) {
            long commit = opened.lastCommit();
            if (commit < CLEAN_COMMITS || commit > lastCommit || expectedCommit >= 0 && commit != expectedCommit) {
                fail(damage + ": the store opened at commit " + commit + ", expected "
                    + (expectedCommit >= 0 ? expectedCommit : lastCommit));
            }
            boolean refused = readAll(opened, models.get((int) commit), damage);
            outcome = refused ? Outcome.REFUSED_ON_READ : commit < lastCommit ? Outcome.TAIL_DROPPED : Outcome.HARMLESS;
        } catch (StoreCorruptedException e) {
            outcome = Outcome.REFUSED_ON_OPEN;
        } catch (StoreFormatException e) {
            throw new AssertionError(damage + ": damage reported as another format, not as a StoreCorruptedException: "
                + e.getMessage(), e);
        } catch (RuntimeException | Error e) {
            throw new AssertionError(damage + ": expected right data or a StoreCorruptedException, got " + e, e);
        }
        outcomes.merge(outcome, 1, Integer::sum);
        return outcome;
    }

    /** Reads every object; returns whether any read was refused. Fails on wrong data. */
    private static boolean readAll(SegmentStore store, Map<Long, Expected> model, String damage) {
        boolean refused = false;
        LittleEndianBuffer view = LittleEndianBuffer.of(new byte[0]);
        for (long oid : allOids) {
            Expected expected = model.get(oid);
            try {
                if (expected == null) {
                    assertTrue(!store.contains(oid), damage + ": object " + oid + " should not exist");
                    continue;
                }
                LittleEndianBuffer bytes = store.read(oid, view);
                byte[] found = new byte[bytes.capacity()];
                bytes.getBytes(0, found);
                if (!Arrays.equals(expected.bytes(), found) || store.classId(oid) != expected.classId()) {
                    fail(damage + ": object " + oid + " was read with wrong bytes or class id");
                }
            } catch (StoreCorruptedException e) {
                refused = true;
            }
        }
        return refused;
    }

    private Path copy(Path pristine) throws IOException {
        Path copy = dir.resolve("case");
        StoreDirs.crashCopy(pristine, copy);
        Files.deleteIfExists(copy.resolve(StoreLock.FILE_NAME));
        return copy;
    }

    // ---- offsets ----

    /** Every offset below {@code dense}, then every {@code step}-th up to {@code end} (every one when exhaustive). */
    private static List<Long> offsets(long start, long end, long dense, long step) {
        List<Long> offsets = new ArrayList<>();
        for (long offset = start; offset < end; offset += offset < dense || EXHAUSTIVE ? 1 : step) {
            offsets.add(offset);
        }
        return offsets;
    }

    /** {@code count} seeded random offsets inside {@code ranges} (every offset when {@code count} is 1). */
    private List<Long> offsetsIn(List<long[]> ranges, int count) {
        List<Long> offsets = new ArrayList<>();
        if (count == 1) {
            ranges.forEach(range -> {
                for (long offset = range[0]; offset < range[0] + range[1]; offset++) {
                    offsets.add(offset);
                }
            });
            return offsets;
        }
        for (int i = 0; i < count; i++) {
            long[] range = ranges.get(random.nextInt(ranges.size()));
            offsets.add(range[0] + (long) random.nextInt((int) range[1]));
        }
        return offsets;
    }

    private void report(String kind) {
        System.out.println("Corruption cases, " + kind + ": " + cases + " tried, " + outcomes);
    }
}
