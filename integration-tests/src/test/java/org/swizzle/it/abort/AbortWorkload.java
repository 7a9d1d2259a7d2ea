package org.swizzle.it.abort;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;

import org.swizzle.DetachedCollectionException;
import org.swizzle.ObjectStore;

/**
 * The child JVM of {@link AbortTest}: {@code write DIR} makes the values below, changes them around aborts
 * through references kept in locals, and commits; {@code verify DIR} checks what a fresh JVM reads. Each
 * check prints {@code CHECK PASS|FAIL label}.
 */
public final class AbortWorkload {

    public static void main(String[] args) {
        try (ObjectStore store = ObjectStore.open(Path.of(args[1]))) {
            switch (args[0]) {
                case "write": write(store); break;
                case "verify": verify(store); break;
                case "writeWithFieldStore": writeWithFieldStore(store); break;
                case "verifyWithFieldStore": verifyWithFieldStore(store); break;
                case "writeWithRevertedHolder": writeWithRevertedHolder(store); break;
                case "verifyWithRevertedHolder": verifyWithRevertedHolder(store); break;
                case "writeWithLargeSet": writeWithLargeSet(store); break;
                case "writeWithSharedInPlainMap": writeWithSharedInPlainMap(store); break;
                case "verifyWithSharedInPlainMap": verifyWithSharedInPlainMap(store); break;
                case "writeWithCycle": writeWithCycle(store); break;
                case "writeWithAbortInFilter": writeWithAbortInFilter(store); break;
                case "verifyWithAbortInFilter": verifyWithAbortInFilter(store); break;
                case "verifyWithCycle": verifyWithCycle(store); break;
                case "writeWithMovedArrays": writeWithMovedArrays(store); break;
                case "shareWithFormerlyShared": shareWithFormerlyShared(store); break;
                case "writeWithFormerlyShared": writeWithFormerlyShared(store); break;
                case "verifyWithFormerlyShared": verifyWithFormerlyShared(store); break;
                case "shareRows": shareRows(store); break;
                case "writeWithArrayOfAnother": writeWithArrayOfAnother(store); break;
                case "buildGrids": buildGrids(store); break;
                case "writeWithRowsOfAnother": writeWithRowsOfAnother(store); break;
                case "buildAndWriteWithRowsOfAnother": buildGrids(store); writeWithRowsOfAnother(store); break;
                case "verifyWithRowsOfAnother": verifyWithRowsOfAnother(store); break;
                case "verifyWithArrayOfAnother": verifyWithArrayOfAnother(store); break;
                case "writeWithEqualArraysSwapped": writeWithEqualArraysSwapped(store); break;
                case "verifyWithEqualArraysSwapped": verifyWithEqualArraysSwapped(store); break;
                case "writeWithEqualArraysInCollections": writeWithEqualArraysInCollections(store); break;
                case "verifyWithEqualArraysInCollections": verifyWithEqualArraysInCollections(store); break;
                case "shareShelves": shareShelves(store); break;
                case "writeWithShelvesHandedOver": writeWithShelvesHandedOver(store); break;
                case "verifyWithShelvesHandedOver": verifyWithShelvesHandedOver(store); break;
                case "shareCycle": shareCycle(store); break;
                case "writeWithClearedPagedList": writeWithClearedPagedList(store); break;
                case "verifyWithClearedPagedList": verifyWithClearedPagedList(store); break;
                case "writeWithSetsOfArrays": writeWithSetsOfArrays(store); break;
                case "changeSetsOfArrays": changeSetsOfArrays(store); break;
                case "verifySetsOfArrays": verifySetsOfArrays(store); break;
                case "writeWithArrayKeys": writeWithArrayKeys(store); break;
                case "changeArrayKeys": changeArrayKeys(store); break;
                case "verifyArrayKeys": verifyArrayKeys(store); break;
                case "writeWithCycleHandedOver": writeWithCycleHandedOver(store); break;
                case "verifyWithCycleHandedOver": verifyWithCycleHandedOver(store); break;
                case "writeWithRowsHandedOver": writeWithRowsHandedOver(store); break;
                case "verifyWithRowsHandedOver": verifyWithRowsHandedOver(store); break;
                case "verifyWithMovedArrays": verifyWithMovedArrays(store, Path.of(args[1])); break;
                default: verifyWithLargeSet(store); break;
            }
        }
        System.out.println("DONE " + args[0]);
    }

    private static void write(ObjectStore store) {
        Crate crate = store.root("crate", Crate.class, Crate::new);
        crate.other = new Crate();
        crate.list = plainList(1);
        store.commit();

        Crate[] links = crate.other.links; // the array of an object that does not change
        crate.x = 9;
        store.abort();
        links[0] = new Crate();
        store.commit();
        check(crate.other.links == links && crate.other.links[0] != null,
            "a change through an array of an unchanged object, kept across abort(), is committed");

        int[] numbers = crate.numbers;
        numbers[0] = 5;
        store.abort();
        check(numbers[0] == 0 && crate.numbers == numbers, "abort() gives an array kept in a local its committed elements in place");
        numbers[1] = 6;
        store.commit();

        List<Integer> mine = crate.list;
        mine.add(2);
        store.abort();
        check(mine.equals(List.of(1)) && crate.list == mine && !(mine instanceof org.swizzle.internal.tracked.Tracked),
            "abort() gives a plain list kept in a local its committed elements in place");
        mine.add(3);
        store.commit();

        Crate neighbour = crate.other;
        neighbour.list = plainList(7);
        store.commit();
        List<Integer> kept = neighbour.list;
        crate.x = 10; // another object changes; under barrier=card it may share the neighbour's card
        store.abort();
        try {
            kept.add(8);
            store.commit();
            check(true, "a list of an object abort() did not revert still takes changes");
        } catch (DetachedCollectionException e) {
            check(false, "a list of an object abort() did not revert still takes changes: " + e.getMessage());
        }
    }

    /** An array kept in a local whose object also had a field stored into before {@code abort()}. */
    private static void writeWithFieldStore(ObjectStore store) {
        Crate crate = store.root("crate", Crate.class, Crate::new);
        store.commit();
        int[] numbers = crate.numbers;
        numbers[2] = 7;
        crate.x = 11;
        store.abort();
        check(crate.x == 0 && crate.numbers == numbers && numbers[2] == 0,
            "abort() reverts the field and gives the array kept in a local its committed elements in place");
        numbers[2] = 8;
        store.commit();

        int[] row = crate.grid[0]; // an array inside an array, kept in a local
        row[0] = 99;
        store.abort();
        check(crate.grid[0] == row && row[0] == 1,
            "abort() gives an array kept from an array its committed elements in place, and it stays the object's: "
                + Arrays.toString(row));
        row[1] = 55;
        store.commit();

        int[] listed = crate.rows.get(0); // an array inside a list, kept in a local; the list's owner is not changed
        listed[0] = 77;
        store.abort();
        check(crate.rows.get(0) == listed && listed[0] == 7,
            "abort() gives an array kept from a list its committed elements in place, and it stays the list's: "
                + Arrays.toString(listed));
        listed[1] = 66;
        store.commit();

        Tagged a = new Tagged("a"); // keys of a plain set, hashed by their own plain sets
        Tagged b = new Tagged("b");
        a.set = new HashSet<>();
        b.set = new HashSet<>();
        a.set.add(b);
        b.set.add(a);
        a.set = new HashSet<>(a.set); // hashed again by the sizes the sets have now
        b.set = new HashSet<>(b.set);
        crate.tagged = new HashSet<>(List.of(a, b));
        store.commit();
        a.set.add(a);
        crate.tagged.remove(b);
        store.abort();
        check(crate.tagged.contains(a) && crate.tagged.contains(b) && crate.tagged.size() == 2,
            "abort() puts back a set whose keys it reverts after it, each where the set finds it: " + crate.tagged.size());
        Tagged c = new Tagged("c"); // three, so that the set's order after a put back in another order differs
        c.set = new HashSet<>(List.of(a));
        b.set = new HashSet<>(List.of(a, c));
        a.set = new HashSet<>(List.of(b));
        crate.tagged = new HashSet<>(List.of(a, b, c));
        store.commit();
        a.set.add(c);
        crate.tagged.remove(b);
        store.abort();
        long logged = store.stats().bytesLogged();
        store.commit();
        check(store.stats().bytesLogged() == logged, "a commit after abort() put back those sets, in their committed order, logs "
            + "nothing: " + (store.stats().bytesLogged() - logged) + " bytes");
    }

    /**
     * Arrays kept from a list and from a list in a map, across an {@code abort()} that reverts the object holding them
     * or the collections themselves: abort() reads those collections again, and each must hold the kept array again.
     * The object is not touched between the abort and the commit, so that nothing but the abort reads it again.
     */
    private static void writeWithRevertedHolder(ObjectStore store) {
        Crate crate = store.root("crate", Crate.class, Crate::new);
        store.commit();
        int[] listed = crate.rows.get(0);
        long[] shelved = crate.shelves.get("a").get(0);
        crate.x = 12; // the holder changes: abort() reverts it and the collections it holds
        store.abort();
        listed[0] = 70;
        shelved[0] = 10;
        store.commit();
        check(crate.rows.get(0) == listed && crate.shelves.get("a").get(0) == shelved,
            "arrays kept from a list and a map of lists stay theirs when abort() reverts their holder");

        crate.rows.add(new int[] {9}); // the collections change: abort() detaches them
        crate.shelves.get("a").add(new long[] {3});
        crate.shelves.put("b", new ArrayList<>());
        listed[1] = 99;
        store.abort();
        check(listed[1] == 8, "abort() gives the array kept from a changed list its committed elements: " + Arrays.toString(listed));
        listed[1] = 80;
        shelved[1] = 20;
        store.commit();
        check(crate.rows.size() == 1 && crate.rows.get(0) == listed && crate.shelves.keySet().equals(java.util.Set.of("a"))
            && crate.shelves.get("a").get(0) == shelved,
            "arrays kept from a list and a map of lists stay theirs when abort() reverts the collections");

        crate.fillLedger(3_000); // stored in pages, read again when they are used
        crate.fillShelves(1_000);
        store.commit();
        int[] far = crate.ledger.get(2_500);
        long[] deep = crate.shelves.get("s900").get(0);
        crate.x = 13;
        store.abort();
        far[0] = -1;
        deep[0] = -2;
        store.commit();
        check(crate.ledger.get(2_500) == far && crate.shelves.get("s900").get(0) == deep,
            "arrays kept from a page of a long list, and from a list in a page of a large map, stay theirs when abort() reverts their holder");
    }

    private static void verifyWithRevertedHolder(ObjectStore store) {
        Crate crate = store.root("crate", Crate.class);
        check(Arrays.equals(crate.rows.get(0), new int[] {70, 80}) && Arrays.equals(crate.shelves.get("a").get(0), new long[] {10, 20})
                && crate.x == 0 && crate.ledger.get(2_500)[0] == -1 && crate.ledger.get(2_499)[0] == 2_499
                && crate.shelves.get("s900").get(0)[0] == -2 && crate.shelves.get("s901").get(0)[0] == 901,
            "the arrays hold the changes made through them after abort() reverted what holds them: "
                + Arrays.toString(crate.rows.get(0)) + " " + Arrays.toString(crate.shelves.get("a").get(0)) + " "
                + Arrays.toString(crate.ledger.get(2_500)) + " " + Arrays.toString(crate.shelves.get("s900").get(0)));
    }

    private static void verifyWithFieldStore(ObjectStore store) {
        Crate crate = store.root("crate", Crate.class);
        check(crate.numbers[2] == 8 && crate.x == 0, "the array holds the change made after abort(): " + crate.numbers[2]);
        check(Arrays.equals(crate.grid[0], new int[] {1, 55}) && Arrays.equals(crate.rows.get(0), new int[] {7, 66}),
            "the arrays inside an array and a list hold the changes made through them after abort(): "
                + Arrays.toString(crate.grid[0]) + " " + Arrays.toString(crate.rows.get(0)));
    }

    private static void verify(ObjectStore store) {
        Crate crate = store.root("crate", Crate.class);
        check(crate.other.links[0] != null, "the link set through the kept array is stored");
        check(crate.numbers[0] == 0 && crate.numbers[1] == 6, "the array holds the change made after abort(), not the aborted one: "
            + crate.numbers[0] + ", " + crate.numbers[1]);
        check(crate.list.equals(List.of(1, 3)), "the plain list holds the change made after abort(), not the aborted one: " + crate.list);
        check(crate.other.list.equals(List.of(7, 8)), "the neighbour's list holds the change made after the abort: " + crate.other.list);
    }

    /**
     * Arrays the application holds, which the aborted transaction moved: an insertion or removal before them in a list
     * (made here, so tracked, or made by the application), another array put under their key in a map or stored in
     * their field. abort() gives each back to the place it was committed at, so that a change through it is committed;
     * and the entries of a plain map, which abort() restores in place.
     */
    private static void writeWithMovedArrays(ObjectStore store) {
        Crate crate = store.root("crate", Crate.class, Crate::new);
        crate.moved = crate.newRows();
        crate.moved.add(new int[] {1, 2, 3});
        crate.moved.add(new int[] {4, 5});
        crate.plainRows = new ArrayList<>(List.of(new int[] {1, 2, 3}, new int[] {4, 5}));
        crate.byKey.put("k", new int[] {1, 2, 3});
        crate.sampler = new Sampler();
        store.commit();

        int[] first = crate.moved.get(0);
        int[] second = crate.moved.get(1);
        crate.moved.add(0, new int[] {7});
        store.abort();
        second[0] = 41;
        store.commit();
        check(crate.moved.get(0) == first && crate.moved.get(1) == second && crate.moved.get(1)[0] == 41,
            "abort() gives arrays a tracked list held back to where they were committed, after an insertion before them");

        first = crate.moved.get(0);
        second = crate.moved.get(1);
        crate.moved.remove(0);
        store.abort();
        first[1] = 42;
        store.commit();
        check(crate.moved.get(0) == first && crate.moved.get(1) == second && first[1] == 42,
            "abort() gives arrays a tracked list held back to where they were committed, after a removal before them");

        List<int[]> plain = crate.plainRows;
        int[] plainSecond = plain.get(1);
        plain.add(0, new int[] {7});
        store.abort();
        plainSecond[0] = 43;
        store.commit();
        check(crate.plainRows == plain && plain.get(1) == plainSecond && plain.size() == 2,
            "abort() gives arrays a plain list held back to where they were committed, after an insertion before them");

        int[] valued = crate.byKey.get("k");
        crate.byKey.put("k", new int[] {9, 9});
        store.abort();
        valued[2] = 44;
        store.commit();
        check(crate.byKey.get("k") == valued, "abort() gives a map's array back to its key, after another was put there");

        int[] numbers = crate.numbers;
        crate.numbers = new int[] {9, 9};
        store.abort();
        numbers[0] = 45;
        store.commit();
        check(crate.numbers == numbers, "abort() gives a field its array back, after another array was stored in it");

        crate.named = new java.util.LinkedHashMap<>(); // made here: plain, restored in place
        crate.named.put("a", "1");
        crate.named.put("b", "2");
        store.commit();
        List<java.util.Map.Entry<String, String>> entries = new ArrayList<>(crate.named.entrySet());
        crate.named.put("a", "changed");
        crate.named.put("c", "3");
        store.abort();
        entries.get(0).setValue("47");
        entries.get(1).setValue("48");
        store.commit();
        check(crate.named.equals(java.util.Map.of("a", "47", "b", "48")) && String.join("", crate.named.keySet()).equals("ab"),
            "abort() restores a plain map in place, keeping the entries the application took from it: " + crate.named);
    }

    /**
     * What {@link #writeWithMovedArrays} committed; then an array of an object faulted in this JVM, whose field the
     * aborted transaction stored another array in, read again after the store is reopened, and once more with the
     * object changed before the array is taken.
     */
    private static void verifyWithMovedArrays(ObjectStore store, Path dir) {
        Crate crate = store.root("crate", Crate.class);
        check(crate.moved.size() == 2 && crate.moved.get(1)[0] == 41 && crate.moved.get(0)[1] == 42
                && crate.plainRows.size() == 2 && crate.plainRows.get(1)[0] == 43 && crate.byKey.get("k")[2] == 44
                && crate.numbers[0] == 45 && crate.named.equals(java.util.Map.of("a", "47", "b", "48")),
            "the changes made through moved arrays kept across abort() were committed");
        int[] spare = crate.spare;
        crate.spare = new int[] {9, 9};
        store.abort();
        spare[0] = 46;
        store.commit();
        store.close();
        try (ObjectStore again = ObjectStore.open(dir)) {
            Crate reread = again.root("crate", Crate.class);
            reread.x = 7; // the object changes before any of its arrays is handed out
            int[] kept = reread.spare;
            check(kept[0] == 46, "a change through the array of a faulted object's field, kept across abort(), was committed");
            reread.spare = new int[] {9, 9};
            again.abort();
            kept[1] = 47;
            again.commit();
        }
        try (ObjectStore third = ObjectStore.open(dir)) {
            check(third.root("crate", Crate.class).spare[1] == 47, "a change through the array of a field, taken after"
                + " its object changed and kept across an abort() that stored another array there, was committed");
            keepSamplesAcrossAbort(third, third.root("crate", Crate.class).sampler);
        }
        try (ObjectStore fourth = ObjectStore.open(dir)) {
            long[] samples = fourth.root("crate", Crate.class).sampler.values;
            check(samples[2] == 49 && samples[3] == 0, "a change through a large array kept in a local across an abort()"
                + " that stored another array in its field was committed");
        }
    }

    /**
     * Keeps the large array of {@code sampler} in a local, which the agent proves the method keeps to itself (its
     * element stores mark its pages, and {@code sampler} is not watched), across an {@code abort()} of a transaction that
     * stored another array in the field; changes it after.
     */
    private static void keepSamplesAcrossAbort(ObjectStore store, Sampler sampler) {
        long[] samples = sampler.values;
        samples[3] = 48;
        sampler.values = new long[] {9, 9};
        store.abort();
        samples[2] = 49;
        store.commit();
        check(sampler.values == samples && samples[3] == 0, "abort() gives a field its large array back, kept in a local,"
            + " with its committed elements, after another array was stored in the field");
    }

    /** A list made by a class that is not persistent and handed on: a plain {@code ArrayList}, not a tracked one. */
    private static List<Integer> plainList(Integer... elements) {
        return new ArrayList<>(Arrays.asList(elements));
    }

    /**
     * An object holding a set long enough to be stored in pages beside collections of arrays: abort() reads the
     * collections of arrays again, and close() with a change not committed aborts it (both threw a ClassCastException,
     * taking the paged set for a paged list or map).
     */
    private static void writeWithLargeSet(ObjectStore store) {
        Crate crate = store.root("crate", Crate.class, Crate::new);
        for (int i = 0; i < 600; i++) {
            crate.seen.add(i);
        }
        store.commit();
        crate.x = 5;
        crate.seen.add(600);
        try {
            store.abort();
            check(crate.x == 0 && crate.seen.size() == 600 && crate.shelves.get("a").get(0)[0] == 1,
                "abort() reverts an object holding a paged set beside collections of arrays: " + crate.seen.size());
        } catch (RuntimeException e) {
            check(false, "abort() reverts an object holding a paged set beside collections of arrays, not " + e);
        }
        crate.rows.get(0)[0] = 70;
        store.commit();
        crate.x = 6; // left for close() to abort
    }

    private static void verifyWithLargeSet(ObjectStore store) {
        Crate crate = store.root("crate", Crate.class);
        check(crate.x == 0 && crate.seen.size() == 600 && crate.seen.contains(599) && crate.rows.get(0)[0] == 70,
            "a fresh JVM reads the set, the change committed after the abort, and not the one close() aborted");
    }

    /** Two objects sharing a list, for {@link #writeWithFormerlyShared}, which reads them in a JVM of its own. */
    private static void shareWithFormerlyShared(ObjectStore store) {
        Crate first = store.root("crate", Crate.class, Crate::new);
        first.other = new Crate();
        first.list = new ArrayList<>(List.of(1));
        first.other.list = first.list;
        first.cycle.put("shared", first.list);
        store.commit();
    }

    /**
     * An object and a map of its that shared a list with another object, read so, and then, committed, hold other
     * values: {@code abort()} of a change to the other object detaches the list they shared, but neither the map nor
     * the collections of the first object, which no longer hold it and did not change (both were taken for holders
     * still, and the first object's set was detached: a change through it, kept in a local, was refused).
     */
    private static void writeWithFormerlyShared(ObjectStore store) {
        Crate first = store.root("crate", Crate.class);
        Crate second = first.other;
        check(first.list == second.list && first.cycle.get("shared") == second.list, "the two objects read share their list");
        first.list = new ArrayList<>(List.of(2));
        first.cycle.put("shared", "no longer");
        store.commit();
        java.util.Set<Integer> kept = first.seen;
        java.util.Map<String, Object> keptMap = first.cycle;
        second.x = 15;
        store.abort();
        check(first.seen == kept && first.cycle == keptMap,
            "an object and a map that no longer share a collection with the one abort() reverts keep their own");
        try {
            kept.add(16);
            keptMap.put("after", "abort");
            store.commit();
            check(first.seen.equals(java.util.Set.of(16)) && "abort".equals(first.cycle.get("after")),
                "changes through them after abort() are committed: " + first.seen + " " + first.cycle);
        } catch (DetachedCollectionException e) {
            check(false, "a change through it after abort() is committed, not refused: " + e.getMessage());
        }
    }

    private static void verifyWithFormerlyShared(ObjectStore store) {
        Crate first = store.root("crate", Crate.class);
        check(first.seen.equals(java.util.Set.of(16)) && first.list.equals(List.of(2)) && first.other.list.equals(List.of(1))
            && "abort".equals(first.cycle.get("after")) && "no longer".equals(first.cycle.get("shared")),
            "a fresh JVM reads the changes made after abort(): " + first.seen + " " + first.list + " " + first.other.list
                + " " + first.cycle);
    }

    /**
     * An aborted store of one object's array into another's field, the first time the application touched that field:
     * {@code abort()} gives the second object its own committed array back, and leaves the first one's as committed
     * (the watch the store caused took the array the field held before it, not the one stored), so that a change made
     * next through the first object is its alone.
     */
    private static void writeWithArrayOfAnother(ObjectStore store) {
        Pair first = store.root("pair", Pair.class, Pair::new);
        first.other = new Pair();
        first.numbers[1] = 1;
        first.other.numbers[1] = 2;
        store.commit();
        Pair second = first.other;
        second.numbers = first.numbers;
        store.abort();
        check(second.numbers != first.numbers && second.numbers[1] == 2 && first.numbers[1] == 1,
            "abort() gives each object its own committed array: " + Arrays.toString(first.numbers) + " "
                + Arrays.toString(second.numbers) + " " + (second.numbers == first.numbers));
        first.numbers[0] = 7;
        store.commit();
    }

    private static void verifyWithArrayOfAnother(ObjectStore store) {
        Pair first = store.root("pair", Pair.class);
        check(Arrays.equals(first.numbers, new int[] {7, 1, 0}) && Arrays.equals(first.other.numbers, new int[] {0, 2, 0}),
            "a fresh JVM reads the change made to the first object's array alone: " + Arrays.toString(first.numbers) + " "
                + Arrays.toString(first.other.numbers));
    }

    /**
     * The same with arrays of equal elements, swapped, then shared: the objects' bytes are as committed, and yet
     * {@code abort()} gives each its own array back (under {@code barrier=card} and {@code none}, which revert only what
     * differs from the committed bytes, it left them swapped).
     */
    private static void writeWithEqualArraysSwapped(ObjectStore store) {
        Pair first = store.root("pair", Pair.class, Pair::new);
        first.other = new Pair();
        store.commit();
        Pair second = first.other;
        int[] mine = first.numbers;
        int[] theirs = second.numbers;
        first.numbers = theirs;
        second.numbers = mine;
        store.abort();
        boolean swappedBack = first.numbers == mine && second.numbers == theirs;
        second.numbers = first.numbers;
        store.abort();
        check(swappedBack && first.numbers == mine && second.numbers == theirs, "abort() gives each object its own"
            + " array of equal elements back: " + swappedBack + " " + (second.numbers == first.numbers));
        mine[0] = 7;
        store.commit();
    }

    private static void verifyWithEqualArraysSwapped(ObjectStore store) {
        Pair first = store.root("pair", Pair.class);
        check(Arrays.equals(first.numbers, new int[] {7, 0, 0}) && Arrays.equals(first.other.numbers, new int[] {0, 0, 0}),
            "a fresh JVM reads the change made through the first object's array alone: " + Arrays.toString(first.numbers)
                + " " + Arrays.toString(first.other.numbers));
    }

    /**
     * The same in lists and maps, made by the application (plain, compared with their committed bytes at abort()) and by
     * a persistent class (tracked): arrays of equal elements swapped, then one shared, and aborted; each place gets its
     * own array back, and a change made through it next is committed there.
     */
    private static void writeWithEqualArraysInCollections(ObjectStore store) {
        Crate crate = store.root("crate", Crate.class, Crate::new);
        crate.plainRows = new ArrayList<>(List.of(new int[] {1, 2}, new int[] {1, 2}));
        crate.moved = crate.newRows();
        crate.moved.addAll(List.of(new int[] {1, 2}, new int[] {1, 2}));
        crate.plainByKey = new java.util.HashMap<>(java.util.Map.of("a", new int[] {3}, "b", new int[] {3}));
        crate.byKey.putAll(java.util.Map.of("a", new int[] {3}, "b", new int[] {3}));
        store.commit();
        int[][] firsts = {swapEqualArraysAndAbort(store, () -> crate.plainRows, "plain list"),
            swapEqualArraysAndAbort(store, () -> crate.moved, "tracked list"),
            swapEqualValuesAndAbort(store, () -> crate.plainByKey, "plain map"),
            swapEqualValuesAndAbort(store, () -> crate.byKey, "tracked map")};
        for (int[] first : firsts) {
            first[0] = 7;
        }
        store.commit();
    }

    /**
     * Swaps the two arrays of equal elements the list {@code field} reads holds, aborts, shares the first, aborts;
     * returns the first. The field is read again after each abort, which detaches a tracked collection it changed.
     */
    private static int[] swapEqualArraysAndAbort(ObjectStore store, Supplier<List<int[]>> field, String what) {
        List<int[]> list = field.get();
        int[] first = list.get(0);
        int[] second = list.get(1);
        list.set(0, second);
        list.set(1, first);
        store.abort();
        list = field.get();
        boolean swappedBack = list.get(0) == first && list.get(1) == second;
        list.set(1, first);
        store.abort();
        list = field.get();
        check(swappedBack && list.get(0) == first && list.get(1) == second,
            "abort() gives each place of a " + what + " its own array of equal elements back: " + swappedBack);
        return first;
    }

    /** The same for the arrays under keys "a" and "b" of the map {@code field} reads. */
    private static int[] swapEqualValuesAndAbort(ObjectStore store, Supplier<Map<String, int[]>> field, String what) {
        Map<String, int[]> map = field.get();
        int[] first = map.get("a");
        int[] second = map.get("b");
        map.put("a", second);
        map.put("b", first);
        store.abort();
        map = field.get();
        boolean swappedBack = map.get("a") == first && map.get("b") == second;
        map.put("b", first);
        store.abort();
        map = field.get();
        check(swappedBack && map.get("a") == first && map.get("b") == second,
            "abort() gives each key of a " + what + " its own array of equal elements back: " + swappedBack);
        return first;
    }

    private static void verifyWithEqualArraysInCollections(ObjectStore store) {
        Crate crate = store.root("crate", Crate.class);
        List<int[]> read = List.of(crate.plainRows.get(0), crate.plainRows.get(1), crate.moved.get(0), crate.moved.get(1),
            crate.plainByKey.get("a"), crate.plainByKey.get("b"), crate.byKey.get("a"), crate.byKey.get("b"));
        String values = read.stream().map(Arrays::toString).collect(java.util.stream.Collectors.joining(" "));
        check(values.equals("[7, 2] [1, 2] [7, 2] [1, 2] [7] [3] [7] [3]"),
            "a fresh JVM reads the change made through the first array of each alone: " + values);
    }

    /**
     * Sets of arrays, which hold their arrays at no index or key, made by the application (plain) and by a persistent
     * class (tracked), changed in the JVM that made them: abort() gives each set the arrays it held as committed, with
     * their committed elements, so that a change made through one after it is committed.
     */
    private static void writeWithSetsOfArrays(ObjectStore store) {
        Crate crate = store.root("crate", Crate.class, Crate::new);
        crate.plainMarks = new HashSet<>(List.of(new int[] {1, 2}, new int[] {2, 2}, new int[] {2, 2}));
        crate.marks.addAll(List.of(new int[] {1, 2}, new int[] {2, 2}, new int[] {2, 2}));
        crate.plainOrdered = new java.util.LinkedHashSet<>(List.of(new int[] {1}, "s", new int[][] {{2, 3}}));
        crate.ordered.addAll(List.of(new int[] {1}, "s", new int[][] {{2, 3}}));
        store.commit();
        changeSetsOfArrays(store);
    }

    /** The same with the sets read from the store. */
    private static void changeSetsOfArrays(ObjectStore store) {
        Crate crate = store.root("crate", Crate.class);
        abortChangesToASetOfArrays(store, () -> crate.plainMarks, "a plain set");
        abortChangesToASetOfArrays(store, () -> crate.marks, "a tracked set");
        abortChangesToAnOrderedSet(store, () -> crate.plainOrdered, "a plain ordered set");
        abortChangesToAnOrderedSet(store, () -> crate.ordered, "a tracked ordered set");
    }

    /**
     * Writes into the array and the row of the array of arrays that the ordered set {@code field} reads holds, stores
     * another row in its place and puts another string in the set, aborts, and checks the set holds its own arrays and
     * row again, in its committed order; then adds 1 to the array's element and the row's second, and commits.
     */
    private static void abortChangesToAnOrderedSet(ObjectStore store, Supplier<java.util.Set<Object>> field, String what) {
        List<Object> committed = new ArrayList<>(field.get());
        int[] first = (int[]) committed.get(0);
        int[][] grid = (int[][]) committed.get(2);
        int[] row = grid[0];
        int committedFirst = first[0];
        int committedRow = row[1];
        first[0] = 10;
        grid[0] = new int[] {9, 9};
        row[1] = 99;
        field.get().remove("s");
        field.get().add("t");
        store.abort();
        List<Object> now = new ArrayList<>(field.get());
        check(now.size() == 3 && now.get(0) == first && "s".equals(now.get(1)) && now.get(2) == grid && grid[0] == row
                && first[0] == committedFirst && row[1] == committedRow,
            "abort() gives " + what + " its arrays and rows back, with their committed elements, in its committed order");
        first[0]++;
        row[1]++;
        store.commit();
    }

    /**
     * Writes into the arrays of the set {@code field} reads and puts others in their place, aborts, checks the set
     * holds its own arrays again, then adds 10 to the second element of its array starting with 1, and 1 to those of
     * its two arrays starting with 2, and commits.
     */
    private static void abortChangesToASetOfArrays(ObjectStore store, Supplier<java.util.Set<int[]>> field, String what) {
        java.util.Set<int[]> set = field.get();
        int[] one = set.stream().filter(array -> array[0] == 1).findFirst().orElseThrow();
        List<int[]> twos = set.stream().filter(array -> array[0] == 2).collect(java.util.stream.Collectors.toList());
        int committedTwo = twos.get(0)[1];
        one[0] = 10;
        set.remove(twos.get(0));
        set.add(new int[] {2, committedTwo});
        set.add(new int[] {5});
        twos.get(1)[1] = 99;
        store.abort();
        set = field.get();
        check(set.size() == 3 && set.contains(one) && set.contains(twos.get(0)) && set.contains(twos.get(1)) && one[0] == 1
                && twos.get(1)[1] == committedTwo,
            "abort() gives " + what + " of arrays the arrays it held as committed, with their committed elements");
        one[1] += 10;
        twos.forEach(two -> two[1]++);
        store.commit();
    }

    private static void verifySetsOfArrays(ObjectStore store) {
        Crate crate = store.root("crate", Crate.class);
        for (java.util.Set<int[]> set : List.of(crate.plainMarks, crate.marks)) {
            List<String> read = set.stream().map(Arrays::toString).sorted().collect(java.util.stream.Collectors.toList());
            check(read.equals(List.of("[1, 22]", "[2, 4]", "[2, 4]")),
                "a fresh JVM reads the changes made through the arrays of a set after two aborts: " + read);
        }
        for (java.util.Set<Object> set : List.of(crate.plainOrdered, crate.ordered)) {
            String read = set.stream().map(value -> value instanceof String ? value : Arrays.deepToString(new Object[] {value}))
                .map(String::valueOf).collect(java.util.stream.Collectors.joining(" "));
            check(read.equals("[[3]] s [[[2, 5]]]"),
                "a fresh JVM reads the changes made through the arrays of an ordered set after two aborts: " + read);
        }
    }

    /**
     * Maps keyed by arrays (and a string), which hold their array keys (and the values under them) at no index or key
     * the map read again could look up, made by the application (plain) and by a persistent class (tracked), changed in
     * the JVM that made them: abort() gives each map the key arrays and value arrays it held as committed, with their
     * committed elements, so that a change made through one after it is committed.
     */
    private static void writeWithArrayKeys(ObjectStore store) {
        Crate crate = store.root("crate", Crate.class, Crate::new);
        crate.plainByArray = new HashMap<>();
        for (Map<Object, Object> map : List.of(crate.plainByArray, crate.byArray)) {
            map.put(new int[] {1, 2}, new int[] {10});
            map.put(new int[] {3}, "s");
            map.put(new int[] {4}, new int[] {40});
            map.put("five", new int[] {50});
        }
        store.commit();
        changeArrayKeys(store);
    }

    /** The same with the maps read from the store. */
    private static void changeArrayKeys(ObjectStore store) {
        Crate crate = store.root("crate", Crate.class);
        abortChangesToAMapKeyedByArrays(store, () -> crate.plainByArray, "a plain map");
        abortChangesToAMapKeyedByArrays(store, () -> crate.byArray, "a tracked map");
    }

    /**
     * Writes into a key array and a value array of the map {@code field} reads, removes the entry of another key array,
     * puts a new one and stores another value under a third and under the string key, aborts, and checks the map holds
     * its own keys and values again, with their committed elements; then adds 10 to the second element of the key
     * starting with 1 and 1 to the values under it, under the key {@code [4]} and under the string, and commits; before
     * that, puts arrays of equal elements in place of the values under the first key and the string, and aborts again.
     */
    private static void abortChangesToAMapKeyedByArrays(ObjectStore store, Supplier<Map<Object, Object>> field, String what) {
        Map<Object, Object> map = field.get();
        int[] one = keyStartingWith(map, 1);
        int[] three = keyStartingWith(map, 3);
        int[] four = keyStartingWith(map, 4);
        int[] oneValue = (int[]) map.get(one);
        int[] fourValue = (int[]) map.get(four);
        int[] fiveValue = (int[]) map.get("five");
        int committedKey = one[1];
        int committedValue = oneValue[0];
        one[1] = 99;
        oneValue[0] = 77;
        map.remove(four);
        map.put(new int[] {5}, new int[] {50});
        map.put(three, "t");
        map.put("five", new int[] {fiveValue[0]});
        store.abort();
        map = field.get();
        check(map.size() == 4 && map.get(one) == oneValue && "s".equals(map.get(three)) && map.get(four) == fourValue
                && map.get("five") == fiveValue
                && one[1] == committedKey && oneValue[0] == committedValue,
            "abort() gives " + what + " keyed by arrays the key and value arrays it held as committed, with their"
                + " committed elements: " + describe(map));
        map.put(one, new int[] {oneValue[0]}); // arrays of equal elements: the map's bytes are as committed
        map.put("five", new int[] {fiveValue[0]});
        store.abort();
        map = field.get();
        check(map.get(one) == oneValue && map.get("five") == fiveValue,
            "abort() gives " + what + " keyed by arrays its value arrays back in place of arrays of equal elements");
        one[1] += 10;
        oneValue[0]++;
        fourValue[0]++;
        fiveValue[0]++;
        store.commit();
    }

    private static int[] keyStartingWith(Map<Object, Object> map, int first) {
        return map.keySet().stream().filter(key -> key instanceof int[] && ((int[]) key)[0] == first).map(key -> (int[]) key)
            .findFirst().orElseThrow();
    }

    private static String describe(Map<Object, Object> map) {
        return map.entrySet().stream()
            .map(entry -> (entry.getKey() instanceof int[] ? Arrays.toString((int[]) entry.getKey()) : entry.getKey())
                + "=" + (entry.getValue() instanceof int[]
                ? Arrays.toString((int[]) entry.getValue()) : entry.getValue()))
            .sorted().collect(java.util.stream.Collectors.joining(" "));
    }

    private static void verifyArrayKeys(ObjectStore store) {
        Crate crate = store.root("crate", Crate.class);
        for (Map<Object, Object> map : List.of(crate.plainByArray, crate.byArray)) {
            String read = describe(map);
            check(read.equals("[1, 22]=[12] [3]=s [4]=[42] five=[52]"),
                "a fresh JVM reads the changes made through the keys and values of a map keyed by arrays after two"
                    + " aborts: " + read);
        }
    }

    /**
     * A list of arrays stored in pages, shrunk and committed, then cleared and given a new array, and aborted: the list
     * read again holds the array taken from it before at its place, and the new one is left as it is (abort() put the
     * new one at index 0, with the committed elements of the array taken, which was lost with its change).
     */
    private static void writeWithClearedPagedList(ObjectStore store) {
        Crate crate = store.root("crate", Crate.class, Crate::new);
        crate.fillLedger(1_100);
        store.commit();
        crate.ledger.subList(106, 1_100).clear();
        store.commit();
        int[] first = crate.ledger.get(0);
        int[] added = {777};
        crate.ledger.clear();
        crate.ledger.add(0, added);
        store.abort();
        check(crate.ledger.size() == 106 && crate.ledger.get(0) == first && added[0] == 777,
            "abort() gives a cleared paged list its arrays back and leaves the array added alone: " + added[0]);
        first[0] = 42;
        store.commit();
    }

    private static void verifyWithClearedPagedList(ObjectStore store) {
        List<int[]> ledger = store.root("crate", Crate.class).ledger;
        check(ledger.size() == 106 && ledger.get(0)[0] == 42, "a fresh JVM reads the change made through the array taken"
            + " from the cleared paged list: " + ledger.get(0)[0]);
    }

    private static void buildGrids(ObjectStore store) {
        Grid first = store.root("grid", Grid.class, Grid::new);
        first.tables.add(new int[][] {{5, 6}, {7, 8}});
        first.other = new Grid();
        first.other.rows[1] = new int[] {30, 40};
        store.commit();
    }

    /**
     * Aborted stores of one object's row into another's array of arrays, in a field and in an element of a list (which
     * then changes too): {@code abort()} gives each array its committed rows back, never the committed elements of one
     * into the other's row, and keeps the array the application holds from the list as the list's.
     */
    private static void writeWithRowsOfAnother(ObjectStore store) {
        Grid first = store.root("grid", Grid.class);
        Grid second = first.other;
        first.rows[0] = second.rows[1];
        int[][] table = first.tables.get(0);
        table[0] = second.rows[1];
        first.tables.add(new int[][] {{0}});
        store.abort();
        check(first.rows[0] != second.rows[1] && table[0] != second.rows[1] && first.tables.get(0) == table
            && Arrays.deepEquals(first.rows, new int[][] {{1, 2}, {3, 4}}) && Arrays.deepEquals(table, new int[][] {{5, 6}, {7, 8}})
            && Arrays.deepEquals(second.rows, new int[][] {{1, 2}, {30, 40}}) && first.tables.size() == 1,
            "abort() gives each array its own committed rows: " + Arrays.deepToString(first.rows) + " "
                + Arrays.deepToString(table) + " " + Arrays.deepToString(second.rows));
        first.rows[1][0] = 9;
        table[1][0] = 70;
        store.commit();
    }

    private static void verifyWithRowsOfAnother(ObjectStore store) {
        Grid first = store.root("grid", Grid.class);
        check(Arrays.deepEquals(first.rows, new int[][] {{1, 2}, {9, 4}})
            && Arrays.deepEquals(first.tables.get(0), new int[][] {{5, 6}, {70, 8}})
            && Arrays.deepEquals(first.other.rows, new int[][] {{1, 2}, {30, 40}}),
            "a fresh JVM reads the changes made to the first object's rows alone: " + Arrays.deepToString(first.rows) + " "
                + Arrays.deepToString(first.tables.get(0)) + " " + Arrays.deepToString(first.other.rows));
    }

    /** Two objects sharing a list of arrays, for {@link #writeWithRowsHandedOver}. */
    private static void shareRows(ObjectStore store) {
        Crate first = store.root("crate", Crate.class, Crate::new);
        first.other = new Crate();
        first.other.rows = first.rows;
        store.commit();
    }

    /**
     * A list of arrays read through one object, which then commits another list in its place, while the object it is
     * left to is not read yet: a change to the list, taken back by {@code abort()}, detaches it, and no object read
     * holds it any longer; the array the application holds from it must still be the list's, read again in its place,
     * so that the change made to it next is committed.
     */
    private static void writeWithRowsHandedOver(ObjectStore store) {
        Crate first = store.root("crate", Crate.class);
        int[] row = handOverThenAbort(store, first.rows, () -> first.rows = new ArrayList<>(), new int[] {9},
            held -> held[0] = 42);
        check(first.other.rows.get(0) == row, "the list read again after abort() holds the array held from it");
    }

    /**
     * Takes the first array of {@code list}, has the first object give up the collection that holds the list ({@code
     * handOver}) and commits, so that only an object not read yet holds it in the store; then adds {@code added} to the
     * list, aborts, writes through the array taken ({@code write}) and commits. Returns the array.
     */
    private static <A> A handOverThenAbort(ObjectStore store, List<A> list, Runnable handOver, A added, Consumer<A> write) {
        A first = list.get(0);
        handOver.run();
        store.commit();
        list.add(added);
        store.abort();
        write.accept(first);
        store.commit();
        return first;
    }

    private static void shareShelves(ObjectStore store) {
        Crate first = store.root("crate", Crate.class, Crate::new);
        first.other = new Crate();
        first.other.shelves = first.shelves;
        store.commit();
    }

    private static void writeWithShelvesHandedOver(ObjectStore store) {
        Crate first = store.root("crate", Crate.class);
        long[] row = handOverThenAbort(store, first.shelves.get("a"), () -> first.shelves = new java.util.HashMap<>(),
            new long[] {9}, held -> held[0] = 42);
        check(first.other.shelves.get("a").get(0) == row, "the shelf read again after abort() holds the array held from it");
    }

    private static void verifyWithShelvesHandedOver(ObjectStore store) {
        List<long[]> shelf = store.root("crate", Crate.class).other.shelves.get("a");
        check(shelf.size() == 1 && shelf.get(0)[0] == 42 && shelf.get(0)[1] == 2,
            "a fresh JVM reads the change made to the array after abort(): " + shelf.size() + " " + Arrays.toString(shelf.get(0)));
    }

    private static void shareCycle(ObjectStore store) {
        Crate first = store.root("crate", Crate.class, Crate::new);
        java.util.Map<String, Object> next = new Crate().cycle;
        List<int[]> rows = first.newRows();
        rows.add(new int[] {1, 2});
        next.put("rows", rows);
        next.put("back", first.cycle);
        first.cycle.put("next", next);
        first.cycle.put("self", first.cycle);
        first.other = new Crate();
        first.other.cycle = first.cycle;
        store.commit();
    }

    /**
     * The same for a list of arrays in a map that a map holding itself holds, and holds in turn: no collection holds
     * either map but the other or itself.
     */
    @SuppressWarnings("unchecked")
    private static void writeWithCycleHandedOver(ObjectStore store) {
        Crate first = store.root("crate", Crate.class);
        List<int[]> rows = (List<int[]>) ((java.util.Map<String, Object>) first.cycle.get("next")).get("rows");
        int[] row = handOverThenAbort(store, rows, () -> first.cycle = new java.util.HashMap<>(), new int[] {9},
            held -> held[0] = 42);
        java.util.Map<String, Object> next = (java.util.Map<String, Object>) first.other.cycle.get("next");
        check(((List<int[]>) next.get("rows")).get(0) == row,
            "the list read again after abort() in the maps holding each other holds the array held from it");
    }

    @SuppressWarnings("unchecked")
    private static void verifyWithCycleHandedOver(ObjectStore store) {
        java.util.Map<String, Object> cycle = store.root("crate", Crate.class).other.cycle;
        java.util.Map<String, Object> next = (java.util.Map<String, Object>) cycle.get("next");
        List<int[]> rows = (List<int[]>) next.get("rows");
        check(cycle.get("self") == cycle && next.get("back") == cycle && rows.size() == 1 && rows.get(0)[0] == 42 && rows.get(0)[1] == 2,
            "a fresh JVM reads the change made to the array after abort(): " + rows.size() + " " + Arrays.toString(rows.get(0)));
    }

    private static void verifyWithRowsHandedOver(ObjectStore store) {
        List<int[]> rows = store.root("crate", Crate.class).other.rows;
        check(rows.size() == 1 && rows.get(0)[0] == 42 && rows.get(0)[1] == 8,
            "a fresh JVM reads the change made to the array after abort(): " + rows.size() + " " + Arrays.toString(rows.get(0)));
    }

    /**
     * A map the application made (a plain {@code HashMap}) holding, as a value, the set of another object: when
     * {@code abort()} reverts the map's holder, the set is read again, and the map holds the one its object holds,
     * so that a change through either is committed (the map kept the set abort() detached, and a change through it
     * threw {@code DetachedCollectionException} though it had just been read from the field).
     */
    private static void writeWithSharedInPlainMap(ObjectStore store) {
        Crate crate = store.root("crate", Crate.class, Crate::new);
        crate.other = new Crate();
        crate.other.seen.add(42);
        crate.byName = new java.util.HashMap<>();
        crate.byName.put("b", crate.other.seen);
        store.commit();
        crate.x = 14; // the map's holder changes: abort() reverts it
        store.abort();
        check(crate.byName.get("b") == crate.other.seen, "the plain map and the object share the set after abort()");
        try {
            crate.byName.get("b").add(99);
            store.commit();
            check(crate.other.seen.equals(java.util.Set.of(42, 99)),
                "a change through the plain map after abort() is the object's too: " + crate.other.seen);
        } catch (DetachedCollectionException e) {
            check(false, "a change through the plain map after abort() is committed, not refused: " + e.getMessage());
        }
    }

    private static void verifyWithSharedInPlainMap(ObjectStore store) {
        Crate crate = store.root("crate", Crate.class);
        check(crate.byName.get("b") == crate.other.seen && crate.other.seen.equals(java.util.Set.of(42, 99)),
            "a fresh JVM reads one set, holding the change made after abort(): " + crate.byName + " " + crate.other.seen);
    }

    /**
     * A map holding itself and a list of arrays: {@code abort()} after a change to the list reads the list again and
     * fills what holds it, going round the cycle once (it threw {@code StackOverflowError}).
     */
    private static void writeWithCycle(ObjectStore store) {
        Crate crate = store.root("crate", Crate.class, Crate::new);
        List<int[]> rows = crate.newRows();
        rows.add(new int[] {1});
        crate.cycle.put("rows", rows);
        crate.cycle.put("self", crate.cycle);
        store.commit();
        int[] kept = rows.get(0);
        rows.add(new int[] {2});
        try {
            store.abort();
            @SuppressWarnings("unchecked")
            List<int[]> read = (List<int[]>) crate.cycle.get("rows");
            check(read.size() == 1 && read.get(0) == kept && crate.cycle.get("self") == crate.cycle,
                "abort() reverts a list of arrays held by a map that holds itself: " + read.size());
            kept[0] = 5;
            store.commit();
        } catch (StackOverflowError e) {
            check(false, "abort() reverts a list of arrays held by a map that holds itself, not " + e);
        }
    }

    private static void verifyWithCycle(ObjectStore store) {
        Crate crate = store.root("crate", Crate.class);
        @SuppressWarnings("unchecked")
        List<int[]> rows = (List<int[]>) crate.cycle.get("rows");
        check(crate.cycle.get("self") == crate.cycle && rows.size() == 1 && rows.get(0)[0] == 5,
            "a fresh JVM reads the map holding itself and the change made through the kept array after abort()");
    }

    /**
     * {@code abort()} from the filter of a map view's {@code removeIf}, the map unchanged before: the map is detached
     * and the removal discarded, as for {@code compute} (the removal went on and the next commit wrote it).
     */
    private static void writeWithAbortInFilter(ObjectStore store) {
        Crate crate = store.root("crate", Crate.class, Crate::new);
        crate.cycle.put("k1", 1);
        crate.cycle.put("k2", 2);
        store.commit();
        boolean[] aborted = {false};
        crate.cycle.entrySet().removeIf(entry -> {
            if (!aborted[0]) {
                aborted[0] = true;
                store.abort();
            }
            return entry.getKey().equals("k2");
        });
        store.commit();
        check(crate.cycle.containsKey("k2") && crate.cycle.size() == 2,
            "abort() from a removeIf filter discards the removal: " + crate.cycle.keySet());

        for (int i = 0; i < 600; i++) { // stored in pages, as the list below is
            crate.seen.add(i);
        }
        crate.fillLedger(3_000);
        store.commit();
        aborted[0] = false;
        crate.seen.removeIf(element -> {
            if (!aborted[0]) {
                aborted[0] = true;
                store.abort();
            }
            return element == 5;
        });
        aborted[0] = false;
        crate.ledger.subList(0, 10).removeIf(row -> {
            if (!aborted[0]) {
                aborted[0] = true;
                store.abort();
            }
            return row[0] == 5;
        });
        store.commit();
        check(crate.seen.size() == 600 && crate.ledger.size() == 3_000,
            "abort() from the filter of a paged set's and a paged list's view's removeIf discards the removal: "
                + crate.seen.size() + " " + crate.ledger.size());
    }

    private static void verifyWithAbortInFilter(ObjectStore store) {
        Crate crate = store.root("crate", Crate.class);
        check(crate.cycle.containsKey("k2") && crate.cycle.size() == 2 && crate.seen.contains(5)
                && crate.ledger.size() == 3_000 && crate.ledger.get(5)[0] == 5,
            "a fresh JVM reads the collections without the removals abort() discarded: " + crate.cycle.keySet() + " "
                + crate.seen.size() + " " + crate.ledger.size());
    }

    private static void check(boolean holds, String label) {
        System.out.println("CHECK " + (holds ? "PASS " : "FAIL ") + label);
    }
}
