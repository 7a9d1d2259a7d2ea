package org.swizzle.it.collections;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.swizzle.ObjectStore;
import org.swizzle.Persistent;
import org.swizzle.it.Phases;

/**
 * The child JVM of {@link HashOfSortedInCycleTest}: a node in another's set, hashed by the first key of its own sorted
 * map, whose keys are ordered by the size of that other set: while the set is read the map is in reverse, and the node
 * is hashed by the wrong first key. Each read shifts the identity hashes by its number, which changed the order in which
 * the read's sets and maps were put together again.
 */
public final class HashOfSortedInCycleWorkload {

    /** Hashed by its number and, once its map holds keys, the first of them. */
    @Persistent
    public static class Node {
        int id;
        Set<Object> set = new HashSet<>();
        TreeMap<Key, String> byKey = new TreeMap<>();

        Node(int id) {
            this.id = id;
        }

        @Override
        public int hashCode() {
            return byKey.isEmpty() ? id : id * 1000 + byKey.firstKey().id;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Node && ((Node) o).id == id;
        }
    }

    /** Ordered by its number times the size of its target's set less two: in reverse while that set reads empty. */
    @Persistent
    public static class Key implements Comparable<Key> {
        int id;
        Node target;

        Key(int id, Node target) {
            this.id = id;
            this.target = target;
        }

        private int rank() {
            return id * (target.set.size() - 2);
        }

        @Override
        public int compareTo(Key other) {
            return Integer.compare(rank(), other.rank());
        }
    }

    private final String phase;

    private HashOfSortedInCycleWorkload(String phase) {
        this.phase = phase;
    }

    public static void main(String[] args) throws Exception {
        HashOfSortedInCycleWorkload workload = new HashOfSortedInCycleWorkload(args[0]);
        Map<String, Phases.Phase> phases = new HashMap<>();
        phases.put("build", workload::build);
        for (int shift = 0; shift < 8; shift++) {
            int identityHashes = shift;
            phases.put("read" + shift, store -> workload.read(store, identityHashes));
        }
        Phases.run(args, phases);
    }

    private void build(ObjectStore store) {
        Node first = new Node(1);
        Node second = new Node(2);
        first.set.add("x");
        first.set.add("y");
        first.set.add("placeholder"); // three while the keys go in, as when it is read whole
        for (int id = 1; id <= 6; id++) {
            second.byKey.put(new Key(id, first), "k" + id);
        }
        first.set.remove("placeholder");
        first.set.add(second);
        store.setRoot("first", first);
        store.commit();
        Phases.halt(phase);
    }

    private void read(ObjectStore store, int identityHashes) {
        for (int i = 0; i < identityHashes; i++) {
            System.identityHashCode(new Object());
        }
        Node first = store.root("first", Node.class);
        Node second = null;
        for (Object each : first.set) {
            if (each instanceof Node) {
                second = (Node) each;
            }
        }
        Phases.check(phase, "the map's first key is the least: " + (second == null ? "no node" : second.byKey.firstKey().id),
            second != null && second.byKey.firstKey().id == 1);
        Phases.check(phase, "the set finds the node hashed by its map's first key", first.set.contains(second));
        first.set.add(second);
        Phases.check(phase, "the node is not added twice: " + first.set.size(), first.set.size() == 3);
    }
}
