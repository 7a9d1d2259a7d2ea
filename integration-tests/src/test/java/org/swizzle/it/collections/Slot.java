package org.swizzle.it.collections;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The collection and array fields of a {@link Bag}, in one place: how to read and write each on a
 * bag, how to copy its value into plain {@code java.util} objects (the model's twins), what kind of
 * handle it gives, and how to render it (sorted for the hash-based types, whose iteration order
 * depends on their history).
 */
@SuppressWarnings("unchecked")
enum Slot {
    ARRAY_LIST(Kind.LIST, true),
    LINKED_LIST(Kind.LIST, true),
    HASH_MAP(Kind.MAP, false),
    LINKED_HASH_MAP(Kind.MAP, true),
    TREE_MAP(Kind.MAP, true),
    HASH_SET(Kind.SET, false),
    LINKED_HASH_SET(Kind.SET, true),
    TREE_SET(Kind.SET, true),
    NESTED(Kind.NESTED, true),
    NUMBERS(Kind.ARRAY, true);

    final Kind kind;
    /** Whether a stored and reloaded value iterates in the order of the value that was stored. */
    final boolean ordered;

    Slot(Kind kind, boolean ordered) {
        this.kind = kind;
        this.ordered = ordered;
    }

    /**
     * Whether an entry of this field's map keeps its mapping after other removals, so that it may be
     * held. Not in a {@code TreeMap}: removing an entry with two children moves its successor's key
     * and value into it, so what a held entry then holds depends on the shape of the tree, which
     * differs between the reloaded map and its model.
     */
    boolean holdsEntries() {
        return this != TREE_MAP;
    }

    Object read(Bag bag) {
        return switch (this) {
            case ARRAY_LIST -> bag.arrayList;
            case LINKED_LIST -> bag.linkedList;
            case HASH_MAP -> bag.hashMap;
            case LINKED_HASH_MAP -> bag.linkedHashMap;
            case TREE_MAP -> bag.treeMap;
            case HASH_SET -> bag.hashSet;
            case LINKED_HASH_SET -> bag.linkedHashSet;
            case TREE_SET -> bag.treeSet;
            case NESTED -> bag.nested;
            case NUMBERS -> bag.numbers;
        };
    }

    void write(Bag bag, Object value) {
        switch (this) {
            case ARRAY_LIST -> bag.arrayList = (ArrayList<String>) value;
            case LINKED_LIST -> bag.linkedList = (LinkedList<String>) value;
            case HASH_MAP -> bag.hashMap = (HashMap<String, Integer>) value;
            case LINKED_HASH_MAP -> bag.linkedHashMap = (LinkedHashMap<String, Integer>) value;
            case TREE_MAP -> bag.treeMap = (TreeMap<String, Integer>) value;
            case HASH_SET -> bag.hashSet = (HashSet<String>) value;
            case LINKED_HASH_SET -> bag.linkedHashSet = (LinkedHashSet<String>) value;
            case TREE_SET -> bag.treeSet = (TreeSet<String>) value;
            case NESTED -> bag.nested = (List<List<String>>) value;
            case NUMBERS -> bag.numbers = (int[]) value;
        }
    }

    /**
     * A plain copy of the field's value in {@code bag}, read without handing the array out: its loads
     * only feed the length and element loads, which the agent proves read-only, so rendering or
     * modelling a bag does not make it a commit candidate that would hide a change its collections
     * failed to report.
     */
    Object snapshot(Bag bag) {
        return this == NUMBERS ? copyNumbers(bag) : plainCopy(read(bag));
    }

    private static int[] copyNumbers(Bag bag) {
        if (bag.numbers == null) {
            return null;
        }
        int[] copy = new int[bag.numbers.length];
        for (int i = 0; i < copy.length; i++) {
            copy[i] = bag.numbers[i];
        }
        return copy;
    }

    /** A copy of {@code value} made of plain {@code java.util} objects only (list elements copied too). */
    Object plainCopy(Object value) {
        return switch (this) {
            case ARRAY_LIST -> new ArrayList<>((Collection<String>) value);
            case LINKED_LIST -> new LinkedList<>((Collection<String>) value);
            case HASH_MAP -> new HashMap<>((Map<String, Integer>) value);
            case LINKED_HASH_MAP -> new LinkedHashMap<>((Map<String, Integer>) value);
            case TREE_MAP -> new TreeMap<>((Map<String, Integer>) value);
            case HASH_SET -> new HashSet<>((Collection<String>) value);
            case LINKED_HASH_SET -> new LinkedHashSet<>((Collection<String>) value);
            case TREE_SET -> new TreeSet<>((Collection<String>) value);
            case NESTED -> {
                List<List<String>> copy = new ArrayList<>();
                for (List<String> inner : (List<List<String>>) value) {
                    copy.add(new ArrayList<>(inner));
                }
                yield copy;
            }
            case NUMBERS -> ((int[]) value).clone();
        };
    }

    /** The value as one line of text, the same for equal contents whatever their history. */
    String render(Object value) {
        if (value == null) {
            return "null";
        }
        return switch (this) {
            case HASH_MAP -> new TreeMap<>((Map<String, Integer>) value).toString();
            case HASH_SET -> new TreeSet<>((Collection<String>) value).toString();
            case NUMBERS -> Arrays.toString((int[]) value);
            default -> value.toString();
        };
    }

    String fieldName() {
        return switch (this) {
            case ARRAY_LIST -> "arrayList";
            case LINKED_LIST -> "linkedList";
            case HASH_MAP -> "hashMap";
            case LINKED_HASH_MAP -> "linkedHashMap";
            case TREE_MAP -> "treeMap";
            case HASH_SET -> "hashSet";
            case LINKED_HASH_SET -> "linkedHashSet";
            case TREE_SET -> "treeSet";
            case NESTED -> "nested";
            case NUMBERS -> "numbers";
        };
    }
}
