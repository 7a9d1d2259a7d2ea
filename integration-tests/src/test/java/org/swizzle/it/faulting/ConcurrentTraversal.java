package org.swizzle.it.faulting;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.swizzle.ObjectStore;
import org.swizzle.StoreOptions;
import org.swizzle.StoreStats;
import org.swizzle.internal.AgentOptions;
import org.swizzle.internal.Persistable;

/**
 * The child JVM of {@link ConcurrentFaultingTest}.
 * <ul>
 * <li>{@code identity DIR}: commits a graph of {@value #IDENTITY_VERTICES} vertices, reopens the store and lets
 * {@value #THREADS} threads traverse it from the root at once, each recording the Java object it saw for every
 * OID; prints {@code IDENTITY ok objects=N faulted=F resident=R faults=K} when every thread saw the same object
 * for every OID and the right field values.</li>
 * <li>{@code stress DIR}: a graph of {@value #STRESS_VERTICES} vertices under a resident budget of
 * {@value #BUDGET}; in each round the threads traverse it concurrently, then, while they wait at a barrier,
 * the main thread updates some fields and commits (which re-hollows); every value read must match a model and
 * every OID keep one Java object; prints {@code STRESS ok ... rehollowed=N}.</li>
 * </ul>
 */
public final class ConcurrentTraversal {

    static final int THREADS = 4;
    static final int IDENTITY_VERTICES = 5_000;
    static final int STRESS_VERTICES = 3_000;
    static final int BUDGET = 1_000;
    static final int ROUNDS = 6;
    static final int UPDATES_PER_ROUND = 60;

    private ConcurrentTraversal() {
    }

    public static void main(String[] args) throws Exception {
        String scheme = AgentOptions.current().toString();
        Path dir = Path.of(args[1]);
        switch (args[0]) {
            case "identity": identity(dir, scheme); break;
            case "stress": stress(dir, scheme); break;
            default: throw new IllegalArgumentException(args[0]);
        }
    }

    static String nameOf(int id) {
        return "v" + id;
    }

    /** Vertex {@code i} refers to {@code i+1} (a ring) and to two pseudo-random others; every 50th has a tag. */
    private static Graph buildGraph(int n, boolean withList) {
        Graph graph = new Graph();
        graph.self = graph;
        Vertex[] v = new Vertex[n];
        for (int i = 0; i < n; i++) {
            v[i] = GraphModel.newVertex(i);
        }
        for (int i = 0; i < n; i++) {
            v[i].next = v[(i + 1) % n];
            v[i].edges[0] = v[(i * 31 + 7) % n];
            v[i].edges[1] = v[(i * 17 + 3) % n];
            if (i % 50 == 0) {
                v[i].tag = new Tag("t" + i, v[i]);
            }
            if (v[i] instanceof Hub) {
                ((Hub) v[i]).hubOf = v[(i + 2) % n];
            }
            if (withList) {
                graph.all.add(v[i]);
            }
        }
        graph.first = v[0];
        return graph;
    }

    // ------------------------------------------------------------------ identity

    private static void identity(Path dir, String scheme) throws Exception {
        try (ObjectStore store = ObjectStore.open(dir)) {
            store.setRoot("graph", buildGraph(IDENTITY_VERTICES, false));
            store.commit();
        }
        try (ObjectStore store = ObjectStore.open(dir)) {
            Graph root = store.root("graph", Graph.class);
            CyclicBarrier start = new CyclicBarrier(THREADS);
            List<Map<Long, Object>> seen = new ArrayList<>();
            List<Throwable> failures = new CopyOnWriteArrayList<>();
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                Map<Long, Object> mine = new HashMap<>();
                seen.add(mine);
                int rotation = t;
                Thread thread = new Thread(() -> {
                    try {
                        start.await(30, TimeUnit.SECONDS);
                        traverse(root, rotation, mine, scheme);
                    } catch (Throwable e) {
                        failures.add(e);
                    }
                }, "reader-" + t);
                thread.setDaemon(true);
                threads.add(thread);
                thread.start();
            }
            for (Thread thread : threads) {
                thread.join(TimeUnit.SECONDS.toMillis(60));
                GraphModel.require(!thread.isAlive(), scheme, thread.getName() + " did not finish in 60 s");
            }
            if (!failures.isEmpty()) {
                AssertionError error = new AssertionError("[" + scheme + "] " + failures.size() + " reader(s) failed: " + failures.get(0));
                failures.forEach(error::addSuppressed);
                throw error;
            }
            Map<Long, Object> reference = seen.get(0);
            int expected = IDENTITY_VERTICES + IDENTITY_VERTICES / 50 + 1;
            GraphModel.require(reference.size() == expected, scheme, "thread 0 reached " + reference.size() + " objects, not " + expected);
            for (int t = 1; t < THREADS; t++) {
                Map<Long, Object> other = seen.get(t);
                GraphModel.require(other.size() == reference.size(), scheme, "thread " + t + " reached " + other.size()
                    + " objects, thread 0 " + reference.size());
                for (Map.Entry<Long, Object> entry : reference.entrySet()) {
                    Object mine = other.get(entry.getKey());
                    GraphModel.require(mine == entry.getValue(), scheme, "OID " + entry.getKey() + ": thread " + t + " saw "
                        + describe(mine) + ", thread 0 " + describe(entry.getValue()) + " (one instance per OID)");
                }
            }
            StoreStats stats = store.stats();
            System.out.println("IDENTITY ok objects=" + reference.size() + " faulted=" + stats.objectsFaulted()
                + " resident=" + stats.objectsResident() + " faults=" + stats.faults());
            System.out.println("STATS " + stats);
        }
    }

    private static String describe(Object object) {
        return object == null ? "nothing" : object.getClass().getSimpleName() + "@" + Integer.toHexString(System.identityHashCode(object));
    }

    /** Depth first from the root, neighbours in an order rotated by {@code rotation}, checking every value. */
    private static void traverse(Graph root, int rotation, Map<Long, Object> seen, String scheme) {
        Map<Object, Boolean> visited = new IdentityHashMap<>();
        ArrayDeque<Object> stack = new ArrayDeque<>();
        stack.push(root);
        while (!stack.isEmpty()) {
            Object object = stack.pop();
            if (visited.put(object, Boolean.TRUE) != null) {
                continue;
            }
            long oid = ((Persistable) object).$swz_oid();
            Object earlier = seen.put(oid, object);
            GraphModel.require(earlier == null, scheme, Thread.currentThread().getName() + " met two Java objects for OID " + oid);
            if (object instanceof Graph) {
                Graph graph = (Graph) object;
                GraphModel.require(graph.self == graph, scheme, "the root's self reference is another object");
                stack.push(graph.first);
            } else if (object instanceof Tag) {
                Tag tag = (Tag) object;
                GraphModel.require(tag.text.equals("t" + tag.owner.id) && tag.owner.tag == tag, scheme,
                    "tag " + tag.text + " does not match its owner " + tag.owner.id);
            } else {
                Vertex v = (Vertex) object;
                int id = v.id;
                int n = IDENTITY_VERTICES;
                GraphModel.require(v.name.equals(nameOf(id)) && v.weight == Vertex.weightOf(id), scheme,
                    "vertex " + id + " reads " + v.name + "/" + v.weight);
                GraphModel.require((v instanceof Hub) == (id % 7 == GraphModel.HUB), scheme, "vertex " + id + " is a " + v.getClass());
                Vertex[] next = {v.next, v.edges[0], v.edges[1]};
                int[] expected = {(id + 1) % n, (id * 31 + 7) % n, (id * 17 + 3) % n};
                for (int k = 0; k < 3; k++) {
                    int j = (k + rotation) % 3;
                    GraphModel.require(next[j].id == expected[j], scheme, "vertex " + id + " reference " + j + " leads to "
                        + next[j].id + ", not " + expected[j]);
                    stack.push(next[j]);
                }
                if (v.tag != null) {
                    stack.push(v.tag);
                }
                if (v instanceof Hub) {
                    Vertex hubOf = ((Hub) v).hubOf;
                    GraphModel.require(hubOf.id == (id + 2) % n, scheme, "hub " + id + " hubOf " + hubOf.id);
                    stack.push(hubOf);
                }
            }
        }
    }

    // ------------------------------------------------------------------ stress with a budget

    private static void stress(Path dir, String scheme) throws Exception {
        StoreOptions options = StoreOptions.builder().residentBudget(BUDGET).build();
        int n = STRESS_VERTICES;
        try (ObjectStore store = ObjectStore.open(dir, options)) {
            store.setRoot("graph", buildGraph(n, true));
            store.commit();
        }
        String[] names = new String[n];
        long[] weights = new long[n];
        int[] links = new int[n];
        for (int i = 0; i < n; i++) {
            names[i] = nameOf(i);
            weights[i] = Vertex.weightOf(i);
            links[i] = (i * 17 + 3) % n;
        }
        Map<Long, Object> instances = new ConcurrentHashMap<>();
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        long maxResidentAfterCommit = 0;
        long readsChecked;
        try (ObjectStore store = ObjectStore.open(dir, options)) {
            Graph root = store.root("graph", Graph.class);
            CyclicBarrier barrier = new CyclicBarrier(THREADS + 1);
            long[] reads = new long[THREADS];
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int index = t;
                Thread thread = new Thread(() -> {
                    try {
                        for (int round = 0; round < ROUNDS; round++) {
                            barrier.await(60, TimeUnit.SECONDS);        // the main thread has committed: read
                            try {
                                reads[index] += readRound(root, index, names, weights, links, instances, scheme);
                            } catch (Throwable e) {
                                failures.add(e);
                            }
                            barrier.await(60, TimeUnit.SECONDS);        // done reading: the main thread may update
                        }
                    } catch (InterruptedException | BrokenBarrierException | TimeoutException e) {
                        failures.add(e);
                    }
                }, "reader-" + t);
                thread.setDaemon(true);
                threads.add(thread);
                thread.start();
            }
            SplittableRandom random = new SplittableRandom(42);
            for (int round = 0; round < ROUNDS; round++) {
                barrier.await(60, TimeUnit.SECONDS);
                barrier.await(60, TimeUnit.SECONDS);
                GraphModel.require(failures.isEmpty(), scheme, "round " + round + ": " + failures);
                if (round == ROUNDS - 1) {
                    break;
                }
                // the readers wait at the barrier: this thread has the store to itself
                List<Vertex> all = root.all;
                for (int k = 0; k < UPDATES_PER_ROUND; k++) {
                    int i = random.nextInt(n);
                    int j = random.nextInt(n);
                    Vertex v = all.get(i);
                    names[i] = nameOf(i) + "r" + round + "k" + k;
                    weights[i] += round * 1_000 + k;
                    links[i] = j;
                    v.name = names[i];
                    v.weight = weights[i];
                    v.edges[1] = all.get(j);
                }
                store.commit();
                maxResidentAfterCommit = Math.max(maxResidentAfterCommit, store.stats().objectsResident());
            }
            for (Thread thread : threads) {
                thread.join(TimeUnit.SECONDS.toMillis(60));
                GraphModel.require(!thread.isAlive(), scheme, thread.getName() + " did not finish");
            }
            GraphModel.require(failures.isEmpty(), scheme, "readers failed: " + failures);
            readsChecked = 0;
            for (long r : reads) {
                readsChecked += r;
            }
            StoreStats stats = store.stats();
            System.out.println("STRESS ok rounds=" + ROUNDS + " reads=" + readsChecked + " instances=" + instances.size()
                + " rehollowed=" + stats.objectsRehollowed() + " maxResidentAfterCommit=" + maxResidentAfterCommit
                + " budget=" + BUDGET + " faulted=" + stats.objectsFaulted());
            System.out.println("STATS " + stats);
        }
        // and what was committed is what the model holds
        try (ObjectStore store = ObjectStore.open(dir, options)) {
            List<Vertex> all = store.root("graph", Graph.class).all;
            for (int i = 0; i < n; i++) {
                Vertex v = all.get(i);
                GraphModel.require(v.name.equals(names[i]) && v.weight == weights[i] && v.edges[1].id == links[i], scheme,
                    "after reopening, vertex " + i + " reads " + v.name + "/" + v.weight + "/" + v.edges[1].id
                        + ", the model " + names[i] + "/" + weights[i] + "/" + links[i]);
            }
            System.out.println("REOPENED ok");
        }
    }

    /** One reader's round: every vertex from a start that depends on the reader, checked against the model. */
    private static long readRound(Graph root, int reader, String[] names, long[] weights, int[] links,
                                  Map<Long, Object> instances, String scheme) {
        List<Vertex> all = root.all;
        int n = all.size();
        GraphModel.require(n == STRESS_VERTICES, scheme, "graph.all has " + n + " vertices");
        long checked = 0;
        int from = reader * n / THREADS;
        for (int step = 0; step < n; step++) {
            int i = (from + step) % n;
            Vertex v = all.get(i);
            same(instances, v, scheme);
            GraphModel.require(v.id == i, scheme, "position " + i + " holds vertex " + v.id);
            String name = v.name;
            long weight = v.weight;
            GraphModel.require(name.equals(names[i]) && weight == weights[i], scheme, "vertex " + i + " reads "
                + name + "/" + weight + ", the model " + names[i] + "/" + weights[i]);
            Vertex next = v.next;
            same(instances, next, scheme);
            GraphModel.require(next.id == (i + 1) % n && next == all.get((i + 1) % n), scheme, "vertex " + i + ".next is not vertex " + (i + 1) % n);
            Vertex link = v.edges[1];
            same(instances, link, scheme);
            GraphModel.require(link.id == links[i] && link == all.get(links[i]), scheme, "vertex " + i + ".edges[1] leads to "
                + link.id + ", the model " + links[i]);
            checked++;
        }
        return checked;
    }

    private static void same(Map<Long, Object> instances, Object object, String scheme) {
        long oid = ((Persistable) object).$swz_oid();
        Object first = instances.putIfAbsent(oid, object);
        GraphModel.require(first == null || first == object, scheme, Thread.currentThread().getName()
            + " met a second Java object for OID " + oid + " (one instance per OID for as long as the store is open)");
    }
}
