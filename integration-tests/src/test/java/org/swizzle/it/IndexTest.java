package org.swizzle.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.swizzle.InvalidOptionException;
import org.swizzle.ObjectIndex;
import org.swizzle.ObjectStore;
import org.swizzle.StoreClosedException;
import org.swizzle.StoreException;
import org.swizzle.StoreIOException;
import org.swizzle.it.model.Holder;
import org.swizzle.it.model.Item;
import org.swizzle.store.Tool;

/** Hash indexes: derived data in an index file, checked on every lookup, rebuilt when damaged or stale. */
class IndexTest {

    @TempDir
    Path dir;

    private static ObjectIndex<Integer, Item> byValue(ObjectStore store) {
        return store.index("items-by-value", Item.class, Integer.class, item -> item.value);
    }

    private void storeItems(int count) {
        try (ObjectStore store = ObjectStore.open(dir)) {
            Holder holder = store.root("h", Holder.class, Holder::new);
            for (int i = 0; i < count; i++) {
                holder.items.add(new Item(i, "item " + i));
            }
            store.commit();
        }
    }

    @Test
    void shouldFindCommittedObjectsByKey() {
        storeItems(1_000);
        try (ObjectStore store = ObjectStore.open(dir)) {
            ObjectIndex<Integer, Item> index = byValue(store);
            assertEquals(1_000, index.size(), "built from the objects already stored");
            Item found = index.get(421);
            assertEquals("item 421", found.label);
            assertSame(found, store.root("h", Holder.class).items.get(421), "one Java object per stored object");
            assertNull(index.get(5_000));

            Item added = new Item(5_000, "added");
            store.root("h", Holder.class).items.add(added);
            assertNull(index.get(5_000), "an object becomes findable when it is committed");
            store.commit();
            assertSame(added, index.get(5_000));

            found.value = 9_999;
            store.commit();
            assertNull(index.get(421), "the old key no longer finds it");
            assertSame(found, index.get(9_999));
        }
    }

    @Test
    void shouldFindAnObjectUnderItsCommittedKeyAgainOnceAnUncommittedKeyChangeIsDiscarded() {
        storeItems(100);
        try (ObjectStore store = ObjectStore.open(dir)) {
            ObjectIndex<Integer, Item> index = byValue(store);
            Item found = index.get(42);
            found.value = 4242;
            assertNull(index.get(42), "the lookup checks the object's current key");
            assertNull(index.get(4242), "the new key is indexed by the commit");
            store.abort();
            assertSame(found, index.get(42), "the abort reverted the key, and the entry is back");
            assertEquals(100, index.size());
            found.value = 4242;
            assertNull(index.get(42));
        } // close discards the change as abort does
        try (ObjectStore store = ObjectStore.open(dir)) {
            assertEquals("item 42", byValue(store).get(42).label);
            assertEquals(100, byValue(store).size(), "the index file, reused, has the entry");
        }
    }

    @Test
    void shouldFindUnderItsCommittedKeyAnObjectWhoseKeyChangedBeforeTheBuildOnceTheChangeIsDiscarded() {
        storeItems(100);
        try (ObjectStore store = ObjectStore.open(dir)) {
            Item changed = store.root("h", Holder.class).items.get(42);
            changed.value = 4242;
            ObjectIndex<Integer, Item> index = byValue(store); // built from the objects, one with an uncommitted key
            store.abort();
            assertSame(changed, index.get(42), "the build read the uncommitted key; the abort indexes the committed one");
            assertNull(index.get(4242));
        }
        try (ObjectStore store = ObjectStore.open(dir)) {
            assertEquals(42, byValue(store).get(42).value, "and the file closed with it finds it in the next session");
        }
    }

    @Test
    void shouldRefuseACommitWhoseKeyFunctionFailsAndCommitOnceTheObjectIsFixed() {
        storeItems(10);
        try (ObjectStore store = ObjectStore.open(dir)) {
            ObjectIndex<Integer, Item> byLength = store.index("items-by-label-length", Item.class, Integer.class,
                item -> item.label.length());
            Holder holder = store.root("h", Holder.class);
            holder.items.get(3).label = null;
            StoreException refused = assertThrows(StoreException.class, store::commit);
            assertTrue(refused.getMessage().contains("items-by-label-length") && refused.getMessage().contains("Nothing was committed")
                && refused.getCause() instanceof NullPointerException, refused.getMessage());
            assertEquals(0, store.stats().commits(), "the refused commit is not counted");
            holder.items.get(3).label = "fixed";
            holder.items.get(4).label = "a longer label";
            assertEquals(2, store.commit(), "the next commit takes the number the refused one did not");
            assertSame(holder.items.get(4), byLength.get("a longer label".length()));
        }
        try (ObjectStore store = ObjectStore.open(dir)) {
            Holder holder = store.root("h", Holder.class);
            assertEquals("fixed", holder.items.get(3).label, "the refused commit wrote nothing, the next one its fix");
            assertSame(holder.items.get(4), store.index("items-by-label-length", Item.class, Integer.class,
                item -> item.label.length()).get("a longer label".length()));
        }
    }

    /**
     * A key function that fails while the index is built from the stored objects is refused naming the index and the
     * object, and the index is built again at its next open; an index of a closed store refuses lookups as the store does.
     */
    @Test
    void shouldNameTheObjectWhoseKeyFailsTheBuildAndRefuseLookupsAfterClose() {
        storeItems(10);
        try (ObjectStore store = ObjectStore.open(dir)) {
            store.root("h", Holder.class).items.get(3).label = null;
            store.commit();
        }
        ObjectIndex<Integer, Item> byValue;
        try (ObjectStore store = ObjectStore.open(dir)) {
            StoreException refused = assertThrows(StoreException.class, () -> store.index("items-by-label-length", Item.class,
                Integer.class, item -> item.label.length()));
            assertTrue(refused.getMessage().contains("The key function of index items-by-label-length failed for object ")
                && refused.getMessage().contains(Item.class.getName()) && refused.getCause() instanceof NullPointerException,
                refused.getMessage());
            assertFalse(Files.exists(dir.resolve("indexes").resolve("items-by-label-length.idx")), "the half-built file is deleted");
            Function<Item, Long> giveLong = item -> (long) item.value;
            @SuppressWarnings({"unchecked", "rawtypes"})
            Function<Item, Integer> longAsInteger = (Function) giveLong; // an unchecked cast the compiler let through
            StoreException longKeys = assertThrows(StoreException.class, () -> store.index("items-by-long", Item.class,
                Integer.class, longAsInteger));
            assertTrue(longKeys.getMessage().contains("The key function of index items-by-long failed for object ")
                && longKeys.getMessage().contains("gave a java.lang.Long where the index takes java.lang.Integer keys"),
                longKeys.getMessage());
            ObjectIndex<Integer, Item> byLength = store.index("items-by-label-length", Item.class, Integer.class,
                item -> item.label == null ? null : item.label.length());
            assertEquals(9, byLength.size(), "built again, the object without a label left out");
            byValue = byValue(store);
            assertEquals("item 5", byValue.get(5).label);
        }
        assertThrows(StoreClosedException.class, () -> byValue.get(5));
        StoreClosedException closed = assertThrows(StoreClosedException.class, byValue::size);
        assertTrue(closed.getMessage().contains("items-by-value"), closed.getMessage());
    }

    @Test
    void shouldRefuseANameOrKeyTypeItDoesNotTake() {
        storeItems(1);
        try (ObjectStore store = ObjectStore.open(dir)) {
            byValue(store);
            assertThrows(InvalidOptionException.class, () -> store.index("../escape", Item.class, Integer.class, item -> item.value));
            assertThrows(InvalidOptionException.class, () -> store.index("..", Item.class, Integer.class, item -> item.value),
                "trial 81: its files were hidden, indexes/...idx");
            assertThrows(InvalidOptionException.class, () -> store.index("by-short", Item.class, Short.class, item -> (short) 1));
            InvalidOptionException otherTypes = assertThrows(InvalidOptionException.class,
                () -> store.index("items-by-value", Item.class, String.class, item -> item.label));
            assertTrue(otherTypes.getMessage().contains("is open for " + Item.class.getName() + " objects by java.lang.Integer"
                + " keys, not for " + Item.class.getName() + " objects by java.lang.String keys"), otherTypes.getMessage());
            @SuppressWarnings({"unchecked", "rawtypes"})
            ObjectIndex<Object, Item> raw = (ObjectIndex) byValue(store); // trial 81: a ClassCastException, no index named
            InvalidOptionException otherKey = assertThrows(InvalidOptionException.class, () -> raw.get(5L));
            assertTrue(otherKey.getMessage().contains("Index 'items-by-value'") && otherKey.getMessage().contains(
                "was given a java.lang.Long to look up, where it takes java.lang.Integer keys"), otherKey.getMessage());
            assertNotNull(raw.get(0), "a key of its type is still found");
        }
    }

    @Test
    void shouldNotFindTheObjectsACollectionFreed() {
        storeItems(100);
        try (ObjectStore store = ObjectStore.open(dir)) {
            assertEquals(100, byValue(store).size(), "built, faulting every item (which this session then holds)");
            store.root("h", Holder.class).items.subList(50, 100).clear();
            store.commit();
        }
        try (ObjectStore store = ObjectStore.open(dir)) { // a new session: nothing in memory holds the items dropped
            ObjectIndex<Integer, Item> index = byValue(store);
            assertEquals(100, index.size(), "the index still has an entry for each item dropped");
            assertEquals(50, store.collectGarbage(), "the 50 items no root reaches are freed");
            assertEquals(50, index.size(), "the collection's end drops the entries of the objects it freed");
            assertNull(index.get(75), "a freed object's key finds nothing");
            assertEquals("item 25", index.get(25).label, "a reachable object is still found");
            Item added = new Item(75, "new 75");
            store.root("h", Holder.class).items.add(added);
            store.commit();
            assertSame(added, index.get(75), "a new object under a freed object's key is found");
            assertEquals(51, index.size());
        }
        try (ObjectStore store = ObjectStore.open(dir)) {
            store.root("h", Holder.class).items.subList(0, 10).clear();
            store.commit();
        }
        try (ObjectStore store = ObjectStore.open(dir)) {
            assertEquals(10, store.collectGarbage(), "a collection the closed index does not see");
        }
        try (ObjectStore store = ObjectStore.open(dir)) {
            assertEquals(41, byValue(store).size(), "a cleanly closed index drops the entries of the objects freed meanwhile");
        }
        assertEquals(0, Tool.run(new String[] {"reindex", dir.toString()}, System.out, System.err));
        try (ObjectStore store = ObjectStore.open(dir)) {
            assertEquals(41, byValue(store).size(), "a rebuild indexes the stored objects, not the freed ones");
        }
    }

    @Test
    void shouldReuseACleanlyClosedIndexInANewJvm() {
        storeItems(100);
        try (ObjectStore store = ObjectStore.open(dir)) {
            byValue(store).get(1);
        }
        String output = Jvm.withAgent().run(IndexLookup.class, dir.toString(), "42").ok().output;
        assertTrue(output.contains("FOUND item 42") && !output.contains("Building index"), output);
    }

    /**
     * An index marker damaged to bytes that are not text is damaged derived data: the store opens (it refused every
     * writable open with a decoding failure, in an application with no index too), the index is rebuilt, and the tool's
     * reindex reads such a marker too.
     */
    @Test
    void shouldOpenTheStoreAndRebuildAnIndexWhoseMarkerIsNotText() throws Exception {
        storeItems(100);
        try (ObjectStore store = ObjectStore.open(dir)) {
            byValue(store).get(1);
        }
        Path marker = dir.resolve("indexes").resolve("items-by-value.commit");
        damageFirstByte(marker);
        try (ObjectStore store = ObjectStore.open(dir)) {
            ObjectIndex<Integer, Item> index = byValue(store);
            assertEquals("item 42", index.get(42).label);
            store.root("h", Holder.class).items.get(7).value = 700;
            store.commit();
            assertEquals("item 7", index.get(700).label);
        }
        damageFirstByte(marker);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(0, Tool.run(new String[] {"reindex", dir.toString()}, new PrintStream(out, true), System.err));
        assertTrue(out.toString().contains("items-by-value") && out.toString().contains("which names no commit"),
            out.toString());
        String output = Jvm.withAgent().run(IndexLookup.class, dir.toString(), "700").ok().output;
        assertTrue(output.contains("FOUND item 7"), output);
    }

    private static void damageFirstByte(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        bytes[0] = (byte) 0xFF;
        Files.write(file, bytes);
    }

    /**
     * A commit is durable before its keys go into the index: a table that cannot grow to take them (a full disk; here a
     * directory where the grown file is written) leaves the commit made, the index refusing lookups that would miss
     * the new objects, and its file rebuilt at the next open, in this JVM or another.
     */
    @Test
    void shouldRefuseLookupsAfterTheIndexCouldNotTakeACommitsKeysAndRebuildItAtTheNextOpen() throws Exception {
        storeItems(500);
        Path grown = dir.resolve("indexes/items-by-value.idx.tmp");
        try (ObjectStore store = ObjectStore.open(dir)) {
            ObjectIndex<Integer, Item> index = byValue(store);
            assertEquals(500, index.size());
            Files.createDirectories(grown.resolve("blocked"));
            Holder holder = store.root("h", Holder.class);
            for (int i = 500; i < 800; i++) { // past 70% of the 1,024 slots: the table grows
                holder.items.add(new Item(i, "item " + i));
            }
            long commit = store.commit();
            assertEquals(2, commit, "the commit is made");
            StoreIOException refused = assertThrows(StoreIOException.class, () -> index.get(700));
            assertTrue(refused.getMessage().contains("items-by-value") && refused.getMessage().contains("commit " + commit)
                && refused.getMessage().contains("rebuilds the index"), refused.getMessage());
            holder.items.add(new Item(800, "item 800"));
            store.commit(); // the store goes on
        }
        Files.delete(grown.resolve("blocked"));
        String output = Jvm.withAgent().run(IndexLookup.class, dir.toString(), "716").ok().output;
        assertTrue(output.contains("FOUND item 716") && output.contains("Building index"), output);
        assertTrue(output.contains("the index was open at commit 1 (in use"), "the marker in words: " + output);
        try (ObjectStore store = ObjectStore.open(dir)) {
            ObjectIndex<Integer, Item> index = byValue(store);
            assertEquals(801, index.size());
            assertEquals("item 800", index.get(800).label);
        }
    }

    /**
     * Two committed objects with one key: either is found, and when one takes another key or is freed, the other is,
     * in this JVM and in the next (the index file keeps an entry for each).
     */
    @Test
    void shouldFindTheOtherObjectWithAKeyOnceOneTakesAnotherOrGoes() {
        storeItems(100);
        try (ObjectStore store = ObjectStore.open(dir)) {
            Holder holder = store.root("h", Holder.class);
            Item duplicate = new Item(42, "duplicate");
            holder.items.add(duplicate);
            store.commit();
            assertTrue(byValue(store).get(42) != null);
            duplicate.value = 43;
            store.commit();
            assertEquals("item 42", byValue(store).get(42).label, "the duplicate took another key");
            holder.items.get(42).value = 44;
            duplicate.value = 42;
            store.commit();
            assertEquals("duplicate", byValue(store).get(42).label);
            holder.items.remove(duplicate);
            holder.items.get(42).value = 42;
            store.commit();
            store.collectGarbage();
        }
        String output = Jvm.withAgent().run(IndexLookup.class, dir.toString(), "42").ok().output;
        assertTrue(output.contains("FOUND item 42") && !output.contains("Building index"), output);
    }

    /** An index file built for another class under the same name is rebuilt, not read as this one's. */
    @Test
    void shouldRebuildAnIndexOfTheSameNameForAnotherClass() {
        storeItems(100);
        try (ObjectStore store = ObjectStore.open(dir)) {
            assertEquals("item 3", byValue(store).get(3).label);
        }
        try (ObjectStore store = ObjectStore.open(dir)) {
            ObjectIndex<Integer, Holder> bySize = store.index("items-by-value", Holder.class, Integer.class, holder -> holder.items.size());
            assertSame(store.root("h", Holder.class), bySize.get(100));
            assertEquals(1, bySize.size());
        }
    }

    /**
     * The index files of another store, copied in with its directory's files, are rebuilt, not read as this store's:
     * they hold the other store's OIDs, and a store at the same commit number found nothing under a key it holds.
     */
    @Test
    void shouldRebuildTheIndexFilesOfAnotherStore() throws Exception {
        Path ours = dir.resolve("ours");
        Path other = dir.resolve("other");
        for (Path store : new Path[] {ours, other}) {
            try (ObjectStore opened = ObjectStore.open(store)) {
                Holder holder = opened.root("h", Holder.class, Holder::new);
                for (int i = 0; i < 100; i++) {
                    int value = store == ours ? i : 99 - i; // the other store gives each value another OID
                    holder.items.add(new Item(value, store.getFileName() + " item " + value));
                }
                opened.commit();
                assertEquals(store.getFileName() + " item 42", byValue(opened).get(42).label);
            }
        }
        for (String file : new String[] {"items-by-value.idx", "items-by-value.commit"}) {
            Files.copy(other.resolve("indexes").resolve(file), ours.resolve("indexes").resolve(file),
                StandardCopyOption.REPLACE_EXISTING);
        }
        try (ObjectStore store = ObjectStore.open(ours)) {
            ObjectIndex<Integer, Item> index = byValue(store);
            for (int value = 0; value < 100; value++) {
                assertEquals("ours item " + value, index.get(value).label);
            }
        }
    }

    /**
     * Store files put back from an earlier copy, beside the index files of the later commits: the commits made from
     * there on reach the index's commit number again with other objects, so the index is rebuilt, not taken as up to
     * date (part 6's new key was not found).
     */
    @Test
    void shouldRebuildAnIndexAheadOfStoreFilesPutBackFromAnEarlierCopy(@TempDir Path copy) throws Exception {
        storeItems(100);
        try (ObjectStore store = ObjectStore.open(dir)) {
            byValue(store).get(1);
        }
        List<Path> storeFiles;
        try (Stream<Path> files = Files.list(dir)) {
            storeFiles = files.filter(Files::isRegularFile).collect(Collectors.toList());
        }
        for (Path file : storeFiles) {
            Files.copy(file, copy.resolve(file.getFileName()));
        }
        try (ObjectStore store = ObjectStore.open(dir)) {
            ObjectIndex<Integer, Item> index = byValue(store);
            store.root("h", Holder.class).items.get(5).value = 500;
            assertEquals(2, store.commit());
            assertEquals("item 5", index.get(500).label);
        }
        for (Path file : storeFiles) {
            Files.copy(copy.resolve(file.getFileName()), file, StandardCopyOption.REPLACE_EXISTING);
        }
        try (ObjectStore store = ObjectStore.open(dir)) { // no index open: the commit reaches 2 again
            store.root("h", Holder.class).items.get(6).value = 600;
            assertEquals(2, store.commit());
        }
        for (String key : new String[] {"600", "5", "500"}) {
            String output = Jvm.withAgent().run(IndexLookup.class, dir.toString(), key).ok().output;
            String expected = key.equals("600") ? "FOUND item 6" : key.equals("5") ? "FOUND item 5" : "FOUND null";
            assertTrue(output.contains(expected), key + ": " + output);
        }
    }

    @Test
    void shouldBuildANewIndexWithoutALine() {
        storeItems(100);
        String output = Jvm.withAgent().run(IndexLookup.class, dir.toString(), "42").ok().output;
        assertTrue(output.contains("FOUND item 42") && !output.contains("Building index"), output);
        assertTrue(Files.exists(dir.resolve("indexes").resolve("items-by-value.idx")), "the index was built");
    }

    @Test
    void shouldRebuildAnIndexTheToolMarkedStale() {
        storeItems(100);
        try (ObjectStore store = ObjectStore.open(dir)) {
            byValue(store).get(1);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int exit = Tool.run(new String[] {"reindex", dir.toString()}, new PrintStream(out, true), System.err);
        assertEquals(0, exit);
        assertTrue(out.toString().contains("items-by-value") && out.toString().contains("1 index(es) marked"), out.toString());
        assertTrue(out.toString().contains("was up to date with commit ") && out.toString().contains(
            "(objects of " + Item.class.getName() + ")"), "the marker in words, not its text: " + out);
        String output = Jvm.withAgent().run(IndexLookup.class, dir.toString(), "42").ok().output;
        assertTrue(output.contains("FOUND item 42") && output.contains("Building index"), output);
        assertTrue(output.contains("the index was without a marker"), "the marker in words: " + output);
    }

    @Test
    void shouldRebuildADamagedIndex() throws Exception {
        storeItems(100);
        try (ObjectStore store = ObjectStore.open(dir)) {
            byValue(store).get(1);
        }
        Path file = dir.resolve("indexes/items-by-value.idx");
        Files.write(file, new byte[4096]);
        try (ObjectStore store = ObjectStore.open(dir)) {
            assertEquals("item 77", byValue(store).get(77).label);
        }
    }

    @Test
    void shouldRebuildAnIndexLeftByAKilledProcess(@TempDir Path logs) throws Exception {
        storeItems(100);
        Path log = logs.resolve("index.log");
        Process child = Jvm.withAgent().start(log, IndexLookup.class, dir.toString(), "42", "hold");
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!(Files.exists(log) && Files.readString(log).contains("HOLDING")) && System.nanoTime() < deadline) {
                assertTrue(child.isAlive(), () -> "child died: " + read(log));
                Thread.sleep(10);
            }
        } finally {
            child.toHandle().destroyForcibly();
            child.waitFor();
        }
        try (ObjectStore store = ObjectStore.open(dir)) {
            assertEquals("item 43", byValue(store).get(43).label);
            assertEquals(100, byValue(store).size());
        }
    }

    @Test
    void shouldReuseAnIndexInAJvmWithoutTheCompilerModuleAndKeepItsFileSmall() throws Exception {
        storeItems(100);
        try (ObjectStore store = ObjectStore.open(dir)) {
            byValue(store).get(1);
        }
        assertEquals(64 + 1_024 * 16, Files.size(dir.resolve("indexes/items-by-value.idx")), "1,024 slots of 16 bytes");
        String output = Jvm.withAgent().jvmOption("--limit-modules=java.base,java.instrument,java.logging,jdk.unsupported")
            .run(IndexLookup.class, dir.toString(), "42").ok().output;
        assertTrue(output.contains("FOUND item 42") && !output.contains("Building index"), output);
    }

    @Test
    void shouldIndexStringKeysAndGrowWithTheEntries() throws Exception {
        storeItems(20_000);
        try (ObjectStore store = ObjectStore.open(dir)) {
            ObjectIndex<String, Item> index = byLabel(store);
            assertEquals(20_000, index.size());
            Item found = index.get("item 12345");
            assertEquals(12_345, found.value);
            assertNull(index.get("item 20000"));
            found.label = "renamed";
            assertNull(index.get("item 12345"), "the lookup checks the object's current key");
            store.commit();
            assertSame(found, index.get("renamed"));
            assertNull(index.get("item 12345"));
        }
        assertEquals(64 + 32_768 * 16, Files.size(dir.resolve("indexes/items-by-label.idx")),
            "grown from 1,024 slots to the power of two that keeps 20,000 entries under 70%");
        String output = Jvm.withAgent().run(LabelLookup.class, dir.toString(), "renamed").ok().output;
        assertTrue(output.contains("FOUND 12345") && !output.contains("Building index"), output);
    }

    private static ObjectIndex<String, Item> byLabel(ObjectStore store) {
        return store.index("items-by-label", Item.class, String.class, item -> item.label);
    }

    /** Looks a label up in a fresh JVM. */
    public static final class LabelLookup {
        public static void main(String[] args) {
            try (ObjectStore store = ObjectStore.open(Path.of(args[0]))) {
                Item item = byLabel(store).get(args[1]);
                System.out.println("FOUND " + (item == null ? null : item.value));
            }
        }
    }

    private static String read(Path log) {
        try {
            return Files.readString(log);
        } catch (java.io.IOException e) {
            return e.toString();
        }
    }

    /** Looks a key up in a fresh JVM; with "hold", stays alive with the index open until killed. */
    public static final class IndexLookup {
        public static void main(String[] args) throws InterruptedException {
            try (ObjectStore store = ObjectStore.open(Path.of(args[0]))) {
                Item item = byValue(store).get(Integer.parseInt(args[1]));
                System.out.println("FOUND " + (item == null ? null : item.label));
                if (args.length > 2) {
                    store.root("h", Holder.class).items.get(0).label = "changed";
                    store.commit();
                    System.out.println("HOLDING");
                    System.out.flush();
                    Thread.sleep(120_000);
                }
            }
        }
    }
}
