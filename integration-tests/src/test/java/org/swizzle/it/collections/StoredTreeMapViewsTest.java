package org.swizzle.it.collections;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.swizzle.ObjectStore;

/**
 * The failures the model test found, each on its own and without randomness: views of a
 * {@code TreeMap} loaded from a store must work as those of a plain {@code TreeMap} do, and commit
 * what is changed through them.
 */
class StoredTreeMapViewsTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"subSet", "headSet", "tailSet", "descendingSet"})
    void shouldIterateAndRemoveThroughAViewOfTheKeySet(String view) {
        storeKeys();
        List<String> expected;
        try (ObjectStore store = ObjectStore.open(dir)) {
            Bag bag = store.root("bag", Bag.class);
            TreeMap<String, Integer> plain = new TreeMap<>(bag.treeMap);
            NavigableSet<String> plainView = view(plain.navigableKeySet(), view);
            NavigableSet<String> storedView = view(bag.treeMap.navigableKeySet(), view);
            assertEquals(new ArrayList<>(plainView), new ArrayList<>(storedView), view + " of the stored key set");
            removeSecond(plainView.iterator());
            removeSecond(storedView.iterator());
            expected = new ArrayList<>(plain.keySet());
            store.commit();
        }
        try (ObjectStore store = ObjectStore.open(dir)) {
            assertEquals(expected, new ArrayList<>(store.root("bag", Bag.class).treeMap.keySet()), "keys after the removal through the " + view);
        }
    }

    @Test
    void shouldStreamTheEntrySetAndCommitSetValue() {
        storeKeys();
        try (ObjectStore store = ObjectStore.open(dir)) {
            Bag bag = store.root("bag", Bag.class);
            bag.treeMap.entrySet().stream().filter(entry -> entry.getKey().equals("k02")).forEach(entry -> entry.setValue(42));
            store.commit();
        }
        try (ObjectStore store = ObjectStore.open(dir)) {
            assertEquals(Map.of("k00", 0, "k01", 1, "k02", 42, "k03", 3, "k04", 4, "k05", 5), store.root("bag", Bag.class).treeMap);
        }
    }

    private void storeKeys() {
        try (ObjectStore store = ObjectStore.open(dir)) {
            Bag bag = store.root("bag", Bag.class, Bag::new);
            for (int i = 0; i < 6; i++) {
                bag.treeMap.put("k0" + i, i);
            }
            store.commit();
        }
    }

    private static NavigableSet<String> view(NavigableSet<String> keys, String view) {
        return switch (view) {
            case "subSet" -> keys.subSet("k01", true, "k05", false);
            case "headSet" -> keys.headSet("k04", false);
            case "tailSet" -> keys.tailSet("k01", true);
            default -> keys.descendingSet();
        };
    }

    private static void removeSecond(Iterator<String> it) {
        it.next();
        it.next();
        it.remove();
    }
}
