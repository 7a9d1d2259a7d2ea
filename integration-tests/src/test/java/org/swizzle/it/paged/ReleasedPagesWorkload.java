package org.swizzle.it.paged;

import java.lang.ref.WeakReference;
import java.util.HashMap;
import java.util.Iterator;
import java.util.ListIterator;
import java.util.Map;

import org.swizzle.ObjectStore;
import org.swizzle.StoreOptions;
import org.swizzle.StoreStats;
import org.swizzle.internal.AgentOptions;
import org.swizzle.it.Phases;

/** The child JVM of {@link ReleasedPagesTest}, which runs it as {@link Phases} on a store with a resident budget. */
public final class ReleasedPagesWorkload {

    static final int BUDGET = 5_000;
    static final int ENTRIES = 40_000;
    static final int BATCH = 5_000;
    /** The most pages a budget of {@value #BUDGET} entries may keep: pages hold at least a quarter of 256 entries. */
    static final int PAGES_KEPT = BUDGET / 64 + 2;
    /** The keys changed through an entry iterator whose page was let go under it, and the key it removed. */
    static final long SET_FIRST = 0;
    static final int SET_COUNT = 50;
    /** The list changes made through a list iterator whose chunk was let go under it. */
    static final int LIST_AT = 700;
    /** A key put while its page is changed and passes go on, and put again once it was let go. */
    static final long PUT_KEY = 31_337;
    /** Entries of the map of arrays, more than the budget. */
    static final int BLOBS = 8_000;
    /** Which entries are changed through an entry kept after its iterator and page are gone. */
    static final int KEPT_AT = 300;
    static final int ARRAY_AT = 20_000;

    private final String phase;

    private ReleasedPagesWorkload(String phase) {
        this.phase = phase;
    }

    public static void main(String[] args) throws Exception {
        ReleasedPagesWorkload workload = new ReleasedPagesWorkload(args[0]);
        Phases.run(args, StoreOptions.builder().residentBudget(BUDGET).build(), Map.of("build", workload::build,
            "pass", workload::pass, "mutate", workload::mutate, "verify", workload::verify, "abort", workload::abort,
            "abortVerify", workload::verify));
    }

    private void check(String what, boolean holds) {
        Phases.check(phase, what, holds);
    }

    /** The map and the list built in commits: the pages each commit stores count against the budget from then on. */
    private void build(ObjectStore store) {
        Archive archive = store.root("archive", Archive.class, Archive::new);
        for (int from = 0; from < ENTRIES; from += BATCH) {
            for (long id = from; id < from + BATCH; id++) {
                archive.byId.put(id, new Item(id, "item-" + id));
                archive.log.add(new Item(id, "entry-" + id));
            }
            store.commit();
        }
        for (long id = 0; id < BLOBS; id++) {
            archive.blobs.put(id, new int[] {(int) id});
        }
        store.commit();
        check("pages stored by the commits were let go: " + store.stats(), store.stats().pagesReleased() > 0);
        checkContents(archive, "after the build");
    }

    /** Passes over both leave about a budget of entries in memory, and read again what they let go. */
    private void pass(ObjectStore store) throws InterruptedException {
        Archive archive = store.root("archive", Archive.class);
        checkBlobs(archive);
        long blobPages = store.stats().pagesRead();
        checkContents(archive, "in a cold pass");
        long logged = store.stats().bytesLogged();
        store.commit();
        check("a read-only pass logged " + (store.stats().bytesLogged() - logged) + " bytes", store.stats().bytesLogged() == logged);
        StoreStats stats = store.stats();
        check("pages read " + stats.pagesRead() + " (" + blobPages + " of arrays, never let go), let go "
            + stats.pagesReleased() + ": more than " + PAGES_KEPT + " kept",
            stats.pagesReleased() >= stats.pagesRead() - blobPages - PAGES_KEPT);
        long inMemory = inMemoryAfterCollection(store);
        System.out.println("after a pass over " + 2 * ENTRIES + " entries and a commit: " + inMemory + " objects in memory, "
            + stats.pagesRead() + " pages read, " + stats.pagesReleased() + " let go");
        // barriers that place objects keep re-hollowed ones in the resident space until its next sweep
        if (!AgentOptions.current().barrier().placesObjects()) {
            check(inMemory + " objects in memory after a pass and a commit, with a budget of " + BUDGET,
                inMemory < 4L * BUDGET);
        }
        long readBefore = store.stats().pagesRead();
        checkContents(archive, "in a second pass");
        check("the second pass read pages again", store.stats().pagesRead() > readBefore);
        long beforeGet = store.stats().pagesRead();
        check("a get after the passes", archive.byId.get(12_345L).name.equals("item-12345"));
        check("a get reads at most one page", store.stats().pagesRead() - beforeGet <= 1);
    }

    /**
     * Changes made through an iterator and an entry whose page was let go while they held it, through a list
     * iterator whose chunk was, and to a page changed while passes went on: committed, then the JVM killed.
     */
    private void mutate(ObjectStore store) throws InterruptedException {
        Archive archive = store.root("archive", Archive.class);
        Iterator<Map.Entry<Long, Item>> entries = archive.byId.entrySet().iterator();
        Map.Entry<Long, Item> held = entries.next();
        sum(archive.log); // lets go of the page the iterator is in
        long releasedBefore = store.stats().pagesReleased();
        sum(archive.log);
        check("a pass let pages go", store.stats().pagesReleased() > releasedBefore);
        long removed = held.getKey();
        held.setValue(new Item(removed, "set-through-a-let-go-entry"));
        entries.remove();
        for (int i = 0; i < SET_COUNT; i++) {
            Map.Entry<Long, Item> entry = entries.next();
            entry.setValue(new Item(entry.getKey(), "set-" + entry.getKey()));
            if (i % 10 == 0) {
                sum(archive.log);
            }
        }
        check("the removed key is gone from the map as read again", !archive.byId.containsKey(removed));
        check("size after the removal", archive.byId.size() == ENTRIES - 1);

        ListIterator<Item> items = archive.log.listIterator(LIST_AT);
        Item first = items.next();
        sum(archive.byId.values()); // lets go of the chunk the iterator is in
        items.set(new Item(first.id, "set-through-a-let-go-chunk"));
        items.next();
        items.remove();
        items.add(new Item(-1, "added-through-a-let-go-chunk"));
        check("the list as read again holds the change", archive.log.get(LIST_AT).name.equals("set-through-a-let-go-chunk")
            && archive.log.get(LIST_AT + 1).id == -1);

        Map.Entry<Long, Item> kept = entryAt(archive.byId, KEPT_AT);
        @SuppressWarnings("unchecked")
        Map.Entry<Long, Item> fromArray = (Map.Entry<Long, Item>) archive.byId.entrySet().toArray()[ARRAY_AT];
        letPagesGo(archive);
        kept.setValue(new Item(kept.getKey(), "set-through-a-kept-entry"));
        fromArray.setValue(new Item(fromArray.getKey(), "set-through-an-entry-of-toArray"));
        check("the map as read again holds the change through the kept entry",
            archive.byId.get(kept.getKey()).name.equals("set-through-a-kept-entry"));

        archive.byId.put(PUT_KEY, new Item(PUT_KEY, "put-while-passing"));
        sum(archive.log);
        sum(archive.byId.values());
        check("a changed page is kept", archive.byId.get(PUT_KEY).name.equals("put-while-passing"));
        store.commit();
        sum(archive.log);
        sum(archive.byId.values());
        archive.byId.put(PUT_KEY, new Item(PUT_KEY, "put-after-it-was-let-go"));
        store.commit();
        System.out.println("removed key " + removed);
        Phases.halt(phase);
    }

    private void verify(ObjectStore store) {
        Archive archive = store.root("archive", Archive.class);
        check("map size " + archive.byId.size(), archive.byId.size() == ENTRIES - 1);
        Map<String, Integer> named = new HashMap<>();
        for (Item item : archive.byId.values()) {
            String name = item.name.equals("set-" + item.id) ? "set-" : item.name;
            named.merge(name, 1, Integer::sum);
        }
        check(named.get("set-") + " values set through the iterator, not " + SET_COUNT, named.get("set-") == SET_COUNT);
        check("the value set and then removed through the iterator is gone",
            !named.containsKey("set-through-a-let-go-entry"));
        check("the value set through an entry kept after its page was let go",
            named.getOrDefault("set-through-a-kept-entry", 0) == 1);
        check("the value set through an entry of toArray() after its page was let go",
            named.getOrDefault("set-through-an-entry-of-toArray", 0) == 1);
        check("the put after the page was let go", archive.byId.get(PUT_KEY).name.equals("put-after-it-was-let-go"));
        check("list size " + archive.log.size(), archive.log.size() == ENTRIES);
        check("the set through the list iterator", archive.log.get(LIST_AT).name.equals("set-through-a-let-go-chunk"));
        check("the add through the list iterator", archive.log.get(LIST_AT + 1).id == -1);
        check("the element after it", archive.log.get(LIST_AT + 2).id == LIST_AT + 2);
    }

    /**
     * Changes made to the map and then reverted by abort(), a few times over, while passes read its pages: the maps
     * abort() detached are not kept by the budget's count of pages.
     */
    private void abort(ObjectStore store) throws InterruptedException {
        Archive archive = store.root("archive", Archive.class);
        HashMap<Long, Item> changed = null;
        WeakReference<HashMap<Long, Item>> detached = null;
        for (int cycle = 0; cycle < 3; cycle++) {
            changed = archive.byId;
            changed.put(1L, new Item(1, "aborted"));
            sum(changed.values());
            if (detached == null) {
                detached = new WeakReference<>(changed);
            }
            store.abort();
        }
        changed = null;
        letPagesGo(archive);
        check("a map abort() detached is let go once nothing else holds it", detached.get() == null);
        check("the map as committed", !archive.byId.get(1L).name.equals("aborted"));
    }

    /** The entry at {@code index} of {@code map}'s iteration; the iterator is dropped. */
    private static Map.Entry<Long, Item> entryAt(Map<Long, Item> map, int index) {
        Iterator<Map.Entry<Long, Item>> entries = map.entrySet().iterator();
        for (int i = 0; i < index; i++) {
            entries.next();
        }
        return entries.next();
    }

    /** Passes over the list and the map, then the garbage collector: what the budget let go is gone from memory. */
    private static void letPagesGo(Archive archive) throws InterruptedException {
        sum(archive.log);
        sum(archive.byId.values());
        sum(archive.log);
        collectGarbage();
    }

    private void checkBlobs(Archive archive) {
        long sum = 0;
        for (int[] blob : archive.blobs.values()) {
            sum += blob[0];
        }
        check("the arrays' sum", sum == (long) BLOBS * (BLOBS - 1) / 2);
    }

    private void checkContents(Archive archive, String when) {
        check("map sum " + when, sum(archive.byId.values()) == (long) ENTRIES * (ENTRIES - 1) / 2);
        check("list sum " + when, sum(archive.log) == (long) ENTRIES * (ENTRIES - 1) / 2);
        check("map size " + when, archive.byId.size() == ENTRIES);
        check("list size " + when, archive.log.size() == ENTRIES);
        check("list order " + when, archive.log.get(ENTRIES / 2).id == ENTRIES / 2);
    }

    private static long sum(Iterable<Item> items) {
        long sum = 0;
        for (Item item : items) {
            sum += item.id;
        }
        return sum;
    }

    /** The objects in memory once the garbage collector has run. */
    private static long inMemoryAfterCollection(ObjectStore store) throws InterruptedException {
        collectGarbage();
        return store.stats().objectsInMemory();
    }

    private static void collectGarbage() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(50);
        }
    }
}
