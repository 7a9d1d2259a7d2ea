package org.swizzle.it.schemes;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;

import org.swizzle.ObjectStore;
import org.swizzle.it.faulting.Vertex;

/**
 * The child JVM of {@link ConcurrentUpdatesTest}: threads update disjoint objects of one store at
 * once, the way the README allows, so the barrier's slow paths run concurrently.
 * <ul>
 * <li>{@code update DIR}: commits a chain of {@value #VERTICES} vertices, reopens the store, and for each of
 * {@value #ROUNDS} rounds lets {@value #THREADS} threads, each on its own slice, store into a primitive
 * field of every vertex, and into the list, the array or the name of every third (starting together at a
 * barrier), then commits; prints {@code UPDATED ok}.</li>
 * <li>{@code verify DIR}: reopens the store and checks every vertex against what the rounds wrote; prints
 * {@code VERIFIED ok} or the first difference.</li>
 * </ul>
 */
public final class ConcurrentUpdates {

    static final int THREADS = 4;
    static final int VERTICES = 8_000;
    static final int ROUNDS = 5;

    private ConcurrentUpdates() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[1]);
        switch (args[0]) {
            case "update": update(dir); break;
            case "verify": verify(dir); break;
            default: throw new IllegalArgumentException(args[0]);
        }
    }

    private static void update(Path dir) throws Exception {
        try (ObjectStore store = ObjectStore.open(dir)) {
            Vertex first = new Vertex(0);
            Vertex last = first;
            for (int i = 1; i < VERTICES; i++) {
                last.next = new Vertex(i);
                last = last.next;
            }
            store.setRoot("first", first);
            store.commit();
        }
        try (ObjectStore store = ObjectStore.open(dir)) {
            List<Vertex> vertices = chain(store); // faults every vertex before the threads start
            for (int round = 1; round <= ROUNDS; round++) {
                runRound(vertices, round);
                store.commit();
            }
        }
        System.out.println("UPDATED ok");
    }

    private static List<Vertex> chain(ObjectStore store) {
        List<Vertex> vertices = new ArrayList<>();
        for (Vertex vertex = store.root("first", Vertex.class); vertex != null; vertex = vertex.next) {
            vertices.add(vertex);
        }
        return vertices;
    }

    private static void runRound(List<Vertex> vertices, int round) throws Exception {
        CyclicBarrier start = new CyclicBarrier(THREADS);
        List<Thread> threads = new ArrayList<>();
        List<Throwable> failures = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int slice = t;
            Thread thread = new Thread(() -> {
                try {
                    start.await();
                    for (int i = slice; i < vertices.size(); i += THREADS) {
                        change(vertices.get(i), round);
                    }
                } catch (Exception e) {
                    synchronized (failures) {
                        failures.add(e);
                    }
                }
            });
            threads.add(thread);
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
        if (!failures.isEmpty()) {
            throw new IllegalStateException("an updating thread failed", failures.get(0));
        }
    }

    /** A primitive store into every vertex; into every third, a store that is not of a fixed-size field as well. */
    private static void change(Vertex vertex, int round) {
        vertex.weight = expectedWeight(vertex.id, round);
        switch (vertex.id % 3) {
            case 0: vertex.list.add(vertex); break;
            case 1: vertex.edges[round % 3] = vertex; break;
            default: vertex.rename("r" + round + "-" + vertex.id); break;
        }
    }

    private static long expectedWeight(int id, int round) {
        return Vertex.weightOf(id) + round;
    }

    private static void verify(Path dir) {
        try (ObjectStore store = ObjectStore.open(dir)) {
            for (Vertex vertex : chain(store)) {
                String problem = problem(vertex);
                if (problem != null) {
                    System.out.println("VERIFIED failed: vertex " + vertex.id + " " + problem);
                    return;
                }
            }
        }
        System.out.println("VERIFIED ok");
    }

    private static String problem(Vertex vertex) {
        int id = vertex.id;
        if (vertex.weight != expectedWeight(id, ROUNDS)) {
            return "weight " + vertex.weight + ", expected " + expectedWeight(id, ROUNDS);
        }
        switch (id % 3) {
            case 0:
                return vertex.list.size() == ROUNDS && vertex.list.get(0) == vertex ? null
                    : "list of " + vertex.list.size() + ", expected " + ROUNDS + " self-references";
            case 1:
                for (int slot = 0; slot < 3; slot++) {
                    if (vertex.edges[slot] != vertex) {
                        return "edge " + slot + " is " + vertex.edges[slot] + ", expected the vertex itself";
                    }
                }
                return null;
            default:
                String name = "r" + ROUNDS + "-" + id;
                return name.equals(vertex.name) ? null : "name " + vertex.name + ", expected " + name;
        }
    }
}
