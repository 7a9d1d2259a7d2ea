package org.swizzle.it.tracked;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;

import org.swizzle.ObjectStore;

/**
 * {@code CatalogueWorkload <setup|idle|render> <store>}: {@code setup} stores a {@link Catalogue} of 5,000 prices
 * and tags; {@code idle} gives it a plain list, commits twice without another change and prints what each commit
 * compared, then, where the runtime has them (Java 21), changes the map and set through their sequenced views only,
 * commits, and prints what that commit logged, then adds to the plain list and does the same; {@code shared <other store>} makes the other store hold this store's map and set too, changes it and
 * commits both stores in turn; {@code indexed} indexes catalogues by a lookup in their access-ordered map, which
 * reorders it while a commit runs, after the commit wrote the map; {@code render} prints the catalogue's sizes, its
 * first price, the order of the access-ordered map, and ends.
 */
public final class CatalogueWorkload {

    private CatalogueWorkload() {
    }

    public static void main(String[] args) throws Exception {
        try (ObjectStore store = ObjectStore.open(Path.of(args[1]))) {
            switch (args[0]) {
                case "setup":
                    Catalogue catalogue = new Catalogue();
                    for (int i = 0; i < 5_000; i++) {
                        catalogue.prices.put("item" + i, i);
                        catalogue.tags.add("tag" + i);
                    }
                    store.setRoot("catalogue", catalogue);
                    store.commit();
                    break;
                case "idle":
                    idle(store, store.root("catalogue", Catalogue.class));
                    break;
                case "indexed":
                    indexed(store, store.root("catalogue", Catalogue.class));
                    break;
                case "shared":
                    share(store, store.root("catalogue", Catalogue.class), Path.of(args[2]));
                    break;
                default:
                    Catalogue read = store.root("catalogue", Catalogue.class);
                    String first = read.prices.keySet().iterator().next();
                    System.out.println("RENDER " + read.prices.size() + " " + first + " " + read.tags.size() + " "
                        + read.tags.iterator().next() + " " + first + "=" + read.prices.get(first) + " recent="
                        + read.recent.keySet() + " notes=" + read.notes);
            }
        }
    }

    private static void idle(ObjectStore store, Catalogue catalogue) throws Exception {
        int size = catalogue.prices.size() + catalogue.tags.size(); // reads both
        List<String> notes = new ArrayList<>(List.of("n0", "n1")); // made here, not by a persistent class: plain
        catalogue.notes = notes;
        for (int commit = 1; commit <= 2; commit++) {
            long before = store.stats().bytesCompared();
            store.commit();
            System.out.println("IDLE " + commit + " compared=" + (store.stats().bytesCompared() - before) + " size=" + size);
        }
        Class<?> sequenced = sequencedCollection();
        if (sequenced != null) { // only views the tracked map and set cannot see
            Object keys = LinkedHashMap.class.getMethod("sequencedKeySet").invoke(catalogue.prices);
            sequenced.getMethod("removeFirst").invoke(keys);
            Object reversed = LinkedHashSet.class.getMethod("reversed").invoke(catalogue.tags);
            sequenced.getMethod("removeLast").invoke(reversed);
            long before = store.stats().bytesLogged();
            store.commit();
            System.out.println("SEQUENCED logged=" + (store.stats().bytesLogged() - before));
        }
        notes.add("n2"); // through the plain list itself, which tells no one
        long before = store.stats().bytesLogged();
        store.commit();
        System.out.println("PLAIN logged=" + (store.stats().bytesLogged() - before));
    }

    /**
     * Two stores, one map: the other store holds this store's map as a collection it did not make, which it compares
     * at every commit, while this store's commits see the changes the map reports.
     */
    private static void share(ObjectStore store, Catalogue catalogue, Path other) {
        try (ObjectStore second = ObjectStore.open(other)) {
            Catalogue holder = new Catalogue();
            holder.prices = catalogue.prices;
            holder.tags = catalogue.tags;
            second.setRoot("catalogue", holder);
            second.commit();
            store.commit();
            second.commit();
            catalogue.prices.put(catalogue.prices.keySet().iterator().next(), -1);
            store.commit();
            second.commit();
        }
    }

    /**
     * The index's key function looks {@code a} up in the access-ordered map, which moves it last: when a commit writes
     * the catalogue, the function runs after the map was written, and its move is the next commit's to write.
     */
    private static void indexed(ObjectStore store, Catalogue catalogue) {
        catalogue.recent.put("a", 1);
        catalogue.recent.put("b", 2);
        store.commit();
        store.index("byRecentA", Catalogue.class, Integer.class, c -> c.recent.get("a"));
        catalogue.visits++;
        catalogue.recent.put("c", 3);
        store.commit();
        store.commit();
        System.out.println("INDEXED recent=" + catalogue.recent.keySet());
    }

    /** Java 21's {@code SequencedCollection}, or null on an older runtime. */
    private static Class<?> sequencedCollection() {
        try {
            return Class.forName("java.util.SequencedCollection");
        } catch (ClassNotFoundException e) {
            return null;
        }
    }
}
