package org.swizzle.it.collections;

import java.util.Iterator;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Random;
import java.util.TreeMap;

/**
 * Random operations on a map from keys to integers (a map field, or a sub-map or descending map of
 * the tree map, or a view of one of those): mutators, {@code compute*}, {@code merge},
 * {@code replaceAll}, {@code Map.Entry.setValue} and removal through the entry iterator, and the
 * key, value and entry views, entries (see {@link Slot#holdsEntries()}) and iterators to hold. Only an ordered map yields iterators
 * to hold: their position would mean different elements in a hash map and in its reloaded twin.
 */
final class MapOps {
    private MapOps() {
    }

    static Op draw(Random random, Map<String, Integer> model, boolean ordered, boolean holdsEntries) {
        String k = Draw.key(random);
        int v = Draw.value(random);
        int draw = Draw.size(model.keySet()) > 20 ? 1 + random.nextInt(3) : random.nextInt(28);
        return switch (draw) {
            case 0, 1 -> Op.<Map<String, Integer>>of("put(" + k + ", " + v + ")", map -> map.put(k, v));
            case 2 -> Op.<Map<String, Integer>>of("remove(" + k + ")", map -> map.remove(k));
            case 3 -> Op.<Map<String, Integer>>of("remove(" + k + ", " + v % 4 + ")", map -> map.remove(k, v % 4));
            case 4 -> Op.<Map<String, Integer>>of("putIfAbsent(" + k + ", " + v + ")", map -> map.putIfAbsent(k, v));
            case 5 -> Op.<Map<String, Integer>>of("replace(" + k + ", " + v + ")", map -> map.replace(k, v));
            case 6 -> Op.<Map<String, Integer>>of("replace(" + k + ", " + v % 4 + ", " + v + ")", map -> map.replace(k, v % 4, v));
            case 7 -> Op.<Map<String, Integer>>of("compute(" + k + ", +" + v + " or drop)",
                map -> map.compute(k, (key, old) -> old == null ? v : (old + v) % 5 == 0 ? null : (old + v) % 40));
            case 8 -> Op.<Map<String, Integer>>of("computeIfAbsent(" + k + ", " + v + ")", map -> map.computeIfAbsent(k, key -> v));
            case 9 -> Op.<Map<String, Integer>>of("computeIfPresent(" + k + ", +1 or drop)",
                map -> map.computeIfPresent(k, (key, old) -> old % 3 == 0 ? null : old + 1));
            case 10 -> Op.<Map<String, Integer>>of("merge(" + k + ", " + v + ", sum or drop)",
                map -> map.merge(k, v, (old, given) -> (old + given) % 7 == 0 ? null : (old + given) % 40));
            case 11 -> Op.<Map<String, Integer>>of("replaceAll(3v+1)", map -> {
                map.replaceAll((key, old) -> (old * 3 + 1) % 40);
                return null;
            });
            case 12 -> {
                Map<String, Integer> more = new TreeMap<>();
                Draw.keys(random).forEach(key -> more.put(key, Draw.value(random)));
                yield Op.<Map<String, Integer>>of("putAll(" + more + ")", map -> {
                    map.putAll(more);
                    return null;
                });
            }
            case 13 -> random.nextInt(4) == 0
                ? Op.<Map<String, Integer>>of("clear()", map -> {
                    map.clear();
                    return null;
                })
                : Op.<Map<String, Integer>>of("put(" + k + ", " + v + ")", map -> map.put(k, v));
            case 14 -> Op.<Map<String, Integer>>of("entry " + k + " setValue(" + v + ")", map -> {
                for (Map.Entry<String, Integer> entry : map.entrySet()) {
                    if (entry.getKey().equals(k)) {
                        return entry.setValue(v);
                    }
                }
                return "absent";
            });
            case 15 -> {
                int seed = random.nextInt(3);
                yield Op.<Map<String, Integer>>of("entry iterator remove picked " + seed, map -> {
                    int removed = 0;
                    for (Iterator<Map.Entry<String, Integer>> it = map.entrySet().iterator(); it.hasNext(); ) {
                        if (Draw.picked(it.next().getKey(), seed)) {
                            it.remove();
                            removed++;
                        }
                    }
                    return removed;
                });
            }
            case 16, 17 -> Op.<Map<String, Integer>>view("keySet()", Kind.SET, Map::keySet);
            case 18 -> Op.<Map<String, Integer>>view("values()", Kind.VALUES, Map::values);
            case 19, 20 -> Op.<Map<String, Integer>>view("entrySet()", Kind.ENTRIES, Map::entrySet);
            case 21 -> holdsEntries
                ? Op.<Map<String, Integer>>view("entry " + k, Kind.ENTRY, map -> EntryOps.find(map.entrySet(), k))
                : Op.<Map<String, Integer>>of("containsKey(" + k + ")", map -> map.containsKey(k));
            case 22 -> ordered
                ? Op.<Map<String, Integer>>view("entrySet().iterator()", Kind.ITERATOR, map -> map.entrySet().iterator())
                : Op.<Map<String, Integer>>of("get(" + k + ")", map -> map.get(k));
            default -> model instanceof NavigableMap<?, ?> ? navigable(random, k) : Op.<Map<String, Integer>>of("put(" + k + ", " + v + ")", map -> map.put(k, v));
        };
    }

    private static Op navigable(Random random, String k) {
        boolean inclusive = random.nextBoolean();
        String to = Draw.key(random);
        return switch (random.nextInt(9)) {
            case 0 -> Op.<NavigableMap<String, Integer>>view("headMap(" + k + ", " + inclusive + ")", Kind.MAP, map -> map.headMap(k, inclusive));
            case 1 -> Op.<NavigableMap<String, Integer>>view("tailMap(" + k + ", " + inclusive + ")", Kind.MAP, map -> map.tailMap(k, inclusive));
            case 2 -> Op.<NavigableMap<String, Integer>>view("subMap(" + k + ", " + inclusive + ", " + to + ", true)", Kind.MAP,
                map -> map.subMap(k, inclusive, to, true));
            case 3 -> Op.<NavigableMap<String, Integer>>view("descendingMap()", Kind.MAP, NavigableMap::descendingMap);
            case 4 -> Op.<NavigableMap<String, Integer>>view("navigableKeySet()", Kind.SET, NavigableMap::navigableKeySet);
            case 5 -> Op.<NavigableMap<String, Integer>>view("descendingKeySet()", Kind.SET, NavigableMap::descendingKeySet);
            case 6 -> Op.<NavigableMap<String, Integer>>of("pollFirstEntry()", NavigableMap::pollFirstEntry);
            case 7 -> Op.<NavigableMap<String, Integer>>of("pollLastEntry()", NavigableMap::pollLastEntry);
            default -> Op.<NavigableMap<String, Integer>>of("ceilingEntry(" + k + ")", map -> map.ceilingEntry(k));
        };
    }
}
