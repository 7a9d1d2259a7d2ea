package org.swizzle.it.threads;

import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.io.Serializable;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;

import org.swizzle.ObjectStore;
import org.swizzle.Persistent;
import org.swizzle.it.Phases;

/**
 * The child JVM of {@link SwizzleRaceTest}: one thread stores into reference fields that are not swizzled yet while
 * another, in lockstep with it, only loads them, which under {@code swizzle=edge} swizzles them in place, or
 * serializes their objects, which puts each stored reference's target in its field under {@code edge} and
 * {@code none}. Neither ever undoes a store: every store is in the fields after the threads end, and after a reload.
 */
public final class SwizzleRaceWorkload {

    static final int NODES = 20_000;

    @Persistent
    public static class Node implements Serializable {
        private static final long serialVersionUID = 1L;

        String name;
        Node next;

        Node(String name) {
            this.name = name;
        }
    }

    @Persistent
    public static class Graph {
        Node[] nodes;
        Node before;
        Node after;
    }

    private final String phase;

    private SwizzleRaceWorkload(String phase) {
        this.phase = phase;
    }

    public static void main(String[] args) throws Exception {
        SwizzleRaceWorkload workload = new SwizzleRaceWorkload(args[0]);
        Phases.run(args, Map.of("build", workload::build, "race", workload::race, "verify", workload::verify,
            "raceNull", workload::raceNull, "verifyNull", workload::verifyNull, "raceSerialized", workload::raceSerialized));
    }

    private void build(ObjectStore store) {
        Graph graph = store.root("graph", Graph.class, Graph::new);
        graph.before = new Node("before");
        graph.after = new Node("after");
        graph.nodes = new Node[NODES];
        for (int i = 0; i < NODES; i++) {
            graph.nodes[i] = new Node("node-" + i);
            graph.nodes[i].next = graph.before;
        }
        store.commit();
    }

    /** The nodes and both targets resident, no node's {@code next} swizzled yet; then the race, then a commit. */
    private void race(ObjectStore store) throws Exception {
        race(store, store.root("graph", Graph.class).after);
    }

    /** The same race with stores of null, which a swizzle in place sees only by the stored reference they clear. */
    private void raceNull(ObjectStore store) throws Exception {
        race(store, null);
    }

    private void race(ObjectStore store, Node after) throws Exception {
        Graph graph = store.root("graph", Graph.class);
        Node[] nodes = graph.nodes;
        int resident = graph.before.name.length() + graph.after.name.length();
        for (Node node : nodes) {
            resident += node.name.length();
        }
        CyclicBarrier step = new CyclicBarrier(2);
        int[] nullsRead = {0};
        Thread reader = new Thread(() -> {
            try {
                for (Node node : nodes) {
                    step.await();
                    if (node.next == null && after != null) {
                        nullsRead[0]++; // neither the value stored before nor the one being stored
                    }
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        reader.start();
        for (Node node : nodes) {
            step.await();
            node.next = after;
        }
        reader.join();
        Phases.check(phase, nullsRead[0] + " loads read null, which no one stored", nullsRead[0] == 0);
        Phases.check(phase, lost(nodes, after) + " of " + NODES + " stores undone by the other thread's loads (" + resident
            + " characters read)", lost(nodes, after) == 0);
        store.commit();
        Phases.halt(phase);
    }

    /**
     * The race with a thread that serializes each node while the other stores into it, the store made a little later
     * from one node to the next, so that some land while the serialization resolves the node's stored reference.
     */
    private void raceSerialized(ObjectStore store) throws Exception {
        Graph graph = store.root("graph", Graph.class);
        Node after = graph.after;
        Node[] nodes = graph.nodes;
        for (Node node : nodes) {
            node.name.length(); // resident, its next not swizzled
        }
        CyclicBarrier step = new CyclicBarrier(2);
        Thread serializer = new Thread(() -> {
            try (ObjectOutputStream out = new ObjectOutputStream(OutputStream.nullOutputStream())) {
                for (Node node : nodes) {
                    step.await();
                    out.writeObject(node);
                    out.reset();
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        serializer.start();
        for (int i = 0; i < NODES; i++) {
            step.await();
            for (int spin = i % 64 * 8; spin > 0; spin--) {
                Thread.onSpinWait();
            }
            nodes[i].next = after;
        }
        serializer.join();
        Phases.check(phase, lost(nodes, after) + " of " + NODES + " stores undone by the other thread's serialization",
            lost(nodes, after) == 0);
        store.commit();
        Phases.halt(phase);
    }

    private void verify(ObjectStore store) {
        Graph graph = store.root("graph", Graph.class);
        int lost = 0;
        for (Node node : graph.nodes) {
            if (node.next == null || !node.next.name.equals("after")) {
                lost++;
            }
        }
        Phases.check(phase, lost + " of " + NODES + " stores lost after a reload", lost == 0);
    }

    private void verifyNull(ObjectStore store) {
        int lost = lost(store.root("graph", Graph.class).nodes, null);
        Phases.check(phase, lost + " of " + NODES + " stores of null lost after a reload", lost == 0);
    }

    private static int lost(Node[] nodes, Node after) {
        int lost = 0;
        for (Node node : nodes) {
            if (node.next != after) {
                lost++;
            }
        }
        return lost;
    }
}
