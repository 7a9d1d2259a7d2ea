package org.swizzle.it.abort;

import java.util.List;

import org.swizzle.Persistent;

/**
 * A persistent object with an array of numbers, an array of references, a list, a neighbour, an array of arrays, a
 * list of arrays (and a long one, one made here and one the application makes), a map of arrays, a map of lists of
 * arrays (and one the application makes), sets of arrays and ordered sets of arrays and strings (one of each the
 * application makes), a map of sets the application makes and a map that may hold itself.
 */
@Persistent
public class Crate {
    int x;
    int[] numbers = new int[3];
    Crate[] links = new Crate[2];
    List<Integer> list;
    Crate other;
    int[][] grid = {{1, 2}, {3, 4}};
    List<int[]> rows = new java.util.ArrayList<>(List.of(new int[] {7, 8}));
    java.util.Set<Tagged> tagged;
    List<int[]> ledger;
    java.util.Set<Integer> seen = new java.util.HashSet<>();
    java.util.Map<String, java.util.Set<Integer>> byName;
    java.util.Map<String, Object> cycle = new java.util.HashMap<>();
    List<int[]> moved;
    List<int[]> plainRows;
    java.util.Map<String, int[]> byKey = new java.util.HashMap<>();
    java.util.Map<String, int[]> plainByKey;
    java.util.Set<int[]> marks = new java.util.HashSet<>();
    java.util.Set<int[]> plainMarks;
    java.util.Set<Object> ordered = new java.util.LinkedHashSet<>();
    java.util.Set<Object> plainOrdered;
    java.util.Map<Object, Object> byArray = new java.util.HashMap<>();
    java.util.Map<Object, Object> plainByArray;
    int[] spare = {1, 2, 3};
    java.util.Map<String, String> named;
    Sampler sampler;
    java.util.Map<String, List<long[]>> shelves = new java.util.HashMap<>(java.util.Map.of("a", new java.util.ArrayList<>(List.of(new long[] {1, 2}))));

    /** A list of arrays made here, so tracked. */
    List<int[]> newRows() {
        return new java.util.ArrayList<>();
    }

    /** Makes {@link #ledger} a list of {@code rows} one-element rows, long enough to be stored in pages. */
    void fillLedger(int rows) {
        ledger = new java.util.ArrayList<>();
        for (int i = 0; i < rows; i++) {
            ledger.add(new int[] {i});
        }
    }

    /** Puts {@code lists} more lists of one array in {@link #shelves}, enough for it to be stored in pages. */
    void fillShelves(int lists) {
        for (int i = 0; i < lists; i++) {
            shelves.put("s" + i, new java.util.ArrayList<>(List.of(new long[] {i})));
        }
    }
}
