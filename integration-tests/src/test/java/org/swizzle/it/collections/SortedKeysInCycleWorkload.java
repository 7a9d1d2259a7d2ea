package org.swizzle.it.collections;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
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
 * The child JVM of {@link SortedKeysInCycleTest}: a node whose set holds another node, whose sorted sets, sorted map
 * and linked set hold keys ordered (or told equal) by the size of the first node's set, which is being read when they
 * are: the read meets them equal, or out of order, and must put them together once the first set is whole.
 */
public final class SortedKeysInCycleWorkload {

    /** A node, hashed by its number, with a set of anything and the keyed collections of the other node. */
    @Persistent
    public static class Node {
        int id;
        Set<Object> set = new HashSet<>();
        TreeSet<Ranked> ranked = new TreeSet<>();
        TreeMap<Ranked, String> named = new TreeMap<>();
        TreeSet<Flipped> flipped = new TreeSet<>();
        LinkedHashSet<Alike> linked = new LinkedHashSet<>();

        Node(int id) {
            this.id = id;
        }

        @Override
        public int hashCode() {
            return id;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Node && ((Node) o).id == id;
        }
    }

    /** Ordered by its number times the size of its target's set: all equal while that set reads empty. */
    @Persistent
    public static class Ranked implements Comparable<Ranked> {
        /** Set above the numbers stored by the refusing phase: all keys equal, the set whole or not. */
        static int divisor = 1;
        /** Whether the next comparison that sees the set whole throws. */
        static boolean armed;
        int id;
        Node target;

        Ranked(int id, Node target) {
            this.id = id;
            this.target = target;
        }

        private int rank() {
            int size = target.set.size();
            if (armed && size == 3) {
                armed = false;
                throw new IllegalStateException("the order of r" + id + " failed");
            }
            return id / divisor * size;
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

    /** Ordered by its number, in reverse while its target's set reads empty. */
    @Persistent
    public static class Flipped implements Comparable<Flipped> {
        /** Whether the next comparison that sees the set whole throws. */
        static boolean armed;
        int id;
        Node target;

        Flipped(int id, Node target) {
            this.id = id;
            this.target = target;
        }

        private int rank() {
            if (armed && !target.set.isEmpty()) {
                armed = false;
                throw new IllegalStateException("the order of f" + id + " failed");
            }
            return target.set.isEmpty() ? -id : id;
        }

        @Override
        public int compareTo(Flipped other) {
            return Integer.compare(rank(), other.rank());
        }

        @Override
        public String toString() {
            return "f" + id;
        }
    }

    /**
     * Hashed alike; while its target's set reads empty, equal to every other of odd number if its own is odd (the first of
     * them goes in, the others wait with even ones after them), else equal by its number.
     */
    @Persistent
    public static class Alike {
        int id;
        Node target;

        Alike(int id, Node target) {
            this.id = id;
            this.target = target;
        }

        @Override
        public int hashCode() {
            return 7;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Alike)) {
                return false;
            }
            int other = ((Alike) o).id;
            return target.set.isEmpty() ? id % 2 == 1 && other % 2 == 1 : other == id;
        }

        @Override
        public String toString() {
            return "a" + id;
        }
    }

    /** Whether keys are kept aside, to be put in once the read is whole: not where the first node is read as a neighbour. */
    static final String KEPT_ASIDE = "swizzle.it.keptAside";

    private final String phase;

    private SortedKeysInCycleWorkload(String phase) {
        this.phase = phase;
    }

    public static void main(String[] args) throws Exception {
        SortedKeysInCycleWorkload workload = new SortedKeysInCycleWorkload(args[0]);
        Phases.run(args, Map.of("build", workload::build, "readAndAdd", workload::readAndAdd,
            "checkAdded", workload::checkAdded, "failPuttingTogether", workload::failPuttingTogether,
            "refuseEqualKeys", workload::refuseEqualKeys));
    }

    private void build(ObjectStore store) {
        Node first = new Node(1);
        Node second = new Node(2);
        first.set.add("x");
        first.set.add("y");
        first.set.add(second);
        for (int id : new int[] {3, 1, 4, 2}) {
            second.ranked.add(new Ranked(id, first));
            second.named.put(new Ranked(id, first), "n" + id);
            second.flipped.add(new Flipped(id, first));
            second.linked.add(new Alike(id, first));
        }
        store.setRoot("first", first);
        store.commit();
        Phases.halt(phase);
    }

    /** Reads the cycle, checks it, commits nothing for the read, adds a key to each, and commits. */
    private void readAndAdd(ObjectStore store) {
        Node second = check(store, 4);
        long before = store.stats().bytesLogged();
        store.commit();
        Phases.check(phase, "a commit after the read logs nothing: " + (store.stats().bytesLogged() - before) + " bytes",
            store.stats().bytesLogged() == before);
        Node first = store.root("first", Node.class);
        second.ranked.add(new Ranked(5, first));
        second.named.put(new Ranked(5, first), "n5");
        second.flipped.add(new Flipped(5, first));
        second.linked.add(new Alike(5, first));
        Phases.check(phase, "no key added twice: " + second.ranked + " " + second.named.keySet() + " " + second.linked,
            !second.ranked.add(new Ranked(1, first)) && !second.linked.add(new Alike(1, first)) && second.ranked.size() == 5
                && second.linked.size() == 5);
        store.commit();
        Phases.halt(phase);
    }

    private void checkAdded(ObjectStore store) {
        check(store, 5);
    }

    /**
     * The orders fail as the keys kept aside are put in, or the set read in reverse is sorted again, once the set is
     * whole: whichever fails first, neither set, nor any other the read has not put together yet, is left for the retry
     * to use as it is.
     */
    private void failPuttingTogether(ObjectStore store) {
        Ranked.armed = true;
        Flipped.armed = true;
        try {
            store.root("first", Node.class).set.size();
            Phases.check(phase, "the order failed", !Boolean.getBoolean(KEPT_ASIDE));
        } catch (IllegalStateException e) {
            Phases.check(phase, "the order's failure passes: " + e, e.getMessage().contains("failed"));
        }
        Ranked.armed = false;
        Flipped.armed = false;
        check(store, 5);
        long before = store.stats().bytesLogged();
        store.commit();
        Phases.check(phase, "a commit after the read logs nothing: " + (store.stats().bytesLogged() - before) + " bytes",
            store.stats().bytesLogged() == before);
    }

    /**
     * Keys that are equal once the set is whole (their order changed since they were stored) are refused at every touch,
     * with the field named; the order put back, they read whole, and nothing stored was lost.
     */
    private void refuseEqualKeys(ObjectStore store) {
        Ranked.divisor = 10;
        int refused = 0;
        for (int attempt = 0; attempt < 2; attempt++) {
            try {
                Node first = store.root("first", Node.class);
                second(first).ranked.size();
            } catch (IncompatibleSchemaException e) {
                Phases.check(phase, "the refusal names the field: " + e.getMessage(), e.getMessage().contains("Node.ranked")
                    || e.getMessage().contains("Node.named"));
                Phases.check(phase, "the first refusal, from the end of the read of the first node, says so: " + e.getMessage(),
                    attempt > 0 || !Boolean.getBoolean(KEPT_ASIDE) || e.getMessage().contains("found once that read was whole"));
                refused++;
            }
        }
        Phases.check(phase, "keys equal once the read is whole are refused at each touch: " + refused, refused == 2);
        Ranked.divisor = 1;
        check(store, 5);
    }

    /** Checks each keyed collection of the second node holds 1 to {@code keys}, in order, each found; returns the node. */
    private Node check(ObjectStore store, int keys) {
        Node second = second(store.root("first", Node.class));
        List<Integer> ranked = new ArrayList<>();
        second.ranked.forEach(key -> ranked.add(key.id));
        List<String> named = new ArrayList<>();
        second.named.forEach((key, name) -> named.add(key.id + "=" + name));
        List<Integer> flipped = new ArrayList<>();
        second.flipped.forEach(key -> flipped.add(key.id));
        List<Integer> linked = new ArrayList<>();
        second.linked.forEach(key -> linked.add(key.id));
        List<Integer> ascending = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (int id = 1; id <= keys; id++) {
            ascending.add(id);
            names.add(id + "=n" + id);
        }
        List<Integer> inserted = new ArrayList<>(List.of(3, 1, 4, 2, 5).subList(0, keys));
        Phases.check(phase, "the sorted set holds its keys in order: " + ranked, ranked.equals(ascending));
        Phases.check(phase, "the sorted map holds its entries in order: " + named, named.equals(names));
        Phases.check(phase, "the set ordered in reverse while read holds its keys in order: " + flipped, flipped.equals(ascending));
        Phases.check(phase, "the linked set holds its keys in the order added: " + linked, linked.equals(inserted));
        boolean found = second.ranked.stream().allMatch(second.ranked::contains)
            && second.named.keySet().stream().allMatch(second.named::containsKey)
            && second.flipped.stream().allMatch(second.flipped::contains)
            && second.linked.stream().allMatch(second.linked::contains);
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
