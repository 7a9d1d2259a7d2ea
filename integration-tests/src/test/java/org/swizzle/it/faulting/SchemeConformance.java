package org.swizzle.it.faulting;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.swizzle.ObjectStore;
import org.swizzle.internal.AgentOptions;

/**
 * The child JVM of {@link SchemeConformanceTest}, run under one combination of {@code swizzle},
 * {@code checks} and {@code fault}:
 * <ul>
 * <li>{@code write DIR}: builds the conformance graph (about 300 objects), commits, prints {@code DIGEST gen=0 D};</li>
 * <li>{@code check DIR}: reopens, prints {@code OPENED gen=G D} and the model's {@code MODEL gen=G D}, checks the
 * structure and identity, then an update and an abort (which must revert, keeping one instance per OID), then an
 * update and a commit, printing {@code COMMITTED gen=G+1 D} and {@code MODEL gen=G+1 D};</li>
 * <li>{@code crash DIR}: commits one generation after another, printing {@code ACK G} after each commit returns,
 * until it is killed (or for at most a minute).</li>
 * </ul>
 * Any mismatch throws, so the JVM exits non-zero with the scheme in the message.
 */
public final class SchemeConformance {

    public static void main(String[] args) {
        String scheme = AgentOptions.current().toString();
        Path dir = Path.of(args[1]);
        try (ObjectStore store = ObjectStore.open(dir)) {
            switch (args[0]) {
                case "write": write(store, scheme); break;
                case "check": check(store, scheme); break;
                case "crash": crash(store); break;
                default: throw new IllegalArgumentException(args[0]);
            }
        }
    }

    private static void write(ObjectStore store, String scheme) {
        Graph graph = GraphModel.build();
        store.setRoot("graph", graph);
        store.commit();
        String rendered = GraphModel.render(graph);
        String expected = GraphModel.render(GraphModel.build());
        GraphModel.require(expected.equals(rendered), scheme, "the committed graph differs from the model: "
            + GraphModel.firstDifference(expected, rendered));
        GraphModel.checkStructure(graph, true, scheme);
        System.out.println("DIGEST gen=0 " + GraphModel.digest(rendered));
        System.out.println("STATS " + store.stats());
    }

    private static void check(ObjectStore store, String scheme) {
        Graph graph = store.root("graph", Graph.class);
        GraphModel.require(graph != null, scheme, "no root 'graph'");
        long generation = graph.generation;
        String stored = GraphModel.render(graph);
        String expected = GraphModel.render(GraphModel.modelAt(generation));
        System.out.println("OPENED gen=" + generation + " " + GraphModel.digest(stored));
        System.out.println("MODEL gen=" + generation + " " + GraphModel.digest(expected));
        GraphModel.require(expected.equals(stored), scheme, "the reopened store differs from the model of generation "
            + generation + ": " + GraphModel.firstDifference(expected, stored));
        Map<Long, Object> instances = GraphModel.checkStructure(graph, true, scheme);

        // an update, then an abort: everything reverts, and the Java objects stay the same
        GraphModel.mutate(graph, generation + 1);
        graph.first.name = "aborted";
        graph.first.edges[2] = graph.all.get(7);
        graph.all.get(1).list.add(graph.all.get(2));
        graph.all.add(new Vertex(100_000));
        graph.byName.put("v1", graph.all.get(1));
        graph.special = null;
        graph.all.get(GraphModel.HUB).tag = new Tag("aborted", null);
        String changed = GraphModel.render(graph);
        GraphModel.require(!changed.equals(stored), scheme, "the update before the abort changed nothing visible");
        store.abort();
        Graph afterAbort = store.root("graph", Graph.class);
        GraphModel.require(afterAbort == graph, scheme, "the root is another Java object after abort()");
        String reverted = GraphModel.render(afterAbort);
        GraphModel.require(stored.equals(reverted), scheme, "abort() did not revert the update: "
            + GraphModel.firstDifference(stored, reverted));
        Map<Long, Object> afterAbortInstances = GraphModel.checkStructure(afterAbort, true, scheme);
        sameInstances(instances, afterAbortInstances, scheme, "abort()");

        // an update, then a commit
        GraphModel.mutate(afterAbort, generation + 1);
        long number = store.commit();
        Graph model = GraphModel.modelAt(generation + 1);
        String committed = GraphModel.render(afterAbort);
        String expectedNext = GraphModel.render(model);
        GraphModel.require(expectedNext.equals(committed), scheme, "after the commit the objects differ from the model: "
            + GraphModel.firstDifference(expectedNext, committed));
        Map<Long, Object> afterCommitInstances = GraphModel.checkStructure(afterAbort, true, scheme);
        sameInstances(instances, afterCommitInstances, scheme, "commit()");
        System.out.println("COMMITTED gen=" + (generation + 1) + " " + GraphModel.digest(committed) + " number=" + number);
        System.out.println("MODEL gen=" + (generation + 1) + " " + GraphModel.digest(expectedNext));
        System.out.println("STATS " + store.stats());
    }

    /** Every OID known before {@code what} still has the same Java object after it (one instance per OID while open). */
    private static void sameInstances(Map<Long, Object> before, Map<Long, Object> after, String scheme, String what) {
        for (Map.Entry<Long, Object> entry : before.entrySet()) {
            Object now = after.get(entry.getKey());
            GraphModel.require(now == null || now == entry.getValue(), scheme, "OID " + entry.getKey()
                + " has another Java object after " + what);
        }
    }

    private static void crash(ObjectStore store) {
        Graph graph = store.root("graph", Graph.class);
        long generation = graph.generation;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        System.out.println("START gen=" + generation);
        System.out.flush();
        while (System.nanoTime() < deadline) {
            generation++;
            GraphModel.mutate(graph, generation);
            store.commit();
            System.out.println("ACK " + generation);
            System.out.flush();
        }
    }
}
