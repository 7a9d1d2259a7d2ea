package org.swizzle.it.paged;

import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

import org.swizzle.DetachedCollectionException;
import org.swizzle.ObjectStore;
import org.swizzle.it.InsideCommit;
import org.swizzle.it.Phases;

/** The child JVM of {@link PagedMapTest}, which runs it as {@link Phases}. */
public final class PagedMapWorkload {

    static final int ITEMS = 20_000;
    static final int BATCH = 1_000;
    static final int CODES = 2_000;
    static final int MIXED = 1_000;
    static final int ARRAYS_BEFORE = 10;
    static final int ARRAYS = 1_000;
    static final int RESTORED_MORE = 301;
    static final int NAMES = 2_000;
    static final int KEPT = 2_000;
    static final int SPLITTING_PUTS = 3_000;
    static final int ITEM_KEYS = 100;
    /** The key of {@link Catalogue#kept} whose entry is taken while the map is flat, below the kept keys' range. */
    static final long FLAT_KEY = -1;
    /** The most a one-entry put and its commit may log (the target for a 1,000,000-entry map). */
    static final long PUT_LOG_LIMIT = 8 * 1024;

    private final String phase;

    private PagedMapWorkload(String phase) {
        this.phase = phase;
    }

    public static void main(String[] args) throws Exception {
        PagedMapWorkload workload = new PagedMapWorkload(args[0]);
        Phases.run(args, Map.ofEntries(Map.entry("build", workload::build), Map.entry("cold", workload::cold),
            Map.entry("mutate", workload::mutate), Map.entry("verify", workload::verify), Map.entry("abort", workload::abort),
            Map.entry("arrays", workload::arrays), Map.entry("arraysVerify", workload::arraysVerify),
            Map.entry("restore", workload::restore), Map.entry("restoreVerify", workload::restoreVerify),
            Map.entry("secondStore", workload::secondStore), Map.entry("secondVerify", workload::secondVerify),
            Map.entry("mixed", workload::mixed), Map.entry("mixedVerify", workload::mixedVerify),
            Map.entry("misplacedPage", workload::misplacedPage), Map.entry("duplicatePage", workload::duplicatePage),
            Map.entry("sharedPage", workload::sharedPage), Map.entry("keptEntries", workload::keptEntries),
            Map.entry("keptEntriesVerify", workload::keptEntriesVerify), Map.entry("itemKeys", workload::itemKeys),
            Map.entry("itemKeysReadOnly", workload::itemKeysReadOnly)));
    }

    /**
     * After {@link DamagedPagesTest} wrote the second page of {@code items} over the first: a key of another page
     * is found, and a lookup that leads to the damaged page fails, naming it, rather than missing its key.
     */
    private void misplacedPage(ObjectStore store) {
        Catalogue catalogue = store.root("catalogue", Catalogue.class);
        Item last = catalogue.items.get((long) ITEMS - 1);
        check("a key of an undamaged page: " + last, last != null && last.name.equals("item-" + (ITEMS - 1)));
        Phases.checkCorrupt(phase, "a lookup in the damaged page", () -> catalogue.items.get(0L),
            "its page ", "outside its range of hashes", "items");
    }

    /** After {@link DamagedPagesTest} made the directory of {@code items} name its first page twice: refused, naming both. */
    private void duplicatePage(ObjectStore store) {
        Catalogue catalogue = store.root("catalogue", Catalogue.class);
        Phases.checkCorrupt(phase, "a lookup through a directory naming one page twice", () -> catalogue.items.get(0L),
            "pages 0 and 1 are both stored as OID", "items");
    }

    /**
     * After {@link DamagedPagesTest} made the first page of {@code names} the first page of {@code items}: that page,
     * read for {@code items}, is refused to {@code names}, naming it, and {@code items} still reads.
     */
    private void sharedPage(ObjectStore store) {
        Catalogue catalogue = store.root("catalogue", Catalogue.class);
        Item first = catalogue.items.get(0L);
        check("the first page of items reads: " + first, first != null && first.name.equals("item-0"));
        Phases.checkCorrupt(phase, "a lookup in names through a page of items", () -> catalogue.names.get(0L),
            "its page ", "already held elsewhere", "names");
        check("items still reads after the refusal", catalogue.items.get((long) ITEMS - 1).name.equals("item-" + (ITEMS - 1)));
    }

    /**
     * Entries taken with {@code toArray()} are set after puts split the pages they were in, and half their keys were
     * put again, as a {@code HashMap}'s entries can be after a resize: every value set is in the map, each set returns
     * the value the map held, and all is committed and read back after a kill.
     */
    private void keptEntries(ObjectStore store) {
        Catalogue catalogue = store.root("catalogue", Catalogue.class);
        catalogue.kept.put(FLAT_KEY, new Item(FLAT_KEY, "flat"));
        store.commit();
        Map.Entry<Long, Item> flat = entryOf(catalogue.kept, FLAT_KEY); // taken while the map is flat
        for (long id = 0; id < KEPT; id++) {
            catalogue.kept.put(id, new Item(id, "kept-" + id));
        }
        flat.setValue(new Item(FLAT_KEY, "set after paging"));
        check("a value set through an entry taken while the map was flat", catalogue.kept.get(FLAT_KEY).name.equals("set after paging"));
        store.commit();
        Map.Entry<Long, Item> removed = entryOf(catalogue.kept, 0L);
        catalogue.kept.remove(0L);
        catalogue.kept.put(0L, new Item(0, "kept-0"));
        removed.setValue(new Item(0, "set through a removed entry"));
        check("an entry whose key was removed and put again is the map's no longer", catalogue.kept.get(0L).name.equals("kept-0"));
        Object[] entries = catalogue.kept.entrySet().toArray();
        for (long t = 1; t <= SPLITTING_PUTS; t++) {
            long key = t << 32 | t % KEPT; // the hashes of the kept keys' ranges
            catalogue.kept.put(key, new Item(key, "splitting"));
        }
        for (long id = 0; id < KEPT; id += 2) {
            catalogue.kept.put(id, new Item(id, "put-" + id)); // after the splits: a new entry for the key
        }
        int wrongOld = 0;
        for (Object each : entries) {
            @SuppressWarnings("unchecked")
            Map.Entry<Long, Item> entry = (Map.Entry<Long, Item>) each;
            long id = entry.getKey();
            if (id == FLAT_KEY) {
                continue;
            }
            Item old = entry.setValue(new Item(id, "set-" + id));
            if (!old.name.equals((id % 2 == 0 ? "put-" : "kept-") + id) || !entry.getValue().name.equals("set-" + id)) {
                wrongOld++;
            }
        }
        check(wrongOld + " entries kept across splits returned another value than the map held, or kept the old one",
            wrongOld == 0);
        check("values set through entries kept across splits, as the map reads them", setThroughKept(catalogue) == KEPT);
        store.commit();
        Phases.halt(phase);
    }

    private void keptEntriesVerify(ObjectStore store) {
        Catalogue catalogue = store.root("catalogue", Catalogue.class);
        int set = setThroughKept(catalogue);
        check(set + " of " + KEPT + " values set through entries kept across splits", set == KEPT);
        check("size " + catalogue.kept.size(), catalogue.kept.size() == KEPT + SPLITTING_PUTS + 1);
        Item flat = catalogue.kept.get(FLAT_KEY);
        check("the value set through an entry taken while the map was flat: " + flat, flat.name.equals("set after paging"));
    }

    private static Map.Entry<Long, Item> entryOf(Map<Long, Item> map, long key) {
        for (Map.Entry<Long, Item> entry : map.entrySet()) {
            if (entry.getKey() == key) {
                return entry;
            }
        }
        throw new IllegalStateException("no key " + key);
    }

    /** A map of arrays keyed by persistent objects, compared at every commit since it holds arrays. */
    private void itemKeys(ObjectStore store) {
        Catalogue catalogue = store.root("catalogue", Catalogue.class);
        for (int i = 0; i < ITEM_KEYS; i++) {
            catalogue.arraysByItem.put(new Item(i, "key-" + i), new int[] {i});
        }
        store.commit();
        store.commit(); // the first commit that compares the map
    }

    /** A read-only pass over that map, in a session of its own, then a commit: it logs nothing. */
    private void itemKeysReadOnly(ObjectStore store) {
        Catalogue catalogue = store.root("catalogue", Catalogue.class);
        long sum = 0;
        for (Map.Entry<Item, int[]> entry : catalogue.arraysByItem.entrySet()) {
            sum += entry.getKey().id + entry.getValue()[0];
        }
        check("the map of arrays by item", sum == (long) ITEM_KEYS * (ITEM_KEYS - 1));
        long logged = store.stats().bytesLogged();
        store.commit();
        check("a read-only pass over a map of arrays by item logged " + (store.stats().bytesLogged() - logged)
            + " bytes", store.stats().bytesLogged() == logged);
    }

    private static int setThroughKept(Catalogue catalogue) {
        int set = 0;
        for (long id = 0; id < KEPT; id++) {
            Item item = catalogue.kept.get(id);
            if (item != null && item.name.equals("set-" + id)) {
                set++;
            }
        }
        return set;
    }

    private void check(String what, boolean holds) {
        Phases.check(phase, what, holds);
    }

    /** The maps built in commits of {@value #BATCH}. */
    private void build(ObjectStore store) {
        Catalogue catalogue = store.root("catalogue", Catalogue.class, Catalogue::new);
        catalogue.alias = catalogue.items;
        catalogue.token = new Token("token");
        for (long id = 0; id < ARRAYS_BEFORE; id++) {
            catalogue.arrays.put(id, new int[] {(int) id});
        }
        for (long id = 0; id < NAMES; id++) {
            catalogue.names.put(id, "name-" + id);
        }
        long secondBatch = 0;
        long lastBatch = 0;
        for (int from = 0; from < ITEMS; from += BATCH) {
            for (long id = from; id < from + BATCH; id++) {
                catalogue.items.put(id, new Item(id, "item-" + id));
            }
            long before = store.stats().bytesLogged();
            store.commit();
            lastBatch = store.stats().bytesLogged() - before;
            if (from == BATCH) {
                secondBatch = lastBatch;
            }
        }
        System.out.println("batches of ascending keys logged " + secondBatch + " bytes (the second) and " + lastBatch
            + " (the last)");
        check("the last batch of ascending keys logged " + lastBatch + " bytes, the second " + secondBatch
            + ": a commit grew with the map", lastBatch <= 2 * secondBatch);
        for (int i = 0; i < CODES; i++) {
            catalogue.codes.put(new Code("c" + i), i);
        }
        for (long id = 0; id < MIXED; id++) {
            catalogue.mixed.put(id, catalogue.items.get(id));
        }
        store.commit();
        check("size " + catalogue.items.size(), catalogue.items.size() == ITEMS);
    }

    /** A cold lookup reads one page; a read-only pass logs nothing; one put logs about one page. */
    private void cold(ObjectStore store) {
        Catalogue catalogue = store.root("catalogue", Catalogue.class);
        long pagesBefore = store.stats().pagesRead();
        Item item = catalogue.items.get(12_345L);
        check("cold get found " + item, item != null && item.name.equals("item-12345"));
        check("a cold get read " + (store.stats().pagesRead() - pagesBefore) + " pages, not 1",
            store.stats().pagesRead() - pagesBefore == 1);
        check("the alias is the same map", catalogue.alias == catalogue.items);
        check("a missing key", catalogue.items.get(-1L) == null && !catalogue.items.containsKey(-2L));
        check("a key of another type", catalogue.items.get("12345") == null);

        long sum = 0;
        int count = 0;
        for (Item each : catalogue.items.values()) {
            sum += each.id;
            count++;
        }
        check("a full pass saw " + count + " items", count == ITEMS && sum == (long) ITEMS * (ITEMS - 1) / 2);
        long loggedBefore = store.stats().bytesLogged();
        store.commit();
        check("a read-only pass logged " + (store.stats().bytesLogged() - loggedBefore) + " bytes",
            store.stats().bytesLogged() == loggedBefore);

        catalogue.items.put((long) ITEMS, new Item(ITEMS, "item-" + ITEMS));
        store.commit();
        long logged = store.stats().bytesLogged() - loggedBefore;
        System.out.println("one put and its commit logged " + logged + " bytes");
        check("one put and its commit logged " + logged + " bytes", logged <= PUT_LOG_LIMIT);
        catalogue.items.remove((long) ITEMS);
        store.commit();

        check("a value-hashed persistent key, new", Integer.valueOf(5).equals(catalogue.codes.get(new Code("c5"))));
        check("codes " + catalogue.codes.size(), catalogue.codes.size() == CODES);
    }

    /**
     * Every way to change a map, applied to {@code map}: the stored one, or a plain model of it; {@code commit} commits
     * the store from inside some of the changes' callbacks (nothing for the model).
     */
    static void changeEveryWay(Map<Long, Item> map, Runnable commit) {
        for (long id = 0; id < 2_000; id++) {
            map.remove(id * 7);
        }
        for (long id = 30_000; id < 31_000; id++) {
            map.put(id, new Item(id, "put-" + id));
        }
        map.put(5L, new Item(5, "five"));
        map.remove(13L, map.get(13L));
        map.remove(14L, new Item(14, "not this one"));
        map.replace(15L, new Item(15, "fifteen"));
        map.replace(16L, map.get(16L), new Item(16, "sixteen"));
        map.compute(17L, (key, value) -> new Item(key, value.name + "!"));
        map.compute(99_999L, (key, value) -> value == null ? new Item(key, "computed") : value);
        map.compute(18L, (key, value) -> null);
        map.computeIfAbsent(19L, key -> new Item(key, "not used"));
        map.computeIfAbsent(88_888L, key -> new Item(key, "absent"));
        map.computeIfPresent(20L, (key, value) -> new Item(key, "present"));
        map.computeIfPresent(22L, (key, value) -> null);
        map.merge(23L, new Item(23, "merged"), (a, b) -> new Item(23, a.name + "+" + b.name));
        map.merge(77_777L, new Item(77_777, "merged"), (a, b) -> a);
        map.compute(34L, (key, value) -> new InsideCommit(commit).commit(new Item(key, "computed inside a commit")));
        map.merge(37L, new Item(37, "merged"), (a, b) -> new InsideCommit(commit).commit(new Item(37, "merged inside a commit")));
        map.putIfAbsent(24L, new Item(24, "not used"));
        map.putIfAbsent(66_666L, new Item(66_666, "if absent"));
        for (Map.Entry<Long, Item> entry : map.entrySet()) {
            if (entry.getKey() % 11 == 0) {
                entry.setValue(new Item(entry.getKey(), "set-" + entry.getKey()));
            }
        }
        for (Iterator<Long> keys = map.keySet().iterator(); keys.hasNext(); ) {
            if (keys.next() % 13 == 1) {
                keys.remove();
            }
        }
        map.values().removeIf(value -> value.id % 29 == 3);
        map.entrySet().removeIf(entry -> entry.getKey() % 17 == 2);
        InsideCommit replacing = new InsideCommit(commit);
        map.replaceAll((key, value) -> replacing.commit(key % 19 == 0 ? new Item(key, "all-" + key) : value));
        Map<Long, Item> more = new HashMap<>();
        for (long id = 40_000; id < 40_500; id++) {
            more.put(id, new Item(id, "all-" + id));
        }
        map.putAll(more);
        map.keySet().remove(25L);
        map.values().remove(map.get(26L));
        map.entrySet().remove(Map.entry(31L, map.get(31L)));
    }

    /** The stored map changed every way, committed, and the JVM killed. */
    private void mutate(ObjectStore store) {
        Catalogue catalogue = store.root("catalogue", Catalogue.class);
        changeEveryWay(catalogue.items, store::commit);
        store.commit();
        Phases.halt(phase);
    }

    /** A plain map of what {@link #build} and {@link #changeEveryWay} leave. */
    private static Map<Long, Item> expected() {
        Map<Long, Item> model = new HashMap<>();
        for (long id = 0; id < ITEMS; id++) {
            model.put(id, new Item(id, "item-" + id));
        }
        changeEveryWay(model, () -> { });
        return model;
    }

    private void verify(ObjectStore store) {
        Catalogue catalogue = store.root("catalogue", Catalogue.class);
        Map<Long, Item> expected = expected();
        Map<Long, Item> items = catalogue.items;
        check("size " + items.size() + ", expected " + expected.size(), items.size() == expected.size());
        for (Map.Entry<Long, Item> entry : expected.entrySet()) {
            Item item = items.get(entry.getKey());
            if (item == null || !item.toString().equals(entry.getValue().toString())) {
                check("key " + entry.getKey() + " holds " + item + ", expected " + entry.getValue(), false);
                return;
            }
        }
        int seen = 0;
        for (Map.Entry<Long, Item> entry : items.entrySet()) {
            seen++;
            if (!expected.containsKey(entry.getKey())) {
                check("iteration met key " + entry.getKey() + ", which was removed", false);
                return;
            }
        }
        check("iteration saw " + seen + " entries", seen == expected.size());
        check("the alias is the same map", catalogue.alias == items);
        check("a map equal to its copy", items.equals(new HashMap<>(items)) && items.hashCode() == new HashMap<>(items).hashCode());
        Phases.checkPagesLetGo(phase, store);
    }

    /** abort() after changes to a page and a split: the map is detached, and the field holds the committed one. */
    private void abort(ObjectStore store) {
        Catalogue catalogue = store.root("catalogue", Catalogue.class);
        HashMap<Long, Item> before = catalogue.items;
        String committed = before.get(4L).toString();
        before.put(4L, new Item(4, "aborted"));
        for (long id = 50_000; id < 52_000; id++) {
            before.put(id, new Item(id, "aborted"));
        }
        store.abort();
        try {
            before.put(2L, new Item(2, "lost"));
            check("a change to the map abort() reverted is refused", false);
        } catch (DetachedCollectionException expected) {
            // as it should
        }
        HashMap<Long, Item> after = catalogue.items;
        check("after abort the field holds another map", after != before);
        check("after abort key 4 holds " + after.get(4L) + ", committed " + committed, after.get(4L).toString().equals(committed));
        check("after abort no aborted key", !after.containsKey(50_000L) && after.size() == expected().size());
        // the detached map still reads, and shares the pages neither changed with the map read again, either reading first
        Map<Long, Item> expected = expected();
        long last = ITEMS - 1;
        check("the detached map reads key " + last, before.get(last).toString().equals(expected.get(last).toString()));
        check("the map read again reads the same page", after.get(last) == before.get(last));
        long middle = ITEMS / 2;
        check("the map read again reads key " + middle, after.get(middle).toString().equals(expected.get(middle).toString()));
        check("the detached map reads the same page", before.get(middle) == after.get(middle));
        HashMap<Long, Item> computed = catalogue.items;
        computed.computeIfAbsent(60_000L, id -> { // an abort() made from a function discards the rest of the change
            store.abort();
            return new Item(id, "aborted");
        });
        check("after an abort from computeIfAbsent the field holds another map", catalogue.items != computed);
        check("after an abort from computeIfAbsent no aborted key", !catalogue.items.containsKey(60_000L));
    }

    /**
     * A map of arrays, compared at every commit while it is one image: grown into pages and reverted by abort(),
     * grown and committed, then changed and reverted again (abort() once threw here and left it empty), and an
     * array element changed in place inside a page.
     */
    private void arrays(ObjectStore store) {
        Catalogue catalogue = store.root("catalogue", Catalogue.class);
        for (long id = ARRAYS_BEFORE; id < ARRAYS; id++) {
            catalogue.arrays.put(id, new int[] {(int) id});
        }
        store.abort();
        check("abort() reverts a map of arrays grown into pages: " + catalogue.arrays.size(), catalogue.arrays.size() == ARRAYS_BEFORE);
        for (long id = ARRAYS_BEFORE; id < ARRAYS; id++) {
            catalogue.arrays.put(id, new int[] {(int) id});
        }
        store.commit();
        catalogue.arrays.put(5_000L, new int[] {1});
        store.abort();
        check("abort() reverts a paged map of arrays: " + catalogue.arrays.size(), catalogue.arrays.size() == ARRAYS);
        catalogue.arrays.get(7L)[0] = 77;
        store.commit();
        Phases.halt(phase);
    }

    private void arraysVerify(ObjectStore store) {
        Catalogue catalogue = store.root("catalogue", Catalogue.class);
        check("arrays " + catalogue.arrays.size(), catalogue.arrays.size() == ARRAYS);
        check("an element changed in place inside a page", catalogue.arrays.get(7L)[0] == 77);
        check("an element not changed", catalogue.arrays.get(999L)[0] == 999);
    }

    /** A paged map that abort() detached, stored again in another field: it must not share the pages of the map it was. */
    private void restore(ObjectStore store) {
        Catalogue catalogue = store.root("catalogue", Catalogue.class);
        HashMap<Long, Item> detached = catalogue.items;
        detached.put(4L, new Item(4, "detached-4"));
        store.abort();
        catalogue.restored = detached;
        store.commit();
        Phases.halt(phase);
    }

    private void restoreVerify(ObjectStore store) {
        Catalogue catalogue = store.root("catalogue", Catalogue.class);
        Map<Long, Item> expected = expected();
        check("the restored map is another map", catalogue.restored != catalogue.items);
        check("the restored map keeps its change", "detached-4".equals(catalogue.restored.get(4L).name));
        check("the map it was does not", expected.get(4L).name.equals(catalogue.items.get(4L).name));
        for (long id = 0; id < RESTORED_MORE; id++) {
            catalogue.restored.put(-100 - id, new Item(-100 - id, "restored"));
        }
        store.commit();
        check("the restored map grew: " + catalogue.restored.size(), catalogue.restored.size() == expected.size() + RESTORED_MORE);
        int seen = 0;
        for (Long key : catalogue.items.keySet()) {
            seen++;
            if (key < 0) {
                check("the map it was holds key " + key + " put into the restored map", false);
                return;
            }
        }
        check("the map it was keeps " + seen + " entries", seen == expected.size() && catalogue.items.size() == seen);
    }

    /** A paged map of this store held by an object of another store: written there whole, with none of this store's OIDs. */
    private void secondStore(ObjectStore store) {
        Catalogue catalogue = store.root("catalogue", Catalogue.class);
        try (ObjectStore second = ObjectStore.open(secondDirectory(store))) {
            second.root("catalogue", Catalogue.class, Catalogue::new).names = catalogue.names;
            second.commit();
        }
    }

    private void secondVerify(ObjectStore store) {
        try (ObjectStore second = ObjectStore.open(secondDirectory(store))) {
            Map<Long, String> copy = second.root("catalogue", Catalogue.class).names;
            check("the second store's map has " + copy.size() + " entries", copy.size() == NAMES);
            for (long id = 0; id < NAMES; id++) {
                if (!("name-" + id).equals(copy.get(id))) {
                    check("the second store's key " + id + " holds " + copy.get(id), false);
                    return;
                }
            }
        }
    }

    private static java.nio.file.Path secondDirectory(ObjectStore store) {
        return store.directory().resolveSibling("second");
    }

    /** A key that hashes by identity brings a paged map back to one image; the pages left are garbage. */
    private void mixed(ObjectStore store) {
        Catalogue catalogue = store.root("catalogue", Catalogue.class);
        catalogue.mixed.put(catalogue.token, catalogue.mixed.get(1L));
        store.commit();
        store.collectGarbage();
        catalogue.mixed.put(-1L, new Item(-1, "after"));
        store.commit();
        Phases.halt(phase);
    }

    private void mixedVerify(ObjectStore store) {
        Catalogue catalogue = store.root("catalogue", Catalogue.class);
        Map<Object, Item> mixed = catalogue.mixed;
        check("mixed size " + mixed.size(), mixed.size() == MIXED + 2);
        check("the identity key", mixed.get(catalogue.token) != null && mixed.get(catalogue.token).name.equals("item-1"));
        for (long id = 0; id < MIXED; id++) {
            Item item = mixed.get(id);
            if (item == null || !item.name.equals("item-" + id)) {
                check("mixed key " + id, false);
                return;
            }
        }
        check("the key put after", "after".equals(mixed.get(-1L).name));
        int items = 0;
        for (Item ignored : catalogue.items.values()) {
            items++;
        }
        check("the collection kept every page of the paged map: " + items + " items", items == expected().size());
        check("no unreachable objects", store.stats().objectsUnreachable() == 0);
    }
}
