package org.swizzle.it.paged;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

import org.swizzle.ObjectStore;
import org.swizzle.UnsupportedFieldTypeException;
import org.swizzle.it.Phases;

/**
 * A paged map and a paged list large enough that their directories are stored in several sections: a put anywhere in
 * the map, or an element added or removed anywhere in the list, committed, compares and logs about one page, whatever
 * the collection's size; killed after the last commit, the next JVM finds every entry and element. Run by
 * {@link LargeDirectoryTest}, a phase per JVM.
 */
public final class LargeDirectoryWorkload {

    /** Entries of the even keys {@code 0, 2, ...}, built in commits of {@link #BATCH}. */
    static final int ENTRIES = 400_000;
    static final int BATCH = 40_000;
    /**
     * Keys put one per commit: odd ones at random places in the map, then, in a row, odd ones and keys above 2^32
     * that share their hashes, which overfill and split the pages they go to.
     */
    static final int PUTS = 300;
    static final int PUTS_IN_A_ROW = 1_000;
    /**
     * What one put's commit may compare: a page that splits, its new half, a section and the list of sections. The
     * whole directory of {@link #ENTRIES} entries (3,124 pages of 14 bytes) is nearly three times that.
     */
    static final long PUT_COMPARE_LIMIT = 16 * 1024;
    static final long PUT_LOG_LIMIT = 8 * 1024;
    static final long SEED = 20261125;
    /**
     * Elements added or removed one per commit at random places in the list of {@link #ENTRIES} items (782 chunks of 14
     * bytes in the directory); every third is an append. The same limits hold: a chunk that splits, its new half, a
     * section and the list of sections.
     */
    static final int LIST_CHANGES = 900;
    /**
     * Elements then removed in one commit from {@link #LIST_RANGE_FROM} on: hundreds of whole chunks, and the
     * middle one of the list's three sections (of about 257 chunks each) with them.
     */
    static final int LIST_RANGE_REMOVED = 200_000;
    static final int LIST_RANGE_FROM = ENTRIES / 4;
    /** The most elements a chunk of a paged list holds. */
    static final int CHUNK_CAPACITY = 512;
    /** Elements inserted in a row at {@link #LIST_INSERT_AT} before the commit that fails: a chunk splits. */
    static final int LIST_INSERTS = 600;
    static final int LIST_INSERT_AT = 1_000;

    private final String phase;

    private LargeDirectoryWorkload(String phase) {
        this.phase = phase;
    }

    public static void main(String[] args) throws Exception {
        LargeDirectoryWorkload workload = new LargeDirectoryWorkload(args[0]);
        Phases.run(args, Map.of("build", workload::build, "put", workload::put, "failedCommit", workload::failedCommit,
            "verify", workload::verify, "collect", workload::collect));
    }

    private void build(ObjectStore store) {
        Catalogue catalogue = store.root("large", Catalogue.class, Catalogue::new);
        Shelf shelf = store.root("shelf", Shelf.class, Shelf::new);
        for (int from = 0; from < ENTRIES; from += BATCH) {
            for (long id = 2L * from; id < 2L * (from + BATCH); id += 2) {
                catalogue.items.put(id, new Item(id, "item-" + id));
                shelf.items.add(new Item(id, "item-" + id));
            }
            store.commit();
        }
        check("size " + catalogue.items.size(), catalogue.items.size() == ENTRIES);
    }

    /** Puts odd keys, a commit each, then ends the JVM as a kill would. */
    private void put(ObjectStore store) {
        Catalogue catalogue = store.root("large", Catalogue.class);
        long mostCompared = 0;
        long mostLogged = 0;
        for (long id : newKeys()) {
            catalogue.items.put(id, new Item(id, "item-" + id));
            long compared = store.stats().bytesCompared();
            long logged = store.stats().bytesLogged();
            store.commit();
            mostCompared = Math.max(mostCompared, store.stats().bytesCompared() - compared);
            mostLogged = Math.max(mostLogged, store.stats().bytesLogged() - logged);
        }
        System.out.println("the commit of one put compared at most " + mostCompared + " bytes and logged at most "
            + mostLogged);
        check("the commit of one put compared up to " + mostCompared + " bytes", mostCompared <= PUT_COMPARE_LIMIT);
        check("the commit of one put logged up to " + mostLogged + " bytes", mostLogged <= PUT_LOG_LIMIT);
        changeList(store);
        Phases.halt(phase);
    }

    /** Adds and removes elements of the list, a commit each, as {@link #expectedList} does to its ids. */
    private void changeList(ObjectStore store) {
        List<Item> items = store.root("shelf", Shelf.class).items;
        long mostCompared = 0;
        long mostLogged = 0;
        SplittableRandom random = new SplittableRandom(SEED);
        for (int i = 0; i < LIST_CHANGES; i++) {
            long compared = store.stats().bytesCompared();
            long logged = store.stats().bytesLogged();
            long id = -1 - i;
            changeList(items, i, random.nextInt(items.size()), new Item(id, "item-" + id));
            store.commit();
            mostCompared = Math.max(mostCompared, store.stats().bytesCompared() - compared);
            mostLogged = Math.max(mostLogged, store.stats().bytesLogged() - logged);
        }
        System.out.println("the commit of one element added or removed compared at most " + mostCompared
            + " bytes and logged at most " + mostLogged);
        check("the commit of one list change compared up to " + mostCompared + " bytes", mostCompared <= PUT_COMPARE_LIMIT);
        check("the commit of one list change logged up to " + mostLogged + " bytes", mostLogged <= PUT_LOG_LIMIT);
        items.subList(LIST_RANGE_FROM, LIST_RANGE_FROM + LIST_RANGE_REMOVED).clear();
        store.commit();
    }

    /** Change {@code i} of {@link #LIST_CHANGES}: an append, an insert at {@code at} or a removal there. */
    private static <E> void changeList(List<E> list, int i, int at, E added) {
        switch (i % 3) {
            case 0: list.add(added); break;
            case 1: list.add(at, added); break;
            default: list.remove(at); break;
        }
    }

    /** The ids of the items in the list after {@link #changeList} and {@link #failedCommit}, in order. */
    private static List<Long> expectedList() {
        List<Long> ids = new ArrayList<>(ENTRIES + LIST_CHANGES);
        for (long id = 0; id < 2L * ENTRIES; id += 2) {
            ids.add(id);
        }
        SplittableRandom random = new SplittableRandom(SEED);
        for (int i = 0; i < LIST_CHANGES; i++) {
            changeList(ids, i, random.nextInt(ids.size()), -1L - i);
        }
        ids.subList(LIST_RANGE_FROM, LIST_RANGE_FROM + LIST_RANGE_REMOVED).clear();
        for (int i = 0; i < LIST_INSERTS; i++) {
            ids.add(LIST_INSERT_AT, insertedId(i));
        }
        return ids;
    }

    /**
     * A commit that fails after it wrote the sections of the list and of the map that changed (the list is changed
     * first, so it is written first; the map's value that cannot be stored is put last), then the same changes without
     * that value, committed; then ends the JVM as a kill would. The sections the failed commit wrote must be written
     * again, or the directory read next names pages its sections do not hold or counts its chunks wrong.
     */
    private void failedCommit(ObjectStore store) {
        List<Item> items = store.root("shelf", Shelf.class).items;
        for (int i = 0; i < LIST_INSERTS; i++) {
            items.add(LIST_INSERT_AT, new Item(insertedId(i), "item-" + insertedId(i)));
        }
        Catalogue catalogue = store.root("large", Catalogue.class);
        for (long id : splittingKeys()) {
            catalogue.items.put(id, new Item(id, "item-" + id));
        }
        @SuppressWarnings({"unchecked", "rawtypes"})
        Map<Long, Object> raw = (Map) catalogue.items;
        raw.put(-1L, new Object());
        try {
            store.commit();
            check("a commit of a map holding a java.lang.Object failed", false);
        } catch (UnsupportedFieldTypeException expected) {
            check("the failure names the class and the field: " + expected.getMessage(),
                expected.getMessage().contains("java.lang.Object") && expected.getMessage().contains("Catalogue.items"));
        }
        raw.remove(-1L);
        store.commit();
        Phases.halt(phase);
    }

    /** The id of the item {@link #failedCommit} inserts {@code i}-th into the list. */
    private static long insertedId(int i) {
        return -100_000 - i;
    }

    /**
     * Keys above 2^33 whose hashes are every value of a run among those of the even keys, so that each page there
     * takes more keys than it holds and splits.
     */
    private static long[] splittingKeys() {
        long[] keys = new long[PUTS];
        for (int i = 0; i < PUTS; i++) {
            keys[i] = 1L << 33 | ENTRIES / 2 + i; // hash (int) (key ^ key >>> 32): ENTRIES / 2 + i, with bit 1 flipped
        }
        return keys;
    }

    /** The keys {@link #put} puts, in order: at random, then in a row in the middle of the map. */
    private static long[] newKeys() {
        SplittableRandom random = new SplittableRandom(SEED);
        long[] keys = new long[PUTS + PUTS_IN_A_ROW];
        for (int i = 0; i < PUTS; i++) {
            keys[i] = 2L * random.nextInt(ENTRIES) + 1;
        }
        for (int i = 0; i < PUTS_IN_A_ROW; i++) {
            long even = 2L * (ENTRIES / 2 + i / 2);
            keys[PUTS + i] = i % 2 == 0 ? even + 1 : 1L << 32 | even; // the same hash: (int) (key ^ key >>> 32)
        }
        return keys;
    }

    private void verify(ObjectStore store) {
        Catalogue catalogue = store.root("large", Catalogue.class);
        Set<Long> added = new HashSet<>();
        for (long id : newKeys()) {
            added.add(id);
        }
        for (long id : splittingKeys()) {
            added.add(id);
        }
        check("size " + catalogue.items.size() + ", not " + (ENTRIES + added.size()), catalogue.items.size() == ENTRIES + added.size());
        int wrong = 0;
        for (long id = 0; id < 2L * ENTRIES; id++) {
            boolean right = id % 2 == 0 || added.contains(id) ? found(catalogue, id) : catalogue.items.get(id) == null;
            wrong += right ? 0 : 1;
        }
        for (long id : added) {
            wrong += found(catalogue, id) ? 0 : 1;
        }
        check(wrong + " keys read wrong", wrong == 0);
        check("the value the failed commit could not store is gone", !catalogue.items.containsKey(-1L));
        int seen = 0;
        for (Map.Entry<Long, Item> entry : catalogue.items.entrySet()) {
            seen += entry.getValue().id == entry.getKey() ? 1 : 0;
        }
        check("a full pass saw " + seen + " entries", seen == catalogue.items.size());
        List<Long> expected = expectedList();
        List<Item> items = store.root("shelf", Shelf.class).items;
        check("list size " + items.size() + ", not " + expected.size(), items.size() == expected.size());
        int misplaced = 0;
        int index = 0;
        for (Item item : items) {
            misplaced += index < expected.size() && item.id == expected.get(index) && item.name.equals("item-" + item.id) ? 0 : 1;
            index++;
        }
        check(misplaced + " list elements read wrong", misplaced == 0);
        long logged = store.stats().bytesLogged();
        store.commit();
        check("a read-only pass logged " + (store.stats().bytesLogged() - logged) + " bytes", store.stats().bytesLogged() == logged);
    }

    /**
     * Frees what nothing reaches any more: the items the list lost, and the chunks and the section its range removal
     * dropped; then ends the JVM as a kill would. The next {@link #verify} finds every entry and element that is reachable.
     */
    private void collect(ObjectStore store) {
        long freed = store.collectGarbage();
        long lost = LIST_RANGE_REMOVED + LIST_CHANGES / 3 + LIST_RANGE_REMOVED / CHUNK_CAPACITY - 2 + 1;
        System.out.println("collectGarbage() freed " + freed + " stored things");
        check("collectGarbage() freed " + freed + " stored things, at least the items the list lost, the chunks it"
            + " dropped and a section (" + lost + ")", freed >= lost);
        Phases.halt(phase);
    }

    /** Whether {@code id} is in the map with its item; false if it is not, or with another item. */
    private static boolean found(Catalogue catalogue, long id) {
        Item item = catalogue.items.get(id);
        return item != null && item.id == id && item.name.equals("item-" + id);
    }

    private void check(String what, boolean holds) {
        Phases.check(phase, what, holds);
    }
}
