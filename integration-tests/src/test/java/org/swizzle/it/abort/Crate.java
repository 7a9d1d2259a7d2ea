package org.swizzle.it.abort;

import java.util.List;

import org.swizzle.Persistent;

/** A persistent object with an array of numbers, an array of references, a list, a neighbour, an array of arrays, a list of arrays and a map of lists of arrays. */
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
    java.util.Map<String, List<long[]>> shelves = new java.util.HashMap<>(java.util.Map.of("a", new java.util.ArrayList<>(List.of(new long[] {1, 2}))));
}
