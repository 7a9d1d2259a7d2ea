package org.swizzle.samples.oo1;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;

import org.swizzle.ObjectIndex;
import org.swizzle.ObjectStore;
import org.swizzle.StoreStats;

/**
 * Sample 2: the OO1 parts benchmark of Cattell &amp; Skeen as an application. The first run builds
 * a database of 20,000 parts (3 connections each, 90% of them to the closest 1% of parts); every
 * run then does the OO1 lookups, traversals and an update with commit, printing what it did and
 * how long each step took.
 *
 * <pre>
 * java -javaagent:agent/target/swizzle-agent-0.1.0-SNAPSHOT.jar -jar samples/target/swizzle-samples-0.1.0-SNAPSHOT-all.jar oo1-db
 * </pre>
 */
public final class OO1 {

    public static final int PARTS = 20_000;
    static final int CONNECTIONS = 3;
    static final int LOOKUPS = 1_000;
    public static final int DEPTH = 7;
    static final String[] TYPES = {"part-type0", "part-type1", "part-type2", "part-type3", "part-type4",
        "part-type5", "part-type6", "part-type7", "part-type8", "part-type9"};
    static final long TEN_YEARS_MS = 10L * 365 * 24 * 3600 * 1000;

    private final SplittableRandom random;
    private long sink;

    public OO1(long seed) {
        this.random = new SplittableRandom(seed);
    }

    public static void main(String[] args) {
        Path dir = Path.of(args.length > 0 ? args[0] : "oo1-db");
        int parts = args.length > 1 ? Integer.parseInt(args[1]) : PARTS;
        OO1 oo1 = new OO1(System.nanoTime());
        long start = System.nanoTime();
        try (ObjectStore store = ObjectStore.open(dir)) {
            step("open " + dir.toAbsolutePath(), start);
            PartIndex index = store.root("oo1", PartIndex.class);
            if (index == null) {
                start = System.nanoTime();
                index = oo1.build(parts);
                store.setRoot("oo1", index);
                long commit = store.commit();
                step("build " + parts + " parts, " + parts * CONNECTIONS + " connections, commit " + commit, start);
            } else {
                System.out.printf("found %,d parts%n", index.size());
            }
            oo1.run(store, index, partsById(store));
            System.out.println(store.stats());
        }
    }

    private void run(ObjectStore store, PartIndex index, ObjectIndex<Integer, Part> byId) {
        for (String pass : new String[] {"cold", "warm"}) {
            long start = System.nanoTime();
            int found = lookup(byId, index.size());
            step(pass + " lookup of " + found + " random parts by id (hash index)", start);
            Part from = index.get(1 + random.nextInt(index.size()));
            StoreStats before = store.stats();
            start = System.nanoTime();
            int visits = traverse(from, DEPTH);
            step(pass + " traversal: " + visits + " parts visited", start);
            System.out.println("  " + faulting(before, store.stats()));
            start = System.nanoTime();
            visits = reverse(index.get(1 + random.nextInt(index.size())), DEPTH);
            step(pass + " reverse traversal: " + visits + " parts visited", start);
        }
        StoreStats before = store.stats();
        long start = System.nanoTime();
        int updated = update(index.get(1 + random.nextInt(index.size())), DEPTH, 1.0);
        long commit = store.commit();
        StoreStats after = store.stats();
        step("update traversal: " + updated + " parts updated, commit " + commit + " logged "
            + (after.bytesLogged() - before.bytesLogged()) + " bytes in " + (after.recordsLogged() - before.recordsLogged())
            + " records", start);
        start = System.nanoTime();
        PartIndex grown = insert(store, index, 100);
        step("insert 100 parts, commit: the database has " + grown.size() + " parts", start);
        if (sink == 42) {
            System.out.println();
        }
    }

    /** What a step cost the object manager: faults, objects made resident, swizzles and OID lookups. */
    private static String faulting(StoreStats before, StoreStats after) {
        return String.format("faults %,d, objects made resident %,d, fault blocks made %,d, references swizzled %,d, OID lookups %,d",
            after.faults() - before.faults(), after.objectsFaulted() - before.objectsFaulted(),
            after.hollowObjectsCreated() - before.hollowObjectsCreated(),
            after.referencesSwizzled() - before.referencesSwizzled(), after.oidLookups() - before.oidLookups());
    }

    private static void step(String what, long startNanos) {
        System.out.printf("%-70s %10.3f ms%n", what, (System.nanoTime() - startNanos) / 1e6);
    }

    /** A new, transient OO1 database of {@code count} parts. */
    public PartIndex build(int count) {
        PartIndex index = new PartIndex(count);
        for (int id = 1; id <= count; id++) {
            index.parts[id - 1] = newPart(id);
        }
        for (int id = 1; id <= count; id++) {
            connect(index, index.get(id), count);
        }
        return index;
    }

    private Part newPart(int id) {
        return new Part(id, TYPES[random.nextInt(TYPES.length)], random.nextInt(100_000), random.nextInt(100_000),
            System.currentTimeMillis() - random.nextLong(TEN_YEARS_MS));
    }

    private void connect(PartIndex index, Part part, int count) {
        for (int c = 0; c < CONNECTIONS; c++) {
            Part target = index.get(targetId(part.id, count));
            Connection connection = new Connection(TYPES[random.nextInt(TYPES.length)], random.nextInt(100_000), part, target);
            part.to[c] = connection;
            target.from.add(connection);
        }
    }

    /** 90% of connections go to one of the closest 1% of parts, the rest anywhere (OO1's locality rule). */
    private int targetId(int id, int count) {
        if (random.nextInt(10) < 9) {
            int window = Math.max(1, count / 100);
            int target = id - window / 2 + random.nextInt(window);
            return Math.max(1, Math.min(count, target));
        }
        return 1 + random.nextInt(count);
    }

    /** The hash index of parts by id (a file beside the store), as OO1 finds parts. */
    public static ObjectIndex<Integer, Part> partsById(ObjectStore store) {
        return store.index("oo1-parts-by-id", Part.class, Integer.class, part -> part.id);
    }

    /** OO1 lookup through the hash index: 1,000 random ids among {@code 1..parts}, a null procedure on each. */
    public int lookup(ObjectIndex<Integer, Part> byId, int parts) {
        int found = 0;
        for (int i = 0; i < LOOKUPS; i++) {
            Part part = byId.get(1 + random.nextInt(parts));
            visit(part.x, part.y, part.type);
            found++;
        }
        return found;
    }

    /** OO1 lookup through the root's array of parts: 1,000 random parts by id, a null procedure on each. */
    public int lookup(PartIndex index) {
        int found = 0;
        for (int i = 0; i < LOOKUPS; i++) {
            Part part = index.get(1 + random.nextInt(index.size()));
            visit(part.x, part.y, part.type);
            found++;
        }
        return found;
    }

    /** OO1 traversal: depth first along {@code to} connections; returns the visits (3,280 for depth 7). */
    public int traverse(Part part, int depth) {
        visit(part.x, part.y, part.type);
        if (depth == 0) {
            return 1;
        }
        int visits = 1;
        for (Connection connection : part.to) {
            visits += traverse(connection.to, depth - 1);
        }
        return visits;
    }

    /** OO1 reverse traversal along {@code from} connections. */
    public int reverse(Part part, int depth) {
        visit(part.x, part.y, part.type);
        if (depth == 0) {
            return 1;
        }
        int visits = 1;
        for (Connection connection : part.from) {
            visits += reverse(connection.from, depth - 1);
        }
        return visits;
    }

    /** The update traversal: x and y of every visited part incremented. */
    public int update(Part part, int depth) {
        return update(part, depth, 1.0);
    }

    /**
     * The update traversal of White &amp; DeWitt and Hosking, Brown &amp; Moss: x and y of each visited
     * part incremented with probability {@code p}; returns the updates made.
     */
    public int update(Part part, int depth, double p) {
        int updates = 0;
        if (p >= 1.0 || random.nextDouble() < p) {
            part.x++;
            part.y++;
            updates++;
        }
        if (depth > 0) {
            for (Connection connection : part.to) {
                updates += update(connection.to, depth - 1, p);
            }
        }
        return updates;
    }

    private PartIndex insert(ObjectStore store, PartIndex index, int count) {
        int old = index.size();
        PartIndex grown = new PartIndex(old + count);
        grown.parts = Arrays.copyOf(index.parts, old + count);
        for (int id = old + 1; id <= old + count; id++) {
            grown.parts[id - 1] = newPart(id);
        }
        for (int id = old + 1; id <= old + count; id++) {
            connect(grown, grown.get(id), old + count);
        }
        index.parts = grown.parts;
        store.commit();
        return index;
    }

    private void visit(int x, int y, String type) {
        sink += x + y + type.length();
    }

    /** What the null procedures saw, for a benchmark to sink. */
    public long sink() {
        return sink;
    }

    /** A random part id of {@code index}. */
    public int randomId(PartIndex index) {
        return 1 + random.nextInt(index.size());
    }
}
