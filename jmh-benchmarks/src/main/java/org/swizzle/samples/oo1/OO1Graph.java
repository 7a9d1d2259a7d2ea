package org.swizzle.samples.oo1;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.swizzle.benchmarks.oo1.OO1Data;

/**
 * The benchmarks' door into the OO1 sample model, whose fields and constructors are package-private:
 * builds the object graph from the generated {@link OO1Data}, inserts parts into it, and does the
 * OO1 lookup over a given list of ids and the update traversal with the caller's generator. The
 * read traversals are the sample's own ({@link OO1#traverse}, {@link OO1#reverse}).
 *
 * <p>It lives in the sample's package (inside the benchmarks jar) only for that access; the same
 * code runs on the heap (plain Java, no agent) and under the Swizzle agent, which rewrites its
 * field accesses like any other class's.
 *
 * <p>Part of the OO1 benchmarks; run them with {@code jmh-benchmarks/run.sh [smoke|quick|full]} from the
 * repository root (see {@code jmh-benchmarks/README.md}).
 */
public final class OO1Graph {

    private long sink;

    /** A new, transient graph holding {@code data} (a whole database, starting at id 1). */
    public static PartIndex build(OO1Data data) {
        PartIndex index = new PartIndex(data.count);
        add(index.parts, data);
        return index;
    }

    /** Adds the parts of {@code batch} (ids after the last one) to {@code index}, as a new, longer array. */
    public static void insert(PartIndex index, OO1Data batch) {
        Part[] grown = Arrays.copyOf(index.parts, batch.lastId());
        add(grown, batch);
        index.parts = grown;
    }

    private static void add(Part[] parts, OO1Data data) {
        for (int id = data.firstId; id <= data.lastId(); id++) {
            int i = data.index(id);
            parts[id - 1] = new Part(id, data.type(id), data.x[i], data.y[i], data.build[i]);
        }
        for (int id = data.firstId; id <= data.lastId(); id++) {
            Part part = parts[id - 1];
            for (int c = 0; c < OO1Data.CONNECTIONS; c++) {
                Part target = parts[data.to(id, c) - 1];
                Connection connection = new Connection(data.connectionType(id, c), data.length(id, c), part, target);
                part.to[c] = connection;
                target.from.add(connection);
            }
        }
    }

    /**
     * Makes resident what {@link #lookup}{@code (index, ids)} and the two traversals from part {@code id} read,
     * faulting each part through {@code build} and each connection through {@code length}, fields those
     * operations never read: the faults then stay out of the profiles of the accessors the hot benchmarks
     * measure, and C2 compiles them as for resident objects, in every fork. Warm-up faults in the measured
     * accessors made the compiled code depend on when C2 compiled it (1.8 or 2.9 µs a lookup, by fork).
     */
    public void warm(PartIndex index, int[] ids, int id, int depth) {
        for (int each : ids) {
            touch(index.get(each));
        }
        Part start = index.get(id);
        warmTo(start, depth);
        warmFrom(start, depth);
    }

    /** Makes resident what the traversal and the update traversal from part {@code id} read, as {@link #warm} does. */
    public void warmTraversal(PartIndex index, int id, int depth) {
        warmTo(index.get(id), depth);
    }

    private void warmTo(Part part, int depth) {
        touch(part);
        if (depth > 0) {
            for (Connection connection : part.to) {
                sink += connection.length;
                warmTo(connection.to, depth - 1);
            }
        }
    }

    private void warmFrom(Part part, int depth) {
        touch(part);
        if (depth > 0) {
            for (Connection connection : part.from) {
                sink += connection.length;
                warmFrom(connection.from, depth - 1);
            }
        }
    }

    private void touch(Part part) {
        sink += part.build;
    }

    /** OO1 lookup: the parts of {@code ids} by id, a null procedure on {@code x}, {@code y}, {@code type} of each. */
    public int lookup(PartIndex index, int[] ids) {
        int found = 0;
        for (int id : ids) {
            Part part = index.get(id);
            visit(part.x, part.y, part.type);
            found++;
        }
        return found;
    }

    /**
     * The update traversal of {@link OO1#update(Part, int, double)}, drawing from {@code random}
     * so that every system under test makes the same choices.
     */
    public static int update(Part part, int depth, double p, SplittableRandom random) {
        int updates = 0;
        if (p >= 1.0 || random.nextDouble() < p) {
            part.x++;
            part.y++;
            updates++;
        }
        if (depth > 0) {
            for (Connection connection : part.to) {
                updates += update(connection.to, depth - 1, p, random);
            }
        }
        return updates;
    }

    private void visit(int x, int y, String type) {
        sink += x + y + type.length();
    }

    /** What the null procedures saw, for a benchmark to sink. */
    public long sink() {
        return sink;
    }
}
