package org.swizzle.benchmarks.oo1.peers;

import java.util.SplittableRandom;

import org.swizzle.benchmarks.oo1.OO1Data;
import org.swizzle.benchmarks.oo1.OO1Database;

/**
 * OO1 over a map from part id to {@link PartCodec} bytes: the shape of the key-value peers. A
 * subclass supplies {@link #get}, {@link #put} and {@link #commit}; traversals follow ids.
 */
abstract class KeyValueDatabase implements OO1Database {

    private long sink;
    private int size;

    KeyValueDatabase(int size) {
        this.size = size;
    }

    abstract byte[] get(int id);

    abstract void put(int id, byte[] part);

    /** Writes every part of {@code data} (a whole database) with its incoming ids. */
    void load(OO1Data data) {
        int[][] from = new int[data.count][];
        int[] counts = new int[data.count];
        for (int id = data.firstId; id <= data.lastId(); id++) {
            for (int c = 0; c < OO1Data.CONNECTIONS; c++) {
                int target = data.index(data.to(id, c));
                if (from[target] == null) {
                    from[target] = new int[4];
                } else if (counts[target] == from[target].length) {
                    from[target] = java.util.Arrays.copyOf(from[target], counts[target] * 2);
                }
                from[target][counts[target]++] = id;
            }
        }
        for (int id = data.firstId; id <= data.lastId(); id++) {
            int i = data.index(id);
            put(id, PartCodec.encode(data, id, from[i] == null ? new int[0] : from[i], counts[i]));
        }
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public int lookup(int[] ids) {
        int found = 0;
        for (int id : ids) {
            visit(get(id));
            found++;
        }
        return found;
    }

    @Override
    public int traverse(int id, int depth) {
        byte[] part = get(id);
        visit(part);
        if (depth == 0) {
            return 1;
        }
        int visits = 1;
        for (int c = 0; c < OO1Data.CONNECTIONS; c++) {
            visits += traverse(PartCodec.to(part, c), depth - 1);
        }
        return visits;
    }

    @Override
    public int reverse(int id, int depth) {
        byte[] part = get(id);
        visit(part);
        if (depth == 0) {
            return 1;
        }
        int visits = 1;
        int count = PartCodec.fromCount(part);
        for (int k = 0; k < count; k++) {
            visits += reverse(PartCodec.from(part, k), depth - 1);
        }
        return visits;
    }

    @Override
    public int update(int id, int depth, double p, SplittableRandom random) {
        byte[] part = get(id);
        int updates = 0;
        if (p >= 1.0 || random.nextDouble() < p) {
            put(id, PartCodec.incremented(part));
            updates++;
        }
        if (depth > 0) {
            for (int c = 0; c < OO1Data.CONNECTIONS; c++) {
                updates += update(PartCodec.to(part, c), depth - 1, p, random);
            }
        }
        return updates;
    }

    @Override
    public void insert(OO1Data batch) {
        for (int id = batch.firstId; id <= batch.lastId(); id++) {
            put(id, PartCodec.encode(batch, id, new int[0], 0));
        }
        size = batch.lastId();
        for (int id = batch.firstId; id <= batch.lastId(); id++) {
            for (int c = 0; c < OO1Data.CONNECTIONS; c++) {
                int target = batch.to(id, c);
                put(target, PartCodec.withFrom(get(target), id));
            }
        }
    }

    private void visit(byte[] part) {
        sink += PartCodec.x(part) + PartCodec.y(part) + PartCodec.type(part).length();
    }

    @Override
    public long sink() {
        return sink;
    }
}
