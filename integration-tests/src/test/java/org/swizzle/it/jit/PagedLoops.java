package org.swizzle.it.jit;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.swizzle.ObjectStore;

/**
 * The child JVM of {@link InliningTest}'s paged collections: stores a list and a map large enough to be paged,
 * reopens them and loops over both until C2 compiles {@link #sumList}, {@link #sumListByIndex} and {@link #sumMap},
 * which move from chunk to chunk and from page to page as they go.
 */
public final class PagedLoops {

    private static final int ENTRIES = 20_000;

    public static void main(String[] args) {
        Path dir = Path.of(args[0]);
        try (ObjectStore store = ObjectStore.open(dir)) {
            Shelf shelf = new Shelf();
            for (int i = 0; i < ENTRIES; i++) {
                shelf.list.add(i);
                shelf.map.put(i, i);
            }
            store.setRoot("shelf", shelf);
            store.commit();
        }
        try (ObjectStore store = ObjectStore.open(dir)) {
            Shelf shelf = store.root("shelf", Shelf.class);
            long sum = 0;
            for (int i = 0; i < 500; i++) {
                sum += sumList(shelf.list) + sumListByIndex(shelf.list) + sumMap(shelf.map);
            }
            System.out.println("SUM " + sum + " PAGES " + store.stats().pagesRead());
        }
    }

    /** A loop over a paged list: its inlining tree must hold the iterator's step and not the chunk search. */
    static long sumList(List<Integer> list) {
        long sum = 0;
        for (int element : list) {
            sum += element;
        }
        return sum;
    }

    /**
     * A loop over a paged list by index, in strides longer than a chunk, so that nearly every {@code get} searches
     * for its chunk and the search is as hot as {@code get} when C2 compiles it: the compile that holds {@code get} (this
     * loop's, or its own) must hold the search's small wrapper and not the search.
     */
    static long sumListByIndex(List<Integer> list) {
        long sum = 0;
        for (int i = 0, n = list.size(); i < n; i++) {
            sum += list.get((int) (i * 977L % n));
        }
        return sum;
    }

    /** A loop over a paged map's values: its tree must hold the walk's step and not a page's own iteration. */
    static long sumMap(Map<Integer, Integer> map) {
        long sum = 0;
        for (int value : map.values()) {
            sum += value;
        }
        return sum;
    }
}
