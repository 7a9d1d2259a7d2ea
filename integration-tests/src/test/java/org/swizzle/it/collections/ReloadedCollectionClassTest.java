package org.swizzle.it.collections;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CopyOnWriteArraySet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.swizzle.ObjectStore;
import org.swizzle.Persistent;
import org.swizzle.UnsupportedFieldTypeException;

/**
 * README "Stored field types": the interface field types accepted besides List, Set and Map, and the
 * java.util class another implementation reloads as.
 */
class ReloadedCollectionClassTest {

    @TempDir
    Path dir;

    @Persistent
    public static class Shelf {
        Collection<String> deque = new ArrayDeque<>(List.of("b", "a"));
        SortedSet<String> sortedSet = new ConcurrentSkipListSet<>(List.of("b", "a"));
        NavigableSet<String> navigableSet = new ConcurrentSkipListSet<>(List.of("b", "a"));
        Set<String> skipListSet = new ConcurrentSkipListSet<>(List.of("b", "a"));
        SortedMap<String, Integer> sortedMap = new ConcurrentSkipListMap<>(Map.of("b", 2, "a", 1));
        NavigableMap<String, Integer> navigableMap = new ConcurrentSkipListMap<>(Map.of("b", 2, "a", 1));
        List<String> copyOnWriteList = new CopyOnWriteArrayList<>(List.of("b", "a"));
        Set<String> copyOnWriteSet = new CopyOnWriteArraySet<>(List.of("b", "a"));
        Map<String, Integer> concurrentMap = new ConcurrentHashMap<>(Map.of("b", 2, "a", 1));
        Set<String> hashSetSubclass = new HashSet<>(List.of("b", "a")) { };
        Map<String, Integer> hashMapSubclass = new HashMap<>(Map.of("b", 2, "a", 1)) { };
    }

    @Test
    void shouldReloadEachImplementationAsTheJavaUtilClassTheReadmeNames() {
        try (ObjectStore store = ObjectStore.open(dir)) {
            store.setRoot("shelf", new Shelf());
            store.commit();
        }
        try (ObjectStore store = ObjectStore.open(dir)) {
            Shelf shelf = store.root("shelf", Shelf.class);
            assertEquals(List.of("b", "a"), assertInstanceOf(ArrayList.class, shelf.deque));
            for (Set<String> sorted : List.of(shelf.sortedSet, shelf.navigableSet, shelf.skipListSet)) {
                assertInstanceOf(TreeSet.class, sorted);
                assertEquals(List.of("a", "b"), new ArrayList<>(sorted), "natural order kept");
            }
            for (Map<String, Integer> sorted : List.of(shelf.sortedMap, shelf.navigableMap)) {
                assertInstanceOf(TreeMap.class, sorted);
                assertEquals(List.of("a", "b"), new ArrayList<>(sorted.keySet()));
            }
            assertEquals(List.of("b", "a"), assertInstanceOf(ArrayList.class, shelf.copyOnWriteList));
            assertInstanceOf(LinkedHashSet.class, shelf.copyOnWriteSet);
            assertEquals(List.of("b", "a"), new ArrayList<>(shelf.copyOnWriteSet));
            assertEquals(Map.of("a", 1, "b", 2), assertInstanceOf(LinkedHashMap.class, shelf.concurrentMap));
            assertTrue(!(shelf.hashSetSubclass instanceof LinkedHashSet), shelf.hashSetSubclass.getClass().getName());
            assertEquals(Set.of("a", "b"), assertInstanceOf(HashSet.class, shelf.hashSetSubclass));
            assertTrue(!(shelf.hashMapSubclass instanceof LinkedHashMap), shelf.hashMapSubclass.getClass().getName());
            assertEquals(Map.of("a", 1, "b", 2), assertInstanceOf(HashMap.class, shelf.hashMapSubclass));
        }
    }

    @Persistent
    public static class Base {
    }

    @Persistent
    public static class Leaf extends Base {
    }

    /** Arrays of a subclass held where arrays of its superclass are declared. */
    @Persistent
    public static class Rack {
        Base[] field;
        List<Base[]> list = new ArrayList<>();
        Map<String, Base[]> map = new HashMap<>();
        List<Base[][]> nested = new ArrayList<>();
    }

    /**
     * An array keeps its class through a reload wherever it is held, as in plain Java: a {@code Leaf[]} in a
     * {@code List<Base[]>} came back a {@code Base[]}, and a cast to {@code Leaf[]} that worked before failed after.
     */
    @Test
    void shouldReloadAnArrayInACollectionAsTheClassItWasStoredAs() {
        try (ObjectStore store = ObjectStore.open(dir)) {
            Rack rack = new Rack();
            Leaf[] leaves = {new Leaf(), null};
            rack.field = leaves;
            rack.list.add(leaves);
            rack.map.put("k", leaves);
            rack.nested.add(new Leaf[][] {leaves});
            rack.nested.add(new Base[][] {new Base[] {new Leaf()}});
            store.setRoot("rack", rack);
            store.commit();
        }
        try (ObjectStore store = ObjectStore.open(dir)) {
            Rack rack = store.root("rack", Rack.class);
            assertInstanceOf(Leaf[].class, rack.field);
            assertInstanceOf(Leaf[].class, rack.list.get(0));
            assertInstanceOf(Leaf.class, ((Leaf[]) rack.map.get("k"))[0]);
            assertInstanceOf(Leaf[][].class, rack.nested.get(0));
            assertInstanceOf(Leaf[].class, rack.nested.get(0)[0]);
            assertEquals(Base[][].class, rack.nested.get(1).getClass());
            assertEquals(Base[].class, rack.nested.get(1)[0].getClass());
        }
    }

    @Test
    void shouldRefuseASortedCollectionWithAComparator() {
        try (ObjectStore store = ObjectStore.open(dir)) {
            Shelf shelf = new Shelf();
            shelf.sortedSet = new ConcurrentSkipListSet<>(Comparator.reverseOrder());
            store.setRoot("shelf", shelf);
            UnsupportedFieldTypeException e = assertThrows(UnsupportedFieldTypeException.class, store::commit);
            assertTrue(e.getMessage().contains("comparator"), e.getMessage());
        }
    }
}
