package org.swizzle.it.large;

import java.nio.file.Path;
import java.util.SplittableRandom;

import org.swizzle.ObjectStore;
import org.swizzle.StoreOptions;
import org.swizzle.StoreStats;

/**
 * The child JVM of {@link LargeWorkingSetTest}: OO1 with more parts than its heap holds resident.
 * {@code build DIR PARTS BUDGET} builds the database in batches of 10,000 parts, a commit each, and
 * prints the sum of every part's x and connection lengths; {@code scan DIR BUDGET} visits every part
 * and every connection (all of the database) and prints the same sum, then updates and commits a
 * sample; {@code traverse DIR BUDGET} runs OO1 traversals from random parts. Each prints its stats.
 */
public final class LargeWorkingSet {

    private static final int BATCH = 10_000;
    private static final String[] TYPES = {"part-type0", "part-type1", "part-type2", "part-type3", "part-type4",
        "part-type5", "part-type6", "part-type7", "part-type8", "part-type9"};

    public static void main(String[] args) {
        Path dir = Path.of(args[1]);
        long budget = Long.parseLong(args[args.length - 1]);
        // one thread uses the store, so faults may re-hollow: the scan reads more than the heap holds without a commit
        StoreOptions options = budget > 0 ? StoreOptions.builder().residentBudget(budget).confined(true).build() : StoreOptions.defaults();
        try (ObjectStore store = ObjectStore.open(dir, options)) {
            switch (args[0]) {
                case "build": build(store, Integer.parseInt(args[2])); break;
                case "scan": scan(store); break;
                case "traverse": traverse(store); break;
                default: throw new IllegalArgumentException(args[0]);
            }
            StoreStats stats = store.stats();
            System.out.println("STATS rehollowed=" + stats.objectsRehollowed() + " resident=" + stats.objectsResident()
                + " faulted=" + stats.objectsFaulted() + " maxHeapMiB=" + Runtime.getRuntime().maxMemory() / (1 << 20));
        }
    }

    private static void build(ObjectStore store, int parts) {
        PartDirectory directory = new PartDirectory(parts);
        store.setRoot("parts", directory);
        SplittableRandom random = new SplittableRandom(42);
        long sum = 0;
        for (int first = 1; first <= parts; first += BATCH) {
            int last = Math.min(parts, first + BATCH - 1);
            for (int id = first; id <= last; id++) {
                LargePart part = new LargePart(id, TYPES[random.nextInt(TYPES.length)], random.nextInt(100_000),
                    random.nextInt(100_000), random.nextLong(3_650));
                int bucket = (id - 1) / PartBucket.SIZE;
                if (directory.buckets[bucket] == null) {
                    directory.buckets[bucket] = new PartBucket();
                }
                directory.buckets[bucket].parts[(id - 1) % PartBucket.SIZE] = part;
                sum += part.x;
            }
            for (int id = first; id <= last; id++) {
                LargePart part = directory.part(id);
                for (int c = 0; c < 3; c++) {
                    LargePart target = directory.part(connectTo(id, last, random));
                    LargeConnection connection = new LargeConnection(TYPES[c], random.nextInt(100_000), part, target);
                    part.to[c] = connection;
                    target.from.add(connection);
                    sum += connection.length;
                }
            }
            store.commit();
        }
        System.out.println("SUM " + sum);
    }

    /** 90% of connections go to the closest 1% of the parts built so far, the rest to any of them. */
    private static int connectTo(int id, int built, SplittableRandom random) {
        int window = Math.max(1, built / 100);
        if (random.nextInt(10) < 9) {
            int low = Math.max(1, id - window / 2);
            int high = Math.min(built, low + window);
            return low + random.nextInt(high - low + 1);
        }
        return 1 + random.nextInt(built);
    }

    private static void scan(ObjectStore store) {
        PartDirectory directory = store.root("parts", PartDirectory.class);
        long sum = 0;
        for (int id = 1; id <= directory.parts; id++) {
            LargePart part = directory.part(id);
            if (part.id != id) {
                throw new IllegalStateException("part " + id + " has id " + part.id);
            }
            sum += part.x;
            for (LargeConnection connection : part.to) {
                sum += connection.length;
                if (connection.from != part) {
                    throw new IllegalStateException("connection of part " + id + " comes from part " + connection.from.id);
                }
            }
        }
        System.out.println("SUM " + sum);
        printRetained(store);
        for (int id = 1; id <= directory.parts; id += 997) {
            directory.part(id).x += 1;
        }
        store.commit();
        System.out.println("UPDATED " + (directory.parts + 996) / 997);
    }

    /**
     * The heap the store and the application still hold, in MiB, after a full collection, and the Java instances
     * of stored objects in memory (asking for the stats clears the entries of the instances the collection released,
     * as the JVM's reference handler thread hands them over: asked until the count stops falling).
     */
    private static void printRetained(ObjectStore store) {
        Runtime runtime = Runtime.getRuntime();
        System.gc();
        long inMemory = store.stats().objectsInMemory();
        for (long before = Long.MAX_VALUE; inMemory < before; ) {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while the released entries were cleared", e);
            }
            before = inMemory;
            inMemory = store.stats().objectsInMemory();
        }
        System.gc();
        System.out.println("RETAINED " + ((runtime.totalMemory() - runtime.freeMemory()) >> 20) + " MiB, " + inMemory + " objects in memory");
    }

    private static void traverse(ObjectStore store) {
        PartDirectory directory = store.root("parts", PartDirectory.class);
        SplittableRandom random = new SplittableRandom(7);
        long visits = 0;
        for (int i = 0; i < 50; i++) {
            visits += visit(directory.part(1 + random.nextInt(directory.parts)), 7);
        }
        System.out.println("VISITS " + visits);
    }

    private static long visit(LargePart part, int depth) {
        long visits = 1;
        if (depth > 0) {
            for (LargeConnection connection : part.to) {
                visits += visit(connection.to, depth - 1);
            }
        }
        return visits;
    }
}
