package org.swizzle.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ObjLongConsumer;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.swizzle.StoreIOException;

/**
 * The index file ({@link IndexFile}) and the index over it ({@link HashIndex}), without a store: the objects are
 * plain ones held by OID in a map, and a {@code String} hash can be replaced to make keys collide.
 */
class HashIndexTest {

    @TempDir
    Path dir;

    /** An indexed object. */
    static final class Thing {
        String name;
        Integer number;

        Thing(String name, int number) {
            this.name = name;
            this.number = number;
        }
    }

    /** Committed objects by OID. */
    private final Map<Long, Thing> objects = new TreeMap<>();

    private final HashIndex.Source source = new HashIndex.Source() {
        @Override
        public Object committedObject(long oid) {
            return objects.get(oid);
        }

        @Override
        public void forEachCommitted(Class<?> type, ObjLongConsumer<Object> action) {
            objects.forEach((oid, object) -> action.accept(object, oid));
        }

        @Override
        public boolean mayHoldChanges(Object object) {
            return false;
        }

        @Override
        public long storeId() {
            return 42;
        }

        @Override
        public boolean isStored(long oid) {
            return objects.containsKey(oid);
        }
    };

    private HashIndex<String, Thing> byName(HashIndex.StringHash hash) {
        return new HashIndex<>(source, this, dir, "by-name", Thing.class, String.class, thing -> thing.name, hash);
    }

    private HashIndex<Integer, Thing> byNumber() {
        return new HashIndex<>(source, this, dir, "by-number", Thing.class, Integer.class, thing -> thing.number,
            HashIndex::stringHash);
    }

    private Path file(String name) {
        return dir.resolve("indexes").resolve(name + ".idx");
    }

    private void store(long oid, String name, int number) {
        objects.put(oid, new Thing(name, number));
    }

    @Test
    void shouldGrowPastTheInitialSizeIntoAFileSizedToItsEntries() throws IOException {
        for (int i = 0; i < 100_000; i++) {
            store(10 + i, "thing " + i, i);
        }
        HashIndex<Integer, Thing> index = byNumber();
        index.open(1);
        assertTrue(index.built());
        assertEquals(100_000, index.size());
        assertEquals(262_144, index.table().slots(), "the smallest power of two that keeps the load under 0.7");
        assertTrue(index.table().growths() >= 8, "grown from 1,024 slots: " + index.table().growths());
        for (int i = 0; i < 100_000; i += 7) {
            assertSame(objects.get(10L + i), index.get(i));
        }
        assertNull(index.get(100_000));
        index.close(1);
        assertEquals(IndexFile.HEADER + 262_144L * IndexFile.SLOT, Files.size(file("by-number")));
        assertFalse(Files.exists(dir.resolve("indexes/by-number.idx.tmp")));

        HashIndex<Integer, Thing> again = byNumber();
        again.open(1);
        assertFalse(again.built(), "a cleanly closed index at the store's commit is reused, not rebuilt");
        assertEquals(100_000, again.size());
        assertSame(objects.get(10L + 99_999), again.get(99_999));
        again.close(1);
    }

    @Test
    void shouldRefuseAnIndexFileTheSystemDeniesAccessToRatherThanCallItDamagedAndReplaceIt() {
        Path file = dir.resolve("by-name.idx");
        StoreIOException denied = assertThrows(StoreIOException.class,
            () -> IndexFile.refusedOrDamaged(file, "mapped", new AccessDeniedException(file.toString())));
        assertTrue(denied.getMessage().contains(file.toString()) && denied.getMessage().contains("access is denied")
            && !denied.getMessage().contains("damaged"), denied.getMessage());
        StoreIOException readOnly = assertThrows(StoreIOException.class, () -> IndexFile.refusedOrDamaged(file, "mapped",
            new java.nio.file.FileSystemException(file.toString(), null, "Read-only file system")));
        assertTrue(readOnly.getMessage().contains("Read-only file system"), readOnly.getMessage());
        assertEquals("cannot be read: java.io.IOException: Input/output error",
            IndexFile.refusedOrDamaged(file, "read", new IOException("Input/output error")).getMessage());
    }

    @Test
    void shouldStartSmall() throws IOException {
        store(10, "one", 1);
        HashIndex<Integer, Thing> index = byNumber();
        index.open(0);
        index.close(0);
        assertEquals(IndexFile.HEADER + IndexFile.MIN_SLOTS * IndexFile.SLOT, Files.size(file("by-number")));
    }

    @Test
    void shouldReuseTombstonesRatherThanGrow() {
        HashIndex<Integer, Thing> index = byNumber();
        index.open(0);
        long slots = index.table().slots();
        for (int round = 0; round < 50; round++) {
            for (int i = 0; i < 300; i++) {
                long oid = 10 + round * 1_000 + i;
                store(oid, "t", round * 1_000 + i);
                index.put(round * 1_000 + i, oid);
            }
            for (int i = 0; i < 300; i++) {
                Thing gone = objects.remove(10L + round * 1_000 + i);
                assertNull(index.get(gone.number), "a freed object's entry finds nothing, and is dropped");
            }
            index.committed(round);
            assertEquals(0, index.size());
        }
        assertEquals(slots, index.table().slots(), "15,000 keys, at most 300 at a time, in 1,024 slots");
        index.close(50);
    }

    @Test
    void shouldFindEachOfSeveralStringKeysWithTheSameHash() {
        HashIndex.StringHash collide = (seed, key) -> key.length() <= 5 ? 42 : key.length(); // apple, pear, plum, fig
        store(10, "apple", 1);
        store(11, "pear", 2);
        store(12, "plum", 3);
        HashIndex<String, Thing> index = byName(collide);
        index.open(1);
        assertEquals(3, index.size(), "one entry per object, though all three have one hash");
        assertSame(objects.get(10L), index.get("apple"));
        assertSame(objects.get(11L), index.get("pear"));
        assertSame(objects.get(12L), index.get("plum"));
        assertNull(index.get("fig"), "a key with the same hash and no object");

        objects.get(11L).name = "quince"; // an uncommitted change: the entry looks stale
        assertNull(index.get("pear"));
        assertEquals(2, index.size(), "the lookup dropped the entry whose object has another hash now");
        assertSame(objects.get(12L), index.get("plum"), "the other entries with the hash stay");
        objects.get(11L).name = "pear"; // abort
        index.reverted();
        assertEquals(3, index.size());
        assertSame(objects.get(11L), index.get("pear"));

        store(13, "apple", 4); // the same key on another object: an entry each, and either is found
        index.put("apple", 13);
        assertEquals(4, index.size());
        Thing apple = index.get("apple");
        assertTrue(apple == objects.get(10L) || apple == objects.get(13L), "one of the two apples");
        apple.name = "kiwi"; // the one found takes another key: the other is found
        assertSame(objects.get(apple == objects.get(10L) ? 13L : 10L), index.get("apple"));
        apple.name = "apple";
        index.reverted();
        index.close(2);

        HashIndex<String, Thing> again = byName(collide);
        again.open(2);
        assertFalse(again.built());
        assertSame(objects.get(12L), again.get("plum"));
        again.close(2);
    }

    @Test
    void shouldFindStringKeysUnderTheSeededHash() {
        for (int i = 0; i < 5_000; i++) {
            store(10 + i, "name " + i, i);
        }
        HashIndex<String, Thing> index = byName(HashIndex::stringHash);
        index.open(1);
        for (int i = 0; i < 5_000; i++) {
            assertSame(objects.get(10L + i), index.get("name " + i));
        }
        assertNull(index.get("name 5000"));
        index.close(1);
        assertTrue(HashIndex.stringHash(1, "Aa") != HashIndex.stringHash(1, "BB"), "not String.hashCode's collisions");
        assertTrue(HashIndex.stringHash(1, "x") != HashIndex.stringHash(2, "x"), "seeded");
    }

    @Test
    void shouldRebuildWhenTheStoreMovedOnOrTheMarkerIsGone() throws IOException {
        store(10, "one", 1);
        HashIndex<Integer, Thing> index = byNumber();
        index.open(1);
        index.close(1);
        HashIndex<Integer, Thing> behind = byNumber();
        behind.open(2);
        assertTrue(behind.built(), "the store is at a later commit");
        behind.close(2);
        Files.delete(dir.resolve("indexes/by-number.commit"));
        HashIndex<Integer, Thing> unmarked = byNumber();
        unmarked.open(2);
        assertTrue(unmarked.built());
        // left open, as by a killed process: the marker says "open"
        HashIndex<Integer, Thing> crashed = byNumber();
        crashed.open(2);
        assertTrue(crashed.built());
        assertSame(objects.get(10L), crashed.get(1));
        crashed.close(2);
        unmarked.close(2);
    }

    @Test
    void shouldRebuildAnIndexWhoseHeaderOrSlotsWereDamaged() throws IOException {
        for (int i = 0; i < 100; i++) {
            store(10 + i, "thing " + i, i);
        }
        for (int at : new int[] {IndexFile.ENTRIES_AT, IndexFile.SLOTS_AT, IndexFile.MAGIC_AT, IndexFile.HEADER + 8}) {
            HashIndex<Integer, Thing> index = byNumber();
            index.open(1);
            index.close(1);
            flipByte(file("by-number"), at);
            HashIndex<Integer, Thing> damaged = byNumber();
            damaged.open(1);
            assertTrue(damaged.built(), "damage at byte " + at + " is seen, and the index rebuilt");
            assertEquals(100, damaged.size());
            assertSame(objects.get(10L + 77), damaged.get(77));
            damaged.close(1);
        }
    }

    @Test
    void shouldRebuildAnIndexOpenedForAnotherKeyClassThanItsFileWasBuiltFor() {
        for (int i = 0; i < 100; i++) {
            store(10 + i, "thing " + i, i);
        }
        HashIndex<Integer, Thing> index = byNumber();
        index.open(1);
        index.close(1);
        HashIndex<Long, Thing> longKeys = new HashIndex<>(source, this, dir, "by-number", Thing.class, Long.class,
            thing -> (long) thing.number, HashIndex::stringHash);
        List<LogRecord> logged = new ArrayList<>();
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord record) {
                logged.add(record);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger logger = Logger.getLogger("org.swizzle.core");
        logger.addHandler(handler);
        try {
            longKeys.open(1);
        } finally {
            logger.removeHandler(handler);
        }
        assertTrue(longKeys.built(), "the file of Integer keys is rebuilt for Long keys");
        assertTrue(logged.stream().noneMatch(record -> record.getLevel() == Level.WARNING), "not called damaged");
        assertTrue(logged.stream().anyMatch(record -> record.getLevel() == Level.INFO && record.getMessage().contains(
            "was built for keys of class java.lang.Integer and is now opened for java.lang.Long")), "the rebuild says why");
        assertTrue(logged.stream().noneMatch(record -> record.getMessage().contains("Building index")),
            "no second line calling the index up to date");
        assertSame(objects.get(10L + 77), longKeys.get(77L));
        longKeys.close(1);
        HashIndex<Long, Thing> again = new HashIndex<>(source, this, dir, "by-number", Thing.class, Long.class,
            thing -> (long) thing.number, HashIndex::stringHash);
        again.open(1);
        assertFalse(again.built(), "the rebuilt file is used as it is");
        assertEquals(100, again.size());
        again.close(1);
    }

    @Test
    void shouldTellAHeaderDamagedOrOfAnotherKeyTypeOrASizeThatDoesNotMatch() throws IOException {
        Path path = dir.resolve("t.idx");
        IndexFile table = IndexFile.create(path, HashIndex.KeyClass.INTEGER.code(), 7);
        table.add(5, 10);
        table.close();
        IndexFile reopened = assertOpens(path, HashIndex.KeyClass.INTEGER.code());
        assertEquals(1, reopened.entries());
        assertEquals(7, reopened.seed());
        reopened.release();

        IndexFile.OtherKeysException otherKeys = assertThrows(IndexFile.OtherKeysException.class,
            () -> IndexFile.open(path, HashIndex.KeyClass.LONG.code())); // not damaged: an index whose key type changed
        assertEquals(HashIndex.KeyClass.INTEGER.code(), otherKeys.storedKeyType());

        flipByte(path, IndexFile.TOMBSTONES_AT);
        assertTrue(damage(path, HashIndex.KeyClass.INTEGER.code()).contains("checksum"));
        flipByte(path, IndexFile.TOMBSTONES_AT);
        assertOpens(path, HashIndex.KeyClass.INTEGER.code()).release();

        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.WRITE)) {
            channel.truncate(channel.size() - IndexFile.SLOT);
        }
        assertTrue(damage(path, HashIndex.KeyClass.INTEGER.code()).contains("not the size of its 1024 slots"));
        Files.write(path, new byte[10]);
        assertTrue(damage(path, HashIndex.KeyClass.INTEGER.code()).contains("shorter than its header"));
        Files.write(path, new byte[4096]);
        assertTrue(damage(path, HashIndex.KeyClass.INTEGER.code()).contains("not a version 1 index file"));
    }

    private static IndexFile assertOpens(Path path, int keyType) {
        try {
            return IndexFile.open(path, keyType);
        } catch (IndexFile.DamagedException e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }

    private static String damage(Path path, int keyType) {
        return assertThrows(IndexFile.DamagedException.class, () -> IndexFile.open(path, keyType)).getMessage();
    }

    private static void flipByte(Path path, long at) throws IOException {
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer one = ByteBuffer.allocate(1).order(ByteOrder.LITTLE_ENDIAN);
            channel.read(one, at);
            one.put(0, (byte) (one.get(0) ^ 0x5A)).clear();
            channel.write(one, at);
        }
    }
}
