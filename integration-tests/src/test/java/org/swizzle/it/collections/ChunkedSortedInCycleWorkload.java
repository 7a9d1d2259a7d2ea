package org.swizzle.it.collections;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

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
        /** Holding arrays, compared at every commit (an array taken out may change). */
        TreeMap<Ranked, int[]> numbered = new TreeMap<>();

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

    /** Ordered by its number, or in reverse once its class's order changed. */
    @Persistent
    public static class Numbered implements Comparable<Numbered> {
        /** Whether the order is reversed: the order of the class changed since the numbers were stored. */
        static boolean reversed;
        int number;

        Numbered(int number) {
            this.number = number;
        }

        @Override
        public int compareTo(Numbered other) {
            return reversed ? Integer.compare(other.number, number) : Integer.compare(number, other.number);
        }
    }

    /** Numbers in a sorted set, and with arrays in a sorted map, large enough to be stored in chunks; and a long list. */
    @Persistent
    public static class Index {
        TreeSet<Numbered> numbers = new TreeSet<>();
        /** Holding arrays, compared at every commit (an array taken out may change). */
        TreeMap<Numbered, int[]> arrays = new TreeMap<>();
        /** Walked by a tag's hash under a resident budget: its chunks make the budget let go of those read before. */
        List<Integer> walked = new ArrayList<>();
    }

    /**
     * A key hashed by whether its index holds a number: a lookup in the chunks of a sorted set, as it is hashed; then,
     * if {@link #WALK} is set, a walk through the index's long list.
     */
    @Persistent
    public static class Tag {
        int id;
        Index index;

        Tag(int id, Index index) {
            this.id = id;
            this.index = index;
        }

        @Override
        public int hashCode() {
            int hash = index.numbers.contains(new Numbered(KEYS / 3)) ? id : -id;
            if (Boolean.getBoolean(WALK)) {
                long sum = 0;
                for (int each : index.walked) {
                    sum += each;
                }
                hash += sum == WALKED * (WALKED - 1L) / 2 ? 0 : 1;
            }
            return hash;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Tag && ((Tag) o).id == id;
        }
    }

    /** A list large enough to be stored in chunks, whose first element is a set holding a node of the cycle. */
    @Persistent
    public static class Paged {
        List<Object> elements = new ArrayList<>();
    }

    /** The elements of the paged list: more than a list keeps in one chunk. */
    private static final int PAGED = 1_100;

    /** A set of tags, and a set of lists of tags: a list's hash is its tags'. */
    @Persistent
    public static class Shelf {
        Set<Tag> tags = new HashSet<>();
        Set<List<Tag>> lists = new HashSet<>();
    }

    /** Whether a tag's hash walks the index's long list (set under a resident budget). */
    static final String WALK = "swizzle.it.walk";
    /** The elements of the long list: more than a list keeps in one chunk. */
    private static final int WALKED = 3_001;

    private static final int TAGS = 5;

    private final String phase;

    private ChunkedSortedInCycleWorkload(String phase) {
        this.phase = phase;
    }

    public static void main(String[] args) throws Exception {
        ChunkedSortedInCycleWorkload workload = new ChunkedSortedInCycleWorkload(args[0]);
        Phases.run(args, Map.ofEntries(
            Map.entry("build", workload::build),
            Map.entry("readAndAdd", workload::readAndAdd),
            Map.entry("checkAdded", workload::checkAdded),
            Map.entry("refuseOutOfOrder", workload::refuseOutOfOrder),
            Map.entry("buildShelf", workload::buildShelf),
            Map.entry("addToIndex", workload::addToIndex),
            Map.entry("refuseLookupOutOfOrder", workload::refuseLookupOutOfOrder),
            Map.entry("checkShelf", workload::checkShelf),
            Map.entry("buildPaged", workload::buildPaged),
            Map.entry("growPaged", workload::growPaged),
            Map.entry("checkPaged", workload::checkPaged),
            Map.entry("refusePagedOutOfOrder", workload::refusePagedOutOfOrder)));
    }

    private void build(ObjectStore store) {
        store.setRoot("first", cycle());
        store.commit();
        Phases.halt(phase);
    }

    /** The first node of a new cycle: its set holds the second, whose keys are ordered by the size of that set. */
    private static Node cycle() {
        Node first = new Node(1);
        Node second = new Node(2);
        first.set.add("x");
        first.set.add(second);
        for (int id = 1; id <= KEYS; id++) {
            second.ranked.add(new Ranked(id, first));
            second.numbered.put(new Ranked(id, first), new int[] {id});
        }
        return first;
    }

    /** Reads the cycle, checks it, adds a key to each (stored in chunks from now on), and commits. */
    private void readAndAdd(ObjectStore store) {
        Node second = check(store, KEYS);
        Node first = store.root("first", Node.class);
        second.ranked.add(new Ranked(KEYS + 1, first));
        second.numbered.put(new Ranked(KEYS + 1, first), new int[] {KEYS + 1});
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
            refused += refused(() -> second(store.root("first", Node.class)).ranked.contains(probe(store)));
            refused += refused(() -> second(store.root("first", Node.class)).numbered.containsKey(probe(store)));
        }
        Phases.check(phase, "keys out of order once the read is whole are refused at each touch: " + refused, refused == 6);
        Ranked.reversed = false;
        check(store, KEYS + 1);
    }

    /** 1 if {@code touch} is refused for keys out of order, naming the field, else 0. */
    private int refused(Runnable touch) {
        try {
            touch.run();
            return 0;
        } catch (IncompatibleSchemaException e) {
            Phases.check(phase, "the refusal names the field: " + e.getMessage(), e.getMessage().contains("Node.ranked")
                || e.getMessage().contains("Node.numbered"));
            return 1;
        }
    }

    /** A key from the middle of the sorted set and map. */
    private static Ranked probe(ObjectStore store) {
        return new Ranked(KEYS / 2, store.root("first", Node.class));
    }

    /** The cycle again, reached through the first element of a paged list: read by a page read, not a fault. */
    private void buildPaged(ObjectStore store) {
        Paged paged = new Paged();
        paged.elements.add(new HashSet<>(Set.of(cycle())));
        for (int each = 1; each < PAGED; each++) {
            paged.elements.add(each);
        }
        store.setRoot("paged", paged);
        store.commit();
        Phases.halt(phase);
    }

    /** Adds a key, which stores the sorted set and map in chunks, and an element. */
    private void growPaged(ObjectStore store) {
        Paged paged = store.root("paged", Paged.class);
        Node first = firstOf(paged);
        Node second = second(first);
        second.ranked.add(new Ranked(KEYS + 1, first));
        second.numbered.put(new Ranked(KEYS + 1, first), new int[] {KEYS + 1});
        paged.elements.add(PAGED);
        store.commit();
        Phases.halt(phase);
    }

    /** The cycle read through the paged list holds its keys in order, each found, and takes no equal key. */
    private void checkPaged(ObjectStore store) {
        Node first = firstOf(store.root("paged", Paged.class));
        Node second = second(first);
        List<Integer> ranked = new ArrayList<>();
        second.ranked.forEach(key -> ranked.add(key.id));
        Phases.check(phase, "the sorted set read through a page holds its keys in order: " + ranked.subList(0, 3) + "..."
            + ranked.size(), ranked.size() == KEYS + 1 && ranked.equals(ranked.stream().sorted().collect(Collectors.toList())));
        Phases.check(phase, "every key is found where it is", second.ranked.stream().allMatch(second.ranked::contains)
            && second.numbered.keySet().stream().allMatch(second.numbered::containsKey));
        Phases.check(phase, "an equal key does not go in", !second.ranked.add(new Ranked(KEYS / 2, first)));
    }

    /** Out of order once the read through the page is whole: refused at each touch, nothing stored. */
    private void refusePagedOutOfOrder(ObjectStore store) {
        Ranked.reversed = true;
        int refused = 0;
        for (int attempt = 0; attempt < 2; attempt++) {
            refused += refused(() -> {
                Node first = firstOf(store.root("paged", Paged.class));
                second(first).ranked.contains(new Ranked(KEYS / 2, first));
            });
        }
        Phases.check(phase, "keys out of order, read through a page, are refused at each touch: " + refused, refused == 2);
        Ranked.reversed = false;
        checkPaged(store);
    }

    private static Node firstOf(Paged paged) {
        return (Node) ((Set<?>) paged.elements.get(0)).iterator().next();
    }

    private void buildShelf(ObjectStore store) {
        Index index = new Index();
        for (int number = 1; number <= KEYS; number++) {
            index.numbers.add(new Numbered(number));
            index.arrays.put(new Numbered(number), new int[] {number});
        }
        for (int each = 0; each < WALKED - 1; each++) {
            index.walked.add(each);
        }
        Shelf shelf = new Shelf();
        for (int id = 1; id <= TAGS; id++) {
            shelf.tags.add(new Tag(id, index));
            shelf.lists.add(new ArrayList<>(List.of(new Tag(id, index))));
        }
        store.setRoot("shelf", shelf);
        store.setRoot("index", index);
        store.commit();
        Phases.halt(phase);
    }

    /** Adds a number, which stores the index's set in chunks from now on. */
    private void addToIndex(ObjectStore store) {
        store.root("index", Index.class).numbers.add(new Numbered(KEYS + 1));
        store.root("index", Index.class).arrays.put(new Numbered(KEYS + 1), new int[] {KEYS + 1});
        store.root("index", Index.class).walked.add(WALKED - 1);
        store.commit();
        Phases.halt(phase);
    }

    /**
     * The shelf's read hashes its tags (and its lists of tags) by a lookup in the index's chunks, out of order now, not in
     * a cycle: the read is refused, and the tags, hashed by a lookup that missed, are not left where a lookup with the
     * order put back misses them (an add would store a tag twice). The order put back, the tags are found, and an equal
     * one does not go in. A chunk of arrays out of order is refused at each touch.
     */
    private void refuseLookupOutOfOrder(ObjectStore store) {
        Numbered.reversed = true;
        int refused = 0;
        for (int attempt = 0; attempt < 2; attempt++) {
            try {
                store.root("shelf", Shelf.class).tags.size();
            } catch (IncompatibleSchemaException e) {
                Phases.check(phase, "the refusal names the index's field: " + e.getMessage(), e.getMessage().contains("Index.numbers"));
                refused++;
            }
            try {
                store.root("shelf", Shelf.class).lists.size();
            } catch (IncompatibleSchemaException e) {
                Phases.check(phase, "the refusal names the index's field: " + e.getMessage(), e.getMessage().contains("Index.numbers"));
                refused++;
            }
        }
        Phases.check(phase, "the chunk out of order is refused at each touch: " + refused, refused == 4);
        refused = 0;
        for (int attempt = 0; attempt < 3; attempt++) {
            try {
                store.root("index", Index.class).arrays.containsKey(new Numbered(KEYS / 3));
            } catch (IncompatibleSchemaException e) {
                Phases.check(phase, "the refusal names the field: " + e.getMessage(), e.getMessage().contains("Index.arrays"));
                refused++;
            }
        }
        Phases.check(phase, "a chunk of arrays out of order, compared at every commit, is refused at each touch: " + refused,
            refused == 3);
        Numbered.reversed = false;
        checkShelf(store);
        Shelf shelf = store.root("shelf", Shelf.class);
        Index index = store.root("index", Index.class);
        Phases.check(phase, "an equal tag does not go in", !shelf.tags.add(new Tag(1, index)));
        Phases.check(phase, "an equal list does not go in", !shelf.lists.add(new ArrayList<>(List.of(new Tag(1, index)))));
        store.commit();
    }

    /** Every tag of the shelf is found where it is, and there are as many as stored; so is every number's array. */
    private void checkShelf(ObjectStore store) {
        TreeMap<Numbered, int[]> arrays = store.root("index", Index.class).arrays;
        boolean found = true;
        for (int number = 1; number <= KEYS + 1; number++) {
            int[] array = arrays.get(new Numbered(number));
            found &= array != null && array[0] == number;
        }
        Phases.check(phase, "every number's array is found: " + arrays.size(), found && arrays.size() == KEYS + 1);
        Shelf shelf = store.root("shelf", Shelf.class);
        Phases.check(phase, "the shelf holds its tags: " + shelf.tags.size(), shelf.tags.size() == TAGS);
        Phases.check(phase, "every tag is found where it is", shelf.tags.stream().allMatch(shelf.tags::contains));
        Phases.check(phase, "the shelf holds its lists: " + shelf.lists.size(), shelf.lists.size() == TAGS);
        Phases.check(phase, "every list is found where it is", shelf.lists.stream().allMatch(shelf.lists::contains));
    }

    /** Checks the sorted set and map of the second node hold 1 to {@code keys}, in order, each found; returns the node. */
    private Node check(ObjectStore store, int keys) {
        Node second = second(store.root("first", Node.class));
        List<Integer> ranked = new ArrayList<>();
        second.ranked.forEach(key -> ranked.add(key.id));
        List<Integer> numbered = new ArrayList<>();
        second.numbered.forEach((key, number) -> numbered.add(key.id == number[0] ? key.id : -key.id));
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
