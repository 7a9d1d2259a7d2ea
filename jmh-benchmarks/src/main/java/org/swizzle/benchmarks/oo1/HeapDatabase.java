package org.swizzle.benchmarks.oo1;

import java.util.SplittableRandom;

import org.swizzle.ObjectStore;
import org.swizzle.StoreStats;
import org.swizzle.samples.oo1.OO1;
import org.swizzle.samples.oo1.OO1Graph;
import org.swizzle.samples.oo1.PartIndex;

/**
 * The sample's OO1 classes ({@code Part}, {@code Connection}, {@code PartIndex}) and its traversal
 * code: on the heap without an agent (plain Java, {@code store == null}), or faulted in from a
 * Swizzle store when the agent is attached. Lookups go through the root's array of parts.
 */
final class HeapDatabase implements OO1Database {

    private final ObjectStore store;
    private final PartIndex index;
    private final OO1 oo1 = new OO1(0);
    private final OO1Graph graph = new OO1Graph();

    HeapDatabase(ObjectStore store, PartIndex index) {
        this.store = store;
        this.index = index;
    }

    /** Counters of the store, or null on the heap. */
    StoreStats stats() {
        return store == null ? null : store.stats();
    }

    /** Faults what the operations read through fields they never read (see {@link OO1Graph#warm}). */
    @Override
    public void warm(int[] ids, int id, int depth) {
        graph.warm(index, ids, id, depth);
    }

    @Override
    public void warmTraversal(int id, int depth) {
        graph.warmTraversal(index, id, depth);
    }

    @Override
    public int size() {
        return index.size();
    }

    @Override
    public int lookup(int[] ids) {
        return graph.lookup(index, ids);
    }

    @Override
    public int traverse(int id, int depth) {
        return oo1.traverse(index.get(id), depth);
    }

    @Override
    public int reverse(int id, int depth) {
        return oo1.reverse(index.get(id), depth);
    }

    @Override
    public int update(int id, int depth, double p, SplittableRandom random) {
        return OO1Graph.update(index.get(id), depth, p, random);
    }

    @Override
    public void insert(OO1Data batch) {
        OO1Graph.insert(index, batch);
    }

    @Override
    public void commit() {
        if (store != null) {
            store.commit();
        }
    }

    @Override
    public long sink() {
        return oo1.sink() + graph.sink();
    }

    @Override
    public void close() {
        if (store != null) {
            store.close();
        }
    }
}
