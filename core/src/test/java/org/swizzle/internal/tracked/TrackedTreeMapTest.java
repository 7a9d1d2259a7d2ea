package org.swizzle.internal.tracked;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.NoSuchElementException;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.Function;

import org.junit.jupiter.api.Test;

/**
 * A {@link TrackedTreeMap} or {@link TrackedTreeSet} that outgrows {@link TrackedTreeMap#PAGING_THRESHOLD} keeps its
 * entries in a list of its own, which chunks itself, in memory: it behaves as a {@code TreeMap} or {@code TreeSet}
 * through every operation and every view, nested, descending and bounded (checked against one, step by step, through
 * growth, shrinking and clearing), and views taken while it was small go on working.
 */
class TrackedTreeMapTest {

    /** The views compared: each a function of a map, applied to the model and to the tracked map alike. */
    private static final List<Function<NavigableMap<Integer, String>, NavigableMap<Integer, String>>> VIEWS = List.of(
        m -> m,
        NavigableMap::descendingMap,
        m -> m.subMap(300, true, 1_700, false),
        m -> m.headMap(900, true),
        m -> m.tailMap(1_100, false),
        m -> m.descendingMap().subMap(1_500, false, 200, true),
        m -> m.subMap(100, true, 1_900, true).descendingMap().headMap(700, false),
        m -> m.tailMap(400, true).headMap(1_600, true).tailMap(800, false));

    @Test
    void shouldKeepItsEntriesInAListOnlyBeyondTheThreshold() {
        TrackedTreeMap<Integer, String> map = new TrackedTreeMap<>();
        for (int i = 0; i < TrackedTreeMap.PAGING_THRESHOLD; i++) {
            map.put(i, "v" + i);
        }
        assertNull(map.backing(), "at the threshold");
        map.put(-1, "first");
        assertNotNull(map.backing(), "past it");
        assertTrue(((TrackedArrayList<?>) map.backing()).isPaged(), "a list that chunks itself");
        assertEquals(-1, map.firstKey());
        map.clear();
        assertNotNull(map.backing(), "cleared, it stays in its list");
        assertTrue(map.isEmpty());
        assertThrows(NoSuchElementException.class, map::firstKey);
        TrackedTreeMap<Integer, String> ordered = new TrackedTreeMap<>(Comparator.reverseOrder());
        for (int i = 0; i < 2_000; i++) {
            ordered.put(i, "v");
        }
        assertNull(ordered.backing(), "a map with a comparator keeps its tree");
    }

    @Test
    void shouldBehaveAsATreeMapThroughEveryOperationAndView() {
        Random random = new Random(7);
        TreeMap<Integer, String> model = new TreeMap<>();
        TrackedTreeMap<Integer, String> map = new TrackedTreeMap<>();
        List<NavigableMap<Integer, String>> earlyViews = new ArrayList<>();
        for (Function<NavigableMap<Integer, String>, NavigableMap<Integer, String>> view : VIEWS) {
            earlyViews.add(view.apply(map)); // taken while the map keeps its tree
        }
        for (int step = 0; step < 40_000; step++) {
            int key = random.nextInt(2_000);
            boolean shrinking = step >= 25_000;
            int choice = random.nextInt(shrinking ? 12 : 14);
            if (shrinking && choice < 3) {
                choice = 3; // remove more than add
            }
            Function<NavigableMap<Integer, String>, NavigableMap<Integer, String>> view = VIEWS.get(random.nextInt(VIEWS.size()));
            NavigableMap<Integer, String> expected = view.apply(model);
            NavigableMap<Integer, String> actual = view.apply(map);
            boolean inRange = expected.containsKey(key) || inRange(expected, key);
            if (!inRange && (choice == 2 || choice == 11)) {
                choice = 5; // a key out of the view's range goes in through put alone, refused above
            }
            switch (choice) {
                case 0: case 1: case 12: case 13:
                    if (inRange) {
                        assertEquals(expected.put(key, "s" + step), actual.put(key, "s" + step));
                    } else {
                        assertThrows(IllegalArgumentException.class, () -> actual.put(key, "x"));
                    }
                    break;
                case 2: assertEquals(expected.putIfAbsent(key, "p" + step), actual.putIfAbsent(key, "p" + step)); break;
                case 3: case 4: assertEquals(expected.remove(key), actual.remove(key)); break;
                case 5: assertEquals(expected.get(key), actual.get(key)); assertEquals(expected.containsKey(key), actual.containsKey(key)); break;
                case 6:
                    assertEquals(expected.ceilingEntry(key), actual.ceilingEntry(key));
                    assertEquals(expected.floorKey(key), actual.floorKey(key));
                    assertEquals(expected.higherEntry(key), actual.higherEntry(key));
                    assertEquals(expected.lowerKey(key), actual.lowerKey(key));
                    break;
                case 7: assertEquals(expected.firstEntry(), actual.firstEntry()); assertEquals(expected.lastEntry(), actual.lastEntry()); break;
                case 8: assertEquals(expected.pollFirstEntry(), actual.pollFirstEntry()); break;
                case 9: assertEquals(expected.pollLastEntry(), actual.pollLastEntry()); break;
                case 10: assertEquals(expected.size(), actual.size()); break;
                default: assertEquals(expected.merge(key, "m", String::concat), actual.merge(key, "m", String::concat)); break;
            }
            if (step % 2_500 == 0) {
                bulk(model, map, step);
                for (int i = 0; i < VIEWS.size(); i++) {
                    assertEquals(VIEWS.get(i).apply(model), earlyViews.get(i), "view " + i + " taken while the map was small");
                }
            }
        }
        assertNotNull(map.backing(), "the map ends in its list");
        assertEquals(model, map);
        map.clear();
        model.clear();
        assertEquals(model, map);
        assertEquals(model, earlyViews.get(0));
    }

    /** Whether {@code key} may go in {@code view}: a put there of a key just outside it is refused. */
    private static boolean inRange(NavigableMap<Integer, String> view, int key) {
        try {
            view.subMap(key, true, key, true);
            return true;
        } catch (IllegalArgumentException outOfRange) {
            return false;
        }
    }

    /** The views' bulk operations, iterators and entries, then a full comparison of every view. */
    private static void bulk(TreeMap<Integer, String> model, TrackedTreeMap<Integer, String> map, int step) {
        for (NavigableMap<Integer, String> each : List.<NavigableMap<Integer, String>>of(model, map)) {
            for (int key = step % 7; key < 2_000; key += 37) {
                each.put(key, "bulk" + key);
            }
            for (Iterator<Map.Entry<Integer, String>> entries = each.subMap(200, 1_200).entrySet().iterator(); entries.hasNext(); ) {
                Map.Entry<Integer, String> entry = entries.next();
                if (entry.getKey() % 11 == 3) {
                    entries.remove();
                } else if (entry.getKey() % 13 == 4) {
                    entry.setValue("set" + step);
                }
            }
            for (Iterator<Integer> keys = each.descendingMap().tailMap(1_500).keySet().iterator(); keys.hasNext(); ) {
                if (keys.next() % 17 == 5) {
                    keys.remove();
                }
            }
            each.headMap(150).values().removeIf(value -> value.startsWith("s"));
            each.descendingKeySet().headSet(1_950).clear();
            each.navigableKeySet().subSet(600, true, 620, true).removeIf(key -> key % 2 == 0);
            each.replaceAll((key, value) -> key % 19 == 0 ? value + "!" : value);
            each.computeIfAbsent(5_000 + step, key -> "computed");
            each.computeIfPresent(5_000 + step, (key, value) -> value + "+");
            each.compute(6_000 + step, (key, value) -> value == null ? "new" : null);
        }
        for (Function<NavigableMap<Integer, String>, NavigableMap<Integer, String>> view : VIEWS) {
            NavigableMap<Integer, String> expected = view.apply(model);
            NavigableMap<Integer, String> actual = view.apply(map);
            assertEquals(expected, actual);
            assertEquals(actual, expected);
            assertEquals(expected.hashCode(), actual.hashCode());
            assertEquals(expected.toString(), actual.toString());
            assertEquals(new ArrayList<>(expected.keySet()), new ArrayList<>(actual.keySet()));
            assertEquals(new ArrayList<>(expected.values()), new ArrayList<>(actual.values()));
            assertEquals(new ArrayList<>(expected.descendingKeySet()), new ArrayList<>(actual.descendingKeySet()));
            assertArrayEquals(expected.entrySet().toArray(), actual.entrySet().toArray());
            assertEquals(expected.comparator() == null, actual.comparator() == null);
            if (!expected.isEmpty()) {
                assertEquals(expected.firstKey(), actual.firstKey());
                assertEquals(expected.lastKey(), actual.lastKey());
            }
        }
        TreeMap<Integer, String> copy = new TreeMap<>(map);
        assertEquals(model, copy);
        @SuppressWarnings("unchecked")
        TreeMap<Integer, String> clone = (TreeMap<Integer, String>) map.clone();
        assertEquals(model, clone);
        clone.put(-100, "only in the clone");
        assertTrue(!map.containsKey(-100), "a clone is a map of its own");
    }

    @Test
    void shouldRefuseAFunctionThatAddsAnEntryAsTreeMapDoes() {
        List<Consumer<NavigableMap<Integer, String>>> calls = List.of(
            map -> map.computeIfAbsent(-1, key -> map.put(-2, "v")),
            map -> map.computeIfPresent(1, (key, value) -> map.put(-2, "v")),
            map -> map.compute(1, (key, value) -> map.put(-2, "v")),
            map -> map.merge(1, "w", (value, given) -> map.put(-2, "v")),
            map -> map.headMap(100, true).compute(1, (key, value) -> map.remove(2)));
        for (Consumer<NavigableMap<Integer, String>> call : calls) {
            TreeMap<Integer, String> plain = new TreeMap<>();
            TrackedTreeMap<Integer, String> large = new TrackedTreeMap<>();
            for (int i = 0; i < 5_000; i++) {
                plain.put(i, "v");
                large.put(i, "v");
            }
            assertThrows(ConcurrentModificationException.class, () -> call.accept(plain));
            assertThrows(ConcurrentModificationException.class, () -> call.accept(large));
            assertEquals(plain, large);
        }
    }

    @Test
    void shouldFailFastWhenChangedWhileIterated() {
        TrackedTreeMap<Integer, String> map = new TrackedTreeMap<>();
        for (int i = 0; i < 2_000; i++) {
            map.put(i, "v");
        }
        Iterator<Integer> keys = map.keySet().iterator();
        keys.next();
        map.remove(1_000);
        assertThrows(ConcurrentModificationException.class, keys::next);
        assertThrows(IllegalArgumentException.class, () -> map.headMap(10).put(20, "out of range"));
        assertThrows(IllegalArgumentException.class, () -> map.subMap(10, 20).tailMap(30));
        assertThrows(IllegalArgumentException.class, () -> map.subMap(20, 10));
        assertThrows(NullPointerException.class, () -> map.get(null));
        assertThrows(ClassCastException.class, () -> map.get("text"));
    }

    @Test
    void shouldFailFastWhenItMovesIntoAListWhileIterated() {
        TrackedTreeMap<Integer, String> map = new TrackedTreeMap<>();
        for (int i = 0; i < TrackedTreeMap.PAGING_THRESHOLD; i++) {
            map.put(i, "v");
        }
        Iterator<Map.Entry<Integer, String>> small = map.entrySet().iterator();
        small.next();
        map.put(-5, "moves");
        assertNotNull(map.backing());
        assertThrows(ConcurrentModificationException.class, small::next);
    }

    @Test
    void shouldKeepEntriesViewsAndStreamsTakenBeforeTheMoveWorking() {
        TrackedTreeMap<Integer, String> map = new TrackedTreeMap<>();
        for (int i = 0; i < TrackedTreeMap.PAGING_THRESHOLD; i++) {
            map.put(i, "v" + i);
        }
        Map.Entry<Integer, String> entry = map.entrySet().iterator().next();
        Map.Entry<Integer, String> subEntry = map.subMap(10, 20).entrySet().iterator().next();
        java.util.stream.Stream<String> values = map.values().stream();
        java.util.stream.Stream<Integer> keys = map.keySet().stream();
        java.util.Spliterator<Map.Entry<Integer, String>> entries = map.entrySet().spliterator();
        map.put(-1, "moves");
        assertNotNull(map.backing());
        assertEquals("v0", entry.setValue("changed"), "an entry taken before the move sets its key's value");
        assertEquals("changed", map.get(0));
        map.put(0, "put");
        assertEquals("put", entry.getValue(), "a put through the map shows in an entry taken before the move");
        subEntry.setValue("sub");
        assertEquals("sub", map.get(10));
        assertEquals(TrackedTreeMap.PAGING_THRESHOLD + 1, values.count(), "a stream binds when it runs");
        assertEquals(TrackedTreeMap.PAGING_THRESHOLD + 1, keys.count());
        int[] seen = new int[1];
        entries.forEachRemaining(e -> seen[0]++);
        assertEquals(TrackedTreeMap.PAGING_THRESHOLD + 1, seen[0]);
        assertTrue(map.values().spliterator().hasCharacteristics(java.util.Spliterator.ORDERED));
        assertTrue(map.entrySet().spliterator().hasCharacteristics(java.util.Spliterator.ORDERED));
        assertTrue(map.keySet().spliterator().hasCharacteristics(java.util.Spliterator.SORTED));
        for (int i = 0; i < 200_000; i++) {
            map.put(i, "n" + i);
        }
        assertEquals(List.of("n0", "n3", "n6", "n9", "n12"), map.values().parallelStream()
            .filter(value -> value.startsWith("n") && Integer.parseInt(value.substring(1)) % 3 == 0).limit(5)
            .collect(java.util.stream.Collectors.toList()), "values() keeps its order in a parallel stream");
    }

    @Test
    void shouldKeepALargeMapsEntriesStandingForTheirMappingsAsTreeMapsNodesDo() {
        TreeMap<Integer, String> model = new TreeMap<>();
        TrackedTreeMap<Integer, String> map = new TrackedTreeMap<>();
        for (int i = 0; i < 2_000; i++) {
            model.put(i, "v" + i);
            map.put(i, "v" + i);
        }
        for (NavigableMap<Integer, String> each : List.<NavigableMap<Integer, String>>of(model, map)) {
            Map.Entry<Integer, String> kept = each.entrySet().iterator().next();
            Map.Entry<Integer, String> moved = each.tailMap(1_000).entrySet().iterator().next();
            each.put(0, "put");
            assertEquals("put", kept.getValue(), "a put through the map shows in the entry");
            each.put(-1, "before");
            assertEquals("v1000", moved.setValue("set"), "an entry whose index moved sets its own key");
            assertEquals("set", each.get(1_000));
            each.remove(0);
            assertEquals("put", kept.getValue(), "a removed entry keeps its last value");
            each.put(0, "again");
            assertEquals("put", kept.setValue("stale"), "a removed entry is detached");
            assertEquals("again", each.get(0), "setting it leaves the key put again alone");
            assertEquals("0=stale", kept.toString());
            assertEquals(Map.entry(1_000, "set"), moved);
            assertEquals(Map.entry(1_000, "set").hashCode(), moved.hashCode());
        }
        assertEquals(model, map);
    }

    /**
     * A search goes down the chunks by their first and last keys: it finds every key, and where every other would go,
     * in a list whose chunks split at odd indexes too (a store written before chunks split evenly), where a chunk may
     * start with a value.
     */
    @Test
    void shouldSearchAcrossChunksThatStartWithAValue() {
        TreeMap<Integer, String> model = new TreeMap<>();
        List<Object> pairs = new ArrayList<>();
        for (int i = 0; i < 3_000; i++) {
            model.put(2 * i, "v" + i);
            pairs.add(2 * i);
            pairs.add("v" + i);
        }
        TrackedArrayList<Object> list = new TrackedArrayList<>(pairs);
        for (int at = 1; at < pairs.size(); at += 777) {
            list.add(at, "pushed"); // the chunk splits at an even index, past which the element pushed is
            list.remove(at); // taken out again: the second half now starts at an odd index
        }
        assertEquals(pairs, list);
        int[] odd = {0};
        int[] start = {0};
        list.forEachPage((count, loaded, oid, slot) -> {
            odd[0] += start[0] % 2;
            start[0] += count;
        });
        assertTrue(odd[0] > 0, "some chunk starts with a value");
        TrackedTreeMap<Integer, String> map = new TrackedTreeMap<>();
        assertTrue(map.backWith(list));
        for (int key = -3; key < 6_003; key++) {
            assertEquals(model.get(key), map.get(key), "get " + key);
            assertEquals(model.ceilingKey(key), map.ceilingKey(key), "ceiling " + key);
            assertEquals(model.lowerKey(key), map.lowerKey(key), "lower " + key);
        }
        assertEquals(model.headMap(2_001), map.headMap(2_001));
    }

    @Test
    void shouldNavigateAnEmptiedLargeMapAsATreeMapDoes() {
        TrackedTreeMap<Integer, String> map = new TrackedTreeMap<>();
        for (int i = 0; i < 1_000; i++) {
            map.put(i, "v");
        }
        map.clear();
        assertNull(map.ceilingKey(null), "an empty TreeMap compares nothing");
        assertNull(map.floorEntry(5));
        assertThrows(NullPointerException.class, () -> map.get(null));
        assertThrows(NullPointerException.class, () -> map.put(null, "x"));
    }

    @Test
    void shouldBehaveAsATreeSetThroughEveryOperationAndView() {
        Random random = new Random(11);
        TreeSet<Integer> model = new TreeSet<>();
        TrackedTreeSet<Integer> set = new TrackedTreeSet<>();
        NavigableSet<Integer> earlyHead = set.headSet(1_000, true);
        java.util.stream.Stream<Integer> early = set.stream();
        NavigableSet<Integer> earlyDescending = set.descendingSet().tailSet(1_500, false);
        for (int step = 0; step < 30_000; step++) {
            int element = random.nextInt(2_000);
            switch (random.nextInt(step < 18_000 ? 8 : 6)) {
                case 0: case 6: case 7: assertEquals(model.add(element), set.add(element)); break;
                case 1: assertEquals(model.remove(element), set.remove(element)); break;
                case 2: assertEquals(model.contains(element), set.contains(element)); break;
                case 3:
                    assertEquals(model.ceiling(element), set.ceiling(element));
                    assertEquals(model.lower(element), set.lower(element));
                    break;
                case 4: assertEquals(model.pollFirst(), set.pollFirst()); break;
                default:
                    assertEquals(model.headSet(element).add(element - 1), set.headSet(element).add(element - 1));
                    break;
            }
            if (step == 3_000) {
                assertEquals(model.size(), early.count(), "a stream made while the set was small binds when it runs");
            }
            if (step % 3_000 == 0) {
                for (NavigableSet<Integer> each : List.<NavigableSet<Integer>>of(model, set)) {
                    each.subSet(100, 400).removeIf(e -> e % 3 == 0);
                    each.tailSet(1_800, true).descendingSet().pollFirst();
                    for (Iterator<Integer> elements = each.descendingIterator(); elements.hasNext(); ) {
                        if (elements.next() % 29 == 1) {
                            elements.remove();
                        }
                    }
                }
                assertEquals(model, set);
                assertEquals(new ArrayList<>(model), new ArrayList<>(set));
                assertEquals(new ArrayList<>(model.descendingSet()), new ArrayList<>(set.descendingSet()));
                assertEquals(model.headSet(1_000, true), earlyHead);
                assertEquals(new ArrayList<>(model.descendingSet().tailSet(1_500, false)), new ArrayList<>(earlyDescending));
                assertArrayEquals(model.toArray(), set.toArray());
                assertEquals(model.stream().mapToInt(Integer::intValue).sum(), set.stream().mapToInt(Integer::intValue).sum());
            }
        }
        assertNotNull(set.backing(), "the set ends in a map of its own");
        assertEquals(model, set);
        @SuppressWarnings("unchecked")
        TreeSet<Integer> clone = (TreeSet<Integer>) set.clone();
        clone.add(-1);
        assertEquals(model, set);
        set.clear();
        model.clear();
        assertEquals(model, set);
        assertTrue(earlyHead.isEmpty());
    }
}
