package org.swizzle.it.tracked;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

import org.swizzle.Persistent;

/** One field of every stored collection type, arrays, and nested values: what the mutation patterns change. */
@Persistent
public class Bag {
    ArrayList<String> list;
    LinkedList<String> linked;
    HashMap<String, Integer> map;
    LinkedHashMap<String, Integer> linkedMap;
    TreeMap<String, Integer> tree;
    HashSet<String> set;
    LinkedHashSet<String> linkedSet;
    TreeSet<String> sorted;
    List<List<String>> groups;
    List<int[]> vectors;
    Map<String, List<Integer>> index;
    int[] numbers;
    String[] names;
    Bag child;

    /** A bag with a few elements in every value, each made by the application (plain java.util types). */
    static Bag filled() {
        Bag bag = new Bag();
        List<String> letters = List.of("d", "b", "a", "c", "e", "f");
        bag.list = new ArrayList<>(letters);
        bag.linked = new LinkedList<>(letters);
        bag.map = new HashMap<>();
        bag.linkedMap = new LinkedHashMap<>();
        bag.tree = new TreeMap<>();
        for (int i = 0; i < letters.size(); i++) {
            bag.map.put(letters.get(i), i);
            bag.linkedMap.put(letters.get(i), i);
            bag.tree.put(letters.get(i), i);
        }
        bag.set = new HashSet<>(letters);
        bag.linkedSet = new LinkedHashSet<>(letters);
        bag.sorted = new TreeSet<>(letters);
        bag.groups = new ArrayList<>(List.of(new ArrayList<>(List.of("x", "y")), new LinkedList<>(List.of("z"))));
        bag.vectors = new ArrayList<>(List.of(new int[] {1, 2, 3}, new int[] {4}));
        bag.index = new TreeMap<>(Map.of("p", new ArrayList<>(List.of(1, 2)), "q", new ArrayList<>(List.of(3))));
        bag.numbers = new int[] {10, 20, 30};
        bag.names = new String[] {"n0", "n1", "n2"};
        return bag;
    }

    /** A transient copy with plain java.util values: the model the patterns are applied to as well. */
    Bag plainCopy() {
        Bag copy = new Bag();
        copy.list = new ArrayList<>(list);
        copy.linked = new LinkedList<>(linked);
        copy.map = new HashMap<>(map);
        copy.linkedMap = new LinkedHashMap<>(linkedMap);
        copy.tree = new TreeMap<>(tree);
        copy.set = new HashSet<>(set);
        copy.linkedSet = new LinkedHashSet<>(linkedSet);
        copy.sorted = new TreeSet<>(sorted);
        copy.groups = new ArrayList<>();
        for (List<String> group : groups) {
            copy.groups.add(new ArrayList<>(group));
        }
        copy.vectors = new ArrayList<>();
        for (int[] vector : vectors) {
            copy.vectors.add(vector.clone());
        }
        copy.index = new TreeMap<>();
        index.forEach((key, value) -> copy.index.put(key, new ArrayList<>(value)));
        copy.numbers = numbers.clone();
        copy.names = names.clone();
        copy.child = child == null ? null : child.plainCopy();
        return copy;
    }

    /** Every value, hash-ordered ones sorted, so that a stored bag and its model render alike when equal. */
    String render() {
        return "list=" + list + " linked=" + linked + " map=" + new TreeMap<>(map) + " linkedMap=" + linkedMap
            + " tree=" + tree + " set=" + new TreeSet<>(set) + " linkedSet=" + linkedSet + " sorted=" + sorted
            + " groups=" + groups + " vectors=" + vectors.stream().map(Arrays::toString).collect(Collectors.toList())
            + " index=" + new TreeMap<>(index) + " numbers=" + Arrays.toString(numbers) + " names=" + Arrays.toString(names)
            + (child == null ? "" : " child={" + child.render() + "}");
    }
}
