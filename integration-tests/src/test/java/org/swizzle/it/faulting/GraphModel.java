package org.swizzle.it.faulting;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

import org.swizzle.internal.Persistable;

/**
 * The conformance graph: how it is built, how each generation changes it, how it renders and which
 * structural properties (identity, cycles, self and shared references, polymorphism) it keeps. The
 * same code runs on the persistent graph and on a transient model made of new objects of the same
 * classes, so equal renderings mean equal states.
 */
final class GraphModel {

    /** Vertices the graph is built with; about 300 objects with the tags and the root. */
    static final int VERTICES = 240;

    /** The hub every even vertex of the original ring refers to through {@code edges[1]}. */
    static final int HUB = 3;

    private GraphModel() {
    }

    static Vertex newVertex(int id) {
        return id % 7 == HUB ? new Hub(id) : new Vertex(id);
    }

    /** Generation 0: a ring through {@code next}, self, shared and polymorphic references, lists. */
    static Graph build() {
        int n = VERTICES;
        Graph graph = new Graph();
        graph.self = graph;
        Vertex[] v = new Vertex[n];
        for (int i = 0; i < n; i++) {
            v[i] = newVertex(i);
        }
        Tag shared = new Tag("shared", v[0]);
        for (int i = 0; i < n; i++) {
            Vertex vertex = v[i];
            vertex.next = v[(i + 1) % n];
            vertex.edges[0] = i % 10 == 0 ? vertex : v[(i * 3 + 1) % n];
            vertex.edges[1] = i % 2 == 0 ? v[HUB] : v[(i * 7 + 2) % n];
            vertex.edges[2] = i % 5 == 0 ? null : v[(i + n / 2) % n];
            if (i % 4 == 0) {
                vertex.list.add(v[(i + 5) % n]);
                vertex.list.add(vertex);
                vertex.list.add(v[HUB]);
            }
            switch (i % 4) {
                case 1: vertex.tag = new Tag("t" + i, vertex); break;
                case 2: vertex.tag = v[(i + 11) % n]; break;
                case 3: vertex.tag = shared; break;
                default: break;
            }
            if (vertex instanceof Hub) {
                ((Hub) vertex).hubOf = v[(i + 1) % n];
            }
            graph.all.add(vertex);
            if (i % 20 == 0) {
                graph.byName.put(vertex.name, vertex);
            }
        }
        graph.first = v[0];
        graph.special = shared;
        return graph;
    }

    /** The transient model of generation {@code generation}. */
    static Graph modelAt(long generation) {
        Graph model = build();
        for (long g = 1; g <= generation; g++) {
            mutate(model, g);
        }
        return model;
    }

    /**
     * The changes that make generation {@code generation}: field, array element, list and interface
     * reference updates, new objects (some of them subclass instances), never the ring, the self
     * references of {@code edges[0]} or the shared hub of {@code edges[1]}.
     */
    static void mutate(Graph graph, long generation) {
        SplittableRandom random = new SplittableRandom(generation * 0x9E3779B97F4A7C15L + 17);
        List<Vertex> all = graph.all;
        int n = all.size();
        for (int k = 0; k < 6; k++) {
            Vertex v = all.get(random.nextInt(n));
            switch (random.nextInt(6)) {
                case 0: v.weight += generation; break;
                case 1: v.name = "v" + v.id + "g" + generation; break;
                case 2: v.edges[2] = random.nextInt(4) == 0 ? null : all.get(random.nextInt(n)); break;
                case 3: v.list.add(all.get(random.nextInt(n))); break;
                case 4:
                    if (v.list.isEmpty()) {
                        v.list.add(v);
                    } else {
                        v.list.remove(0);
                    }
                    break;
                default:
                    v.tag = random.nextBoolean() ? new Tag("t" + v.id + "g" + generation, v) : all.get(random.nextInt(n));
                    break;
            }
        }
        if (generation % 3 == 0) {
            Vertex added = newVertex(n);
            added.next = all.get(0);
            added.edges[0] = added;
            added.edges[1] = all.get(HUB);
            added.list.add(all.get(n - 1));
            added.tag = new Tag("added" + generation, added);
            all.add(added);
        }
        ((Hub) all.get(HUB)).motto = "motto g" + generation;
        graph.generation = generation;
    }

    /** Every stored value, references as positions in {@link Graph#all}: equal text, equal state. */
    static String render(Graph graph) {
        List<Vertex> all = graph.all;
        Map<Object, Integer> positions = new IdentityHashMap<>();
        for (int i = 0; i < all.size(); i++) {
            positions.put(all.get(i), i);
        }
        StringBuilder text = new StringBuilder();
        text.append("generation=").append(graph.generation).append(" first=").append(position(graph.first, positions))
            .append(" special=").append(labelled(graph.special, positions)).append(" self=").append(graph.self == graph)
            .append(" byName={");
        for (Map.Entry<String, Vertex> entry : new TreeMap<>(graph.byName).entrySet()) {
            text.append(entry.getKey()).append('=').append(position(entry.getValue(), positions)).append(' ');
        }
        text.append("}\n");
        for (int i = 0; i < all.size(); i++) {
            Vertex v = all.get(i);
            text.append(i).append(' ').append(v.getClass().getSimpleName()).append(' ').append(v.describe())
                .append(" label=").append(v.label()).append(" id=").append(v.id).append(" name=").append(v.name)
                .append(" weight=").append(v.weight).append(" next=").append(position(v.next, positions))
                .append(" nextId=").append(v.nextId()).append(" edges=");
            if (v.edges == null) {
                text.append("null");
            } else {
                for (Vertex edge : v.edges) {
                    text.append(position(edge, positions)).append(',');
                }
            }
            text.append(" list=");
            for (Vertex element : v.list) {
                text.append(position(element, positions)).append(',');
            }
            text.append(" tag=").append(labelled(v.tag, positions));
            if (v instanceof Hub) {
                Hub hub = (Hub) v;
                text.append(" motto=").append(hub.motto).append(" hubOf=").append(position(hub.hubOf, positions));
            }
            text.append('\n');
        }
        return text.toString();
    }

    private static String labelled(Labelled labelled, Map<Object, Integer> positions) {
        if (labelled == null) {
            return "null";
        }
        if (labelled instanceof Tag) {
            Tag tag = (Tag) labelled;
            return tag.label() + "/" + tag.text + "/owner=" + position(tag.owner, positions);
        }
        return "@" + position((Vertex) labelled, positions) + "/" + labelled.label();
    }

    private static int position(Vertex vertex, Map<Object, Integer> positions) {
        return vertex == null ? -1 : positions.getOrDefault(vertex, -2);
    }

    static String digest(String text) {
        return Integer.toHexString(text.hashCode()) + "/" + text.length();
    }

    /** The first line where {@code actual} differs from {@code expected}, for failure messages. */
    static String firstDifference(String expected, String actual) {
        String[] e = expected.split("\n", -1);
        String[] a = actual.split("\n", -1);
        for (int i = 0; i < Math.max(e.length, a.length); i++) {
            String el = i < e.length ? e[i] : "<none>";
            String al = i < a.length ? a[i] : "<none>";
            if (!el.equals(al)) {
                return "line " + i + "\n  expected: " + el + "\n  actual:   " + al;
            }
        }
        return "no difference";
    }

    /**
     * Checks the structure every generation keeps and returns the persistent objects reached, by
     * OID: shared references are one Java object, there is one instance per OID, the ring is a cycle
     * of {@link #VERTICES} distinct vertices, self references and the shared hub hold, and classes match ids.
     *
     * @param committed whether every reachable object is committed (so has an OID)
     */
    static Map<Long, Object> checkStructure(Graph graph, boolean committed, String scheme) {
        List<Vertex> all = graph.all;
        require(graph.self == graph, scheme, "the root's self reference is not the root itself");
        require(graph.first == all.get(0), scheme, "graph.first is not the same object as graph.all[0]");
        for (Map.Entry<String, Vertex> entry : graph.byName.entrySet()) {
            int id = Integer.parseInt(entry.getKey().substring(1));
            require(entry.getValue() == all.get(id), scheme, "byName " + entry.getKey() + " is not the object at position " + id);
        }
        Vertex hub = all.get(HUB);
        require(hub.getClass() == Hub.class && "hub".equals(hub.kind()), scheme, "vertex " + HUB + " is not a Hub: " + hub.getClass());
        Map<Object, Boolean> ring = new IdentityHashMap<>();
        Vertex current = graph.first;
        for (int i = 0; i < VERTICES; i++) {
            require(current == all.get(i), scheme, "step " + i + " of the ring is not the object at position " + i);
            ring.put(current, Boolean.TRUE);
            current = current.next;
        }
        require(current == graph.first, scheme, "the ring of next references does not close on graph.first");
        require(ring.size() == VERTICES, scheme, "the ring visits " + ring.size() + " distinct objects, not " + VERTICES);
        for (int i = 0; i < all.size(); i++) {
            Vertex v = all.get(i);
            require(v.id == i, scheme, "position " + i + " holds vertex " + v.id);
            Class<?> expected = i % 7 == HUB ? Hub.class : Vertex.class;
            require(v.getClass() == expected, scheme, "vertex " + i + " is a " + v.getClass().getName() + ", not a " + expected.getName());
            require(v.kind().equals(i % 7 == HUB ? "hub" : "vertex"), scheme, "vertex " + i + " dispatches kind() to the wrong class");
            if (i < VERTICES && i % 10 == 0) {
                require(v.edges[0] == v, scheme, "vertex " + i + ": edges[0] is not the vertex itself");
            }
            if (i < VERTICES && i % 2 == 0) {
                require(v.edges[1] == hub, scheme, "vertex " + i + ": edges[1] is not the shared hub");
            }
            sameAsInAll(all, v.next, scheme, i, "next");
            for (int e = 0; e < v.edges.length; e++) {
                sameAsInAll(all, v.edges[e], scheme, i, "edges[" + e + "]");
            }
            for (int e = 0; e < v.list.size(); e++) {
                sameAsInAll(all, v.list.get(e), scheme, i, "list[" + e + "]");
            }
            if (v.tag instanceof Vertex) {
                sameAsInAll(all, (Vertex) v.tag, scheme, i, "tag");
            } else if (v.tag != null) {
                sameAsInAll(all, ((Tag) v.tag).owner, scheme, i, "tag.owner");
            }
            if (v instanceof Hub) {
                sameAsInAll(all, ((Hub) v).hubOf, scheme, i, "hubOf");
            }
            if (v.tag instanceof Tag && ((Tag) v.tag).text.equals("shared")) {
                require(v.tag == graph.special, scheme, "vertex " + i + " refers to a second instance of the shared tag");
            }
        }
        Map<Object, Boolean> reached = new IdentityHashMap<>();
        reached.put(graph, Boolean.TRUE);
        for (Vertex v : all) {
            reached.put(v, Boolean.TRUE);
            add(reached, v.next);
            for (Vertex edge : v.edges) {
                add(reached, edge);
            }
            for (Vertex element : v.list) {
                add(reached, element);
            }
            add(reached, v.tag);
            if (v.tag instanceof Tag) {
                add(reached, ((Tag) v.tag).owner);
            }
            if (v instanceof Hub) {
                add(reached, ((Hub) v).hubOf);
            }
        }
        add(reached, graph.special);
        Map<Long, Object> byOid = new java.util.HashMap<>();
        List<String> problems = new ArrayList<>();
        for (Object object : reached.keySet()) {
            long oid = ((Persistable) object).$swz_oid();
            if (oid == 0) {
                if (committed) {
                    problems.add("a reachable " + object.getClass().getSimpleName() + " has no OID after a commit");
                }
                continue;
            }
            Object earlier = byOid.putIfAbsent(oid, object);
            if (earlier != null && earlier != object) {
                problems.add("two Java objects for OID " + oid + ": " + earlier.getClass().getSimpleName() + " and " + object.getClass().getSimpleName());
            }
        }
        require(problems.isEmpty(), scheme, problems.toString());
        return byOid;
    }

    /** A reference to vertex {@code k} must be the very object at position {@code k} of the list (identity). */
    private static void sameAsInAll(List<Vertex> all, Vertex target, String scheme, int from, String field) {
        if (target != null) {
            require(target.id < all.size() && all.get(target.id) == target, scheme, "vertex " + from + "." + field
                + " refers to an instance of vertex " + target.id + " other than the one in graph.all");
        }
    }

    private static void add(Map<Object, Boolean> reached, Object object) {
        if (object != null) {
            reached.put(object, Boolean.TRUE);
        }
    }

    static void require(boolean condition, String scheme, String problem) {
        if (!condition) {
            throw new AssertionError("[" + scheme + "] " + problem);
        }
    }
}
