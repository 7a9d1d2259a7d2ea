package org.swizzle.it.collections;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;

import org.swizzle.Persistent;

/**
 * The persistent object of the model test: one field of each supported collection type, a list of
 * lists and an array, and a second bag the child creates itself with plain collections. Only
 * {@link Slot} reads and writes the collection fields, so that the model and the store use one list.
 */
@Persistent
class Bag {
    ArrayList<String> arrayList = new ArrayList<>();
    LinkedList<String> linkedList = new LinkedList<>();
    HashMap<String, Integer> hashMap = new HashMap<>();
    LinkedHashMap<String, Integer> linkedHashMap = new LinkedHashMap<>();
    TreeMap<String, Integer> treeMap = new TreeMap<>();
    HashSet<String> hashSet = new HashSet<>();
    LinkedHashSet<String> linkedHashSet = new LinkedHashSet<>();
    TreeSet<String> treeSet = new TreeSet<>();
    List<List<String>> nested = new ArrayList<>();
    int[] numbers = new int[8];
    Bag other;
}
