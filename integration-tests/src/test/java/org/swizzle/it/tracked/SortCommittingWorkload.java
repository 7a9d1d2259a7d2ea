package org.swizzle.it.tracked;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.swizzle.ObjectStore;
import org.swizzle.Persistent;
import org.swizzle.it.Phases;

/**
 * The child JVM of {@link SortCommittingTest}: lists sorted by a comparator that commits halfway through the sort,
 * after which the JVM ends as a kill would end it; the next JVM must find each list as it was before the sort.
 */
public final class SortCommittingWorkload {

    /** A list of one chunk, sorted in its array, and one kept in chunks. */
    static final int[] SIZES = {300, 3_000};

    /** Lists of the numbers from 0, shuffled. */
    @Persistent
    public static class Shelf {
        List<List<Integer>> lists = new ArrayList<>();
    }

    public static void main(String[] args) throws Exception {
        Phases.run(args, Map.of("build", SortCommittingWorkload::build,
            "sortSmallCommittingThenHalt", store -> sortCommittingThenHalt(store, 0, "sortSmallCommittingThenHalt"),
            "sortLargeCommittingThenHalt", store -> sortCommittingThenHalt(store, 1, "sortLargeCommittingThenHalt"),
            "verifyUnsorted", SortCommittingWorkload::verifyUnsorted,
            "sort", SortCommittingWorkload::sort, "verifySorted", SortCommittingWorkload::verifySorted));
    }

    private static List<Integer> shuffled(int size) {
        List<Integer> numbers = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            numbers.add(i);
        }
        Collections.shuffle(numbers, new Random(size));
        return numbers;
    }

    private static void build(ObjectStore store) {
        Shelf shelf = store.root("shelf", Shelf.class, Shelf::new);
        for (int size : SIZES) {
            shelf.lists.add(new ArrayList<>(shuffled(size)));
        }
        store.commit();
    }

    /** Sorts list {@code index} by a comparator that commits at its third comparison a number, then halts the JVM. */
    private static void sortCommittingThenHalt(ObjectStore store, int index, String phase) {
        List<Integer> list = store.root("shelf", Shelf.class).lists.get(index);
        int[] comparisons = {0};
        list.sort((a, b) -> {
            if (++comparisons[0] == 3 * list.size()) {
                store.commit();
                Phases.halt(phase);
            }
            return Integer.compare(a, b);
        });
    }

    /** Each list as it was before the sort in which it committed. */
    private static void verifyUnsorted(ObjectStore store) {
        List<List<Integer>> lists = store.root("shelf", Shelf.class).lists;
        for (int i = 0; i < SIZES.length; i++) {
            Phases.check("verifyUnsorted", "the list of " + SIZES[i] + " as it was before the sort in which it committed: "
                + lists.get(i), lists.get(i).equals(shuffled(SIZES[i])));
        }
    }

    /** Sorts each list by a comparator that commits halfway, then commits the sorted lists. */
    private static void sort(ObjectStore store) {
        for (List<Integer> list : store.root("shelf", Shelf.class).lists) {
            int[] comparisons = {0};
            list.sort((a, b) -> {
                if (++comparisons[0] == 3 * list.size()) {
                    store.commit();
                }
                return Integer.compare(a, b);
            });
        }
        store.commit();
    }

    private static void verifySorted(ObjectStore store) {
        for (List<Integer> list : store.root("shelf", Shelf.class).lists) {
            for (int i = 0; i < list.size(); i++) {
                if (list.get(i) != i) {
                    Phases.check("verifySorted", "element " + i + " of the list of " + list.size() + " is " + list.get(i), false);
                    return;
                }
            }
        }
    }
}
