package org.swizzle.it.collections;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import org.swizzle.ObjectStore;
import org.swizzle.Persistent;
import org.swizzle.StoreOptions;
import org.swizzle.it.Phases;

/**
 * The child JVM of {@link PendingReadTest}: a line of {@link LinkedKeysWorkload}'s stops joined by its legs, hashed by the
 * stops they join, long enough
 * that a read leaves the stops past the sixteenth pending and reads them in the outermost fault's loop. Each stop also
 * holds fillers (objects enough to pass a small resident budget) and nodes hashed by the size of the set they are in.
 * {@code readUnderBudget} runs in a store confined to its thread with a budget of 1,000 objects, which faults trim.
 */
public final class PendingReadWorkload {

    static final int LINE = 150;
    static final int FILLERS = 10;
    static final int NODES = 5;

    /** A stop of {@link LinkedKeysWorkload}'s line, joined by its legs, that also holds fillers and nodes. */
    public static class FilledStop extends LinkedKeysWorkload.Stop {
        String label;
        Set<Filler> fillers = new HashSet<>();
        Set<Node> nodes = new HashSet<>();

        FilledStop(int number) {
            super(number);
            this.label = "s" + number;
        }

        FilledStop next() {
            return legs.isEmpty() ? null : (FilledStop) legs.iterator().next().to;
        }
    }

    @Persistent
    public static class Filler {
        int id;

        Filler(int id) {
            this.id = id;
        }

        @Override
        public int hashCode() {
            return id;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Filler && ((Filler) o).id == id;
        }
    }

    @Persistent
    public static class Tag {
        int value;

        Tag(int value) {
            this.value = value;
        }
    }

    /** Hashed by its tag and by the size of its owner's set of nodes, the set it is in: placed again after the read. */
    @Persistent
    public static class Node {
        FilledStop owner;
        Tag tag;

        Node(FilledStop owner, Tag tag) {
            this.owner = owner;
            this.tag = tag;
        }

        @Override
        public int hashCode() {
            return tag.value * 31 + owner.nodes.size();
        }
    }

    @Persistent
    public static class Network {
        FilledStop line;
    }

    private final String phase;

    private PendingReadWorkload(String phase) {
        this.phase = phase;
    }

    public static void main(String[] args) throws Exception {
        PendingReadWorkload workload = new PendingReadWorkload(args[0]);
        StoreOptions options = args[0].equals("readUnderBudget")
            ? StoreOptions.builder().residentBudget(1000).confined(true).build() : StoreOptions.defaults();
        Phases.run(args, options, Map.of("build", workload::build, "readUnderBudget", workload::readUnderBudget,
            "readNodes", workload::readNodes));
    }

    private void build(ObjectStore store) {
        Network network = store.root("network", Network.class, Network::new);
        FilledStop stop = new FilledStop(0);
        network.line = stop;
        for (int i = 1; i <= LINE; i++) {
            FilledStop next = i < LINE ? new FilledStop(i) : null;
            if (next != null) {
                stop.legs.add(new LinkedKeysWorkload.Leg(stop, next));
            }
            for (int k = 0; k < FILLERS; k++) {
                stop.fillers.add(new Filler(stop.number * 100 + k));
            }
            for (int k = 0; k < NODES; k++) {
                stop.nodes.add(new Node(stop, new Tag(stop.number * 100 + k)));
            }
            stop = next;
        }
        store.commit();
        Phases.halt(phase);
    }

    /**
     * The first stop's fault reads the whole line (each leg's hash faults the next stop), more objects than the budget:
     * the faults the outermost one's loop makes must not trim it, and the getter that faulted the first stop reads it.
     */
    private void readUnderBudget(ObjectStore store) {
        FilledStop first = store.root("network", Network.class).line;
        String label = first.label;
        Phases.check(phase, "the first stop's label, read by the getter that faulted it: " + label, "s0".equals(label));
        Set<LinkedKeysWorkload.Leg> legs = first.legs;
        Phases.check(phase, "the first stop's legs: " + legs, legs != null && legs.size() == 1);
        int length = 0;
        for (FilledStop stop = first; stop != null; stop = stop.next()) {
            Phases.check(phase, "stop " + length + " holds its fillers", stop.fillers.size() == FILLERS
                && stop.fillers.contains(new Filler(length * 100)));
            length++;
        }
        Phases.check(phase, "the line is " + LINE + " stops long: " + length, length == LINE);
    }

    /** Every node, hashed by its set's size while the set was still being read, is found in its set. */
    private void readNodes(ObjectStore store) {
        int misplaced = 0;
        int length = 0;
        for (FilledStop stop = store.root("network", Network.class).line; stop != null; stop = stop.next()) {
            for (Node node : stop.nodes) {
                if (!stop.nodes.contains(node)) {
                    misplaced++;
                }
            }
            length++;
        }
        Phases.check(phase, misplaced + " nodes their own set does not find, in a line of " + length, misplaced == 0 && length == LINE);
    }
}
