package org.swizzle.it.collections;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.swizzle.IncompatibleSchemaException;
import org.swizzle.ObjectStore;
import org.swizzle.Persistent;
import org.swizzle.it.Phases;

/**
 * The child JVM of {@link ChunkedSortedInCycleTest}: a node whose set holds another node, hashed by reading the first
 * key of its sorted set and sorted map, both large enough to be stored in chunks, whose keys are ordered by the size of
 * the first node's set: while that set is read, its size is short and the keys of a chunk read meanwhile compare out
 * of order.
 */
public final class ChunkedSortedInCycleWorkload {

    /** More than a chunk holds: stored in chunks once changed in a later run. */
    private static final int KEYS = 600;

    /** A node, hashed by its number once it has read the first key of its sorted set and map. */
    @Persistent
    public static class Node {
        int id;
        Set<Object> set = new HashSet<>();
        TreeSet<Ranked> ranked = new TreeSet<>();
        TreeMap<Ranked, Integer> numbered = new TreeMap<>();

        Node(int id) {
            this.id = id;
        }

        @Override
        public int hashCode() {
            if (!ranked.isEmpty()) {
                ranked.first();
            }
            if (!numbered.isEmpty()) {
                numbered.firstKey();
            }
            return id;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Node && ((Node) o).id == id;
        }
    }

    /** Ordered by its number times one less than the size of its target's set: in reverse while that set reads empty. */
    @Persistent
    public static class Ranked implements Comparable<Ranked> {
        /** Whether the order is reversed, the set whole or not: the order of the class changed since the keys were stored. */
        static boolean reversed;
        int id;
        Node target;

        Ranked(int id, Node target) {
            this.id = id;
            this.target = target;
        }

        private int rank() {
            int rank = id * (target.set.size() - 1);
            return reversed ? -rank : rank;
        }

        @Override
        public int compareTo(Ranked other) {
            return Integer.compare(rank(), other.rank());
        }

        @Override
        public String toString() {
            return "r" + id;
        }
    }

    private final String phase;

    private ChunkedSortedInCycleWorkload(String phase) {
        this.phase = phase;
    }

    public static void main(String[] args) throws Exception {
        ChunkedSortedInCycleWorkload workload = new ChunkedSortedInCycleWorkload(args[0]);
        Phases.run(args, Map.of("build", workload::build, "readAndAdd", workload::readAndAdd,
            "checkAdded", workload::checkAdded, "refuseOutOfOrder", workload::refuseOutOfOrder));
    }

    private void build(ObjectStore store) {
        Node first = new Node(1);
        Node second = new Node(2);
        first.set.add("x");
        first.set.add(second);
        for (int id = 1; id <= KEYS; id++) {
            second.ranked.add(new Ranked(id, first));
            second.numbered.put(new Ranked(id, first), id);
        }
        store.setRoot("first", first);
        store.commit();
        Phases.halt(phase);
    }

    /** Reads the cycle, checks it, adds a key to each (stored in chunks from now on), and commits. */
    private void readAndAdd(ObjectStore store) {
        Node second = check(store, KEYS);
        Node first = store.root("first", Node.class);
        second.ranked.add(new Ranked(KEYS + 1, first));
        second.numbered.put(new Ranked(KEYS + 1, first), KEYS + 1);
        store.commit();
        Phases.halt(phase);
    }

    /** The chunks read in the cycle are whole and in order; a commit after the read logs nothing. */
    private void checkAdded(ObjectStore store) {
        check(store, KEYS + 1);
        long before = store.stats().bytesLogged();
        store.commit();
        Phases.check(phase, "a commit after the read logs nothing: " + (store.stats().bytesLogged() - before) + " bytes",
            store.stats().bytesLogged() == before);
    }

    /**
     * Keys out of order once the set is whole (their order changed since they were stored) are refused at every touch,
     * naming the field: a refused chunk is let go and read again, not used; the order put back, they read whole.
     */
    private void refuseOutOfOrder(ObjectStore store) {
        Ranked.reversed = true;
        int refused = 0;
        for (int attempt = 0; attempt < 3; attempt++) {
            try {
                Node second = second(store.root("first", Node.class));
                second.ranked.contains(new Ranked(KEYS / 2, store.root("first", Node.class)));
            } catch (IncompatibleSchemaException e) {
                Phases.check(phase, "the refusal names the field: " + e.getMessage(), e.getMessage().contains("Node.ranked")
                    || e.getMessage().contains("Node.numbered"));
                refused++;
            }
        }
        Phases.check(phase, "keys out of order once the read is whole are refused at each touch: " + refused, refused == 3);
        Ranked.reversed = false;
        check(store, KEYS + 1);
    }

    /** Checks the sorted set and map of the second node hold 1 to {@code keys}, in order, each found; returns the node. */
    private Node check(ObjectStore store, int keys) {
        Node second = second(store.root("first", Node.class));
        List<Integer> ranked = new ArrayList<>();
        second.ranked.forEach(key -> ranked.add(key.id));
        List<Integer> numbered = new ArrayList<>();
        second.numbered.forEach((key, number) -> numbered.add(key.id == number ? key.id : -key.id));
        List<Integer> ascending = new ArrayList<>();
        for (int id = 1; id <= keys; id++) {
            ascending.add(id);
        }
        Phases.check(phase, "the sorted set holds its keys in order: " + ranked, ranked.equals(ascending));
        Phases.check(phase, "the sorted map holds its entries in order: " + numbered, numbered.equals(ascending));
        boolean found = second.ranked.stream().allMatch(second.ranked::contains)
            && second.numbered.keySet().stream().allMatch(second.numbered::containsKey);
        Phases.check(phase, "every key is found where it is", found);
        return second;
    }

    private static Node second(Node first) {
        for (Object each : first.set) {
            if (each instanceof Node) {
                return (Node) each;
            }
        }
        throw new IllegalStateException("the first node's set holds no node: " + first.set);
    }
}
