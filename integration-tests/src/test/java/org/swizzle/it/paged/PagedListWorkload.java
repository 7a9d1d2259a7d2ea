package org.swizzle.it.paged;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.ListIterator;
import java.util.Map;
import java.util.Set;

import org.swizzle.DetachedCollectionException;
import org.swizzle.ObjectStore;
import org.swizzle.it.InsideCommit;
import org.swizzle.it.Phases;

/** The child JVM of {@link PagedListTest}, which runs it as {@link Phases}. */
public final class PagedListWorkload {

    static final int ITEMS = 20_000;
    static final int BATCH = 1_000;
    static final int ARRAYS_BEFORE = 10;
    static final int ARRAYS = 3_000;
    static final int RESTORED_MORE = 2_001;
    static final int NAMES = 3_000;
    /** The most a one-element add and its commit may log (the target for a 1,000,000-element list). */
    static final long ADD_LOG_LIMIT = 8 * 1024;

    private final String phase;

    private PagedListWorkload(String phase) {
        this.phase = phase;
    }

    public static void main(String[] args) throws Exception {
        PagedListWorkload workload = new PagedListWorkload(args[0]);
        Phases.run(args, Map.ofEntries(Map.entry("build", workload::build), Map.entry("cold", workload::cold),
            Map.entry("rangeRemoval", workload::rangeRemoval),
            Map.entry("mutate", workload::mutate), Map.entry("verify", workload::verify), Map.entry("abort", workload::abort),
            Map.entry("arrays", workload::arrays), Map.entry("arraysVerify", workload::arraysVerify),
            Map.entry("restore", workload::restore), Map.entry("restoreVerify", workload::restoreVerify),
            Map.entry("secondStore", workload::secondStore), Map.entry("secondVerify", workload::secondVerify),
            Map.entry("wrongChunk", workload::wrongChunk)));
    }

    /**
     * After {@link DamagedPagesTest} wrote the last chunk of {@code items} over the first: an index in another chunk
     * is read, and one that leads to the damaged chunk fails, naming it, rather than reading another's elements.
     */
    private void wrongChunk(ObjectStore store) {
        Shelf shelf = store.root("shelf", Shelf.class);
        Item middle = shelf.items.get(ITEMS / 2);
        check("an index of an undamaged chunk: " + middle, middle != null && middle.id == ITEMS / 2);
        Phases.checkCorrupt(phase, "an index in the damaged chunk", () -> shelf.items.get(0),
            "its page ", "where its directory says 512", "items");
    }

    private void check(String what, boolean holds) {
        Phases.check(phase, what, holds);
    }

    /** The lists built in commits of {@value #BATCH}. */
    private void build(ObjectStore store) {
        Shelf shelf = store.root("shelf", Shelf.class, Shelf::new);
        shelf.alias = shelf.items;
        for (int i = 0; i < ARRAYS_BEFORE; i++) {
            shelf.arrays.add(new int[] {i});
        }
        for (int i = 0; i < NAMES; i++) {
            shelf.names.add("name-" + i);
        }
        for (int from = 0; from < ITEMS; from += BATCH) {
            for (long id = from; id < from + BATCH; id++) {
                shelf.items.add(new Item(id, "item-" + id));
            }
            store.commit();
        }
        check("size " + shelf.items.size(), shelf.items.size() == ITEMS);
    }

    /** A cold index reads one chunk; an append reads and logs about one; a read-only pass logs nothing. */
    private void cold(ObjectStore store) {
        Shelf shelf = store.root("shelf", Shelf.class);
        long pagesBefore = store.stats().pagesRead();
        Item item = shelf.items.get(12_345);
        check("cold get found " + item, item != null && item.name.equals("item-12345"));
        check("a cold get read " + (store.stats().pagesRead() - pagesBefore) + " chunks, not 1",
            store.stats().pagesRead() - pagesBefore == 1);
        check("the alias is the same list", shelf.alias == shelf.items);
        try {
            shelf.items.get(ITEMS);
            check("an index beyond the list is refused", false);
        } catch (IndexOutOfBoundsException expected) {
            // as it should
        }

        long loggedBefore = store.stats().bytesLogged();
        shelf.items.add(new Item(ITEMS, "item-" + ITEMS));
        store.commit();
        long logged = store.stats().bytesLogged() - loggedBefore;
        System.out.println("one add and its commit logged " + logged + " bytes");
        check("one add and its commit logged " + logged + " bytes", logged <= ADD_LOG_LIMIT);
        check("an add read " + (store.stats().pagesRead() - pagesBefore - 1) + " more chunks, not 1",
            store.stats().pagesRead() - pagesBefore == 2);
        shelf.items.remove(ITEMS);
        store.commit();

        long sum = 0;
        int count = 0;
        for (Item each : shelf.items) {
            sum += each.id;
            count++;
        }
        check("a full pass saw " + count + " items", count == ITEMS && sum == (long) ITEMS * (ITEMS - 1) / 2);
        loggedBefore = store.stats().bytesLogged();
        store.commit();
        check("a read-only pass logged " + (store.stats().bytesLogged() - loggedBefore) + " bytes",
            store.stats().bytesLogged() == loggedBefore);
    }

    /** Removing whole chunks (a list built by appends has full chunks of 512) reads none of them; abort() takes it back. */
    private void rangeRemoval(ObjectStore store) {
        Shelf shelf = store.root("shelf", Shelf.class);
        long pagesBefore = store.stats().pagesRead();
        shelf.items.subList(2 * 512, 8 * 512).clear();
        check("removing six whole chunks read " + (store.stats().pagesRead() - pagesBefore) + " chunks",
            store.stats().pagesRead() == pagesBefore);
        check("size after the removal " + shelf.items.size(), shelf.items.size() == ITEMS - 6 * 512);
        check("the element after the removed ones", shelf.items.get(2 * 512).id == 8 * 512);
        store.abort();
        check("abort() takes the removal back", shelf.items.size() == ITEMS && shelf.items.get(2 * 512).id == 2 * 512);
    }

    private static List<Item> items(long from, long to, String name) {
        List<Item> items = new ArrayList<>();
        for (long id = from; id < to; id++) {
            items.add(new Item(id, name + "-" + id));
        }
        return items;
    }

    /**
     * Every way to change a list, applied to {@code list}: the stored one, or a plain model of it; {@code commit} commits
     * the store from inside some of the changes' callbacks (nothing for the model).
     */
    static void changeEveryWay(List<Item> list, Runnable commit) {
        list.add(new Item(-1, "appended"));
        list.add(0, new Item(-2, "first"));
        list.add(10_000, new Item(-3, "middle"));
        list.set(5, new Item(5, "five"));
        list.remove(7);
        list.remove(list.get(8));
        list.addAll(items(30_000, 30_500, "all"));
        list.addAll(3_000, items(40_000, 41_200, "inserted"));
        list.subList(100, 700).clear();
        list.subList(2_000, 2_010).set(3, new Item(-4, "in a view"));
        list.subList(5_000, 5_100).add(7, new Item(-5, "added to a view"));
        list.subList(6_000, 6_400).subList(10, 20).clear();
        list.subList(1_000, 3_000).sort(Comparator.comparingLong((Item item) -> item.id).reversed());
        InsideCommit removing = new InsideCommit(commit);
        list.removeIf(item -> removing.commit(item.id % 13 == 1));
        list.removeAll(List.of(list.get(20), list.get(21)));
        Set<Item> kept = new HashSet<>(list);
        kept.remove(list.get(30));
        kept.remove(list.get(list.size() - 30));
        list.retainAll(kept);
        InsideCommit replacing = new InsideCommit(commit);
        list.replaceAll(item -> replacing.commit(item.id % 19 == 0 ? new Item(item.id, "all-" + item.id) : item));
        for (ListIterator<Item> it = list.listIterator(); it.hasNext(); ) {
            Item item = it.next();
            if (item.id % 23 == 4) {
                it.remove();
            } else if (item.id % 23 == 5) {
                it.set(new Item(item.id, "set-" + item.id));
            } else if (item.id % 23 == 6) {
                it.add(new Item(-item.id, "added-" + item.id));
            }
        }
        for (Iterator<Item> it = list.iterator(); it.hasNext(); ) {
            if (it.next().id % 31 == 7) {
                it.remove();
            }
        }
        Collections.swap(list, 1, list.size() - 2);
        Collections.reverse(list.subList(50, 150));
        list.remove(list.size() - 1);
        list.add(list.size(), new Item(-6, "last"));
        list.subList(list.size() - 5_000, list.size()).clear();
    }

    /** The stored list changed every way, committed, and the JVM killed. */
    private void mutate(ObjectStore store) {
        Shelf shelf = store.root("shelf", Shelf.class);
        changeEveryWay(shelf.items, store::commit);
        store.commit();
        Phases.halt(phase);
    }

    /** A plain list of what {@link #build} and {@link #changeEveryWay} leave, as text. */
    private static List<String> expected() {
        List<Item> model = items(0, ITEMS, "item");
        changeEveryWay(model, () -> { });
        List<String> text = new ArrayList<>();
        model.forEach(item -> text.add(item.toString()));
        return text;
    }

    private void verify(ObjectStore store) {
        Shelf shelf = store.root("shelf", Shelf.class);
        List<String> expected = expected();
        List<Item> items = shelf.items;
        check("size " + items.size() + ", expected " + expected.size(), items.size() == expected.size());
        for (int i = 0; i < expected.size(); i++) {
            if (!items.get(i).toString().equals(expected.get(i))) {
                check("index " + i + " holds " + items.get(i) + ", expected " + expected.get(i), false);
                return;
            }
        }
        int seen = 0;
        for (Item ignored : items) {
            seen++;
        }
        check("iteration saw " + seen + " items", seen == expected.size());
        check("the alias is the same list", shelf.alias == items);
        check("a list equal to its copy", items.equals(new ArrayList<>(items)) && items.hashCode() == new ArrayList<>(items).hashCode());
        Phases.checkPagesLetGo(phase, store);
    }

    /** abort() after changes to a chunk and a split: the list is detached, and the field holds the committed one. */
    private void abort(ObjectStore store) {
        Shelf shelf = store.root("shelf", Shelf.class);
        ArrayList<Item> before = shelf.items;
        String committed = before.get(4).toString();
        before.set(4, new Item(4, "aborted"));
        before.addAll(3, items(50_000, 52_000, "aborted"));
        store.abort();
        try {
            before.add(new Item(2, "lost"));
            check("a change to the list abort() reverted is refused", false);
        } catch (DetachedCollectionException expected) {
            // as it should
        }
        ArrayList<Item> after = shelf.items;
        check("after abort the field holds another list", after != before);
        check("after abort index 4 holds " + after.get(4) + ", committed " + committed, after.get(4).toString().equals(committed));
        check("after abort no aborted element", after.size() == expected().size() && after.get(3).id != 50_000);
        // the detached list (2,000 elements longer) still reads, and shares the chunks neither changed with the list
        // read again, either reading first
        List<String> expected = expected();
        Item last = before.get(before.size() - 1);
        check("the detached list reads its last element " + last, last.toString().equals(expected.get(expected.size() - 1)));
        check("the list read again reads the same one", after.get(after.size() - 1) == last);
        int middle = ITEMS / 2;
        Item atMiddle = after.get(middle);
        check("the list read again reads index " + middle + ": " + atMiddle, atMiddle.toString().equals(expected.get(middle)));
        check("the detached list reads the same one", before.get(middle + 2_000) == atMiddle);
    }

    /**
     * A list of arrays, compared at every commit while it is one image: grown into chunks and reverted by abort(),
     * grown and committed, then changed and reverted again, and an array element changed in place inside a chunk.
     */
    private void arrays(ObjectStore store) {
        Shelf shelf = store.root("shelf", Shelf.class);
        for (int i = ARRAYS_BEFORE; i < ARRAYS; i++) {
            shelf.arrays.add(new int[] {i});
        }
        store.abort();
        check("abort() reverts a list of arrays grown into chunks: " + shelf.arrays.size(), shelf.arrays.size() == ARRAYS_BEFORE);
        for (int i = ARRAYS_BEFORE; i < ARRAYS; i++) {
            shelf.arrays.add(new int[] {i});
        }
        store.commit();
        shelf.arrays.add(new int[] {1});
        store.abort();
        check("abort() reverts a paged list of arrays: " + shelf.arrays.size(), shelf.arrays.size() == ARRAYS);
        shelf.arrays.get(7)[0] = 77;
        store.commit();
        Phases.halt(phase);
    }

    private void arraysVerify(ObjectStore store) {
        Shelf shelf = store.root("shelf", Shelf.class);
        check("arrays " + shelf.arrays.size(), shelf.arrays.size() == ARRAYS);
        check("an element changed in place inside a chunk", shelf.arrays.get(7)[0] == 77);
        check("an element not changed", shelf.arrays.get(ARRAYS - 1)[0] == ARRAYS - 1);
    }

    /** A paged list that abort() detached, stored again in another field: it must not share the chunks of the list it was. */
    private void restore(ObjectStore store) {
        Shelf shelf = store.root("shelf", Shelf.class);
        ArrayList<Item> detached = shelf.items;
        detached.set(4, new Item(4, "detached-4"));
        store.abort();
        shelf.restored = detached;
        store.commit();
        Phases.halt(phase);
    }

    private void restoreVerify(ObjectStore store) {
        Shelf shelf = store.root("shelf", Shelf.class);
        List<String> expected = expected();
        check("the restored list is another list", shelf.restored != shelf.items);
        check("the restored list keeps its change", "detached-4".equals(shelf.restored.get(4).name));
        check("the list it was does not", expected.get(4).equals(shelf.items.get(4).toString()));
        shelf.restored.addAll(0, items(-RESTORED_MORE, 0, "restored"));
        shelf.restored.set(RESTORED_MORE + 1, new Item(-1, "restored-set"));
        store.commit();
        check("the restored list grew: " + shelf.restored.size(), shelf.restored.size() == expected.size() + RESTORED_MORE);
        for (int i = 0; i < expected.size(); i++) {
            if (!shelf.items.get(i).toString().equals(expected.get(i))) {
                check("the list it was holds " + shelf.items.get(i) + " at " + i + ", expected " + expected.get(i), false);
                return;
            }
        }
        check("the list it was keeps " + shelf.items.size() + " items", shelf.items.size() == expected.size());
    }

    /** A paged list of this store held by an object of another store: written there whole, with none of this store's OIDs. */
    private void secondStore(ObjectStore store) {
        Shelf shelf = store.root("shelf", Shelf.class);
        try (ObjectStore second = ObjectStore.open(secondDirectory(store))) {
            second.root("shelf", Shelf.class, Shelf::new).names = shelf.names;
            second.commit();
        }
    }

    private void secondVerify(ObjectStore store) {
        try (ObjectStore second = ObjectStore.open(secondDirectory(store))) {
            List<String> copy = second.root("shelf", Shelf.class).names;
            check("the second store's list has " + copy.size() + " elements", copy.size() == NAMES);
            for (int i = 0; i < NAMES; i++) {
                if (!("name-" + i).equals(copy.get(i))) {
                    check("the second store's index " + i + " holds " + copy.get(i), false);
                    return;
                }
            }
        }
    }

    private static java.nio.file.Path secondDirectory(ObjectStore store) {
        return store.directory().resolveSibling("second");
    }
}
