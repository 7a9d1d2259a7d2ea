package org.swizzle.it.reclaim;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.swizzle.ObjectStore;
import org.swizzle.StoreOptions;
import org.swizzle.StoreStats;

/**
 * The child JVM of {@link CollectorTest}.
 * <ul>
 *   <li>{@code churn DIR ROUNDS ITEMS EVERY}: each round replaces every one of ITEMS items (and its child) and
 *   commits; every EVERY rounds it collects garbage; prints {@code ROUND r files=<bytes> heap=<MiB>
 *   commitMicros=<us>} after each collection and {@code STATS ...} at the end. With EVERY {@code auto}, the store
 *   collects by itself ({@code StoreOptions.automaticCollection}), the line is printed every 10 rounds, and at the
 *   end {@code FINAL store=<bytes> live=<bytes> collected=<bytes>} gives the store's bytes then, and the live bytes
 *   two more cycles find once the churn has stopped and all the collections freed.</li>
 *   <li>{@code verify DIR ITEMS}: checks every live item of the last round, its child, and the kept item, and
 *   prints {@code VERIFIED round=r}.</li>
 *   <li>{@code held DIR}: an item cut off from the root but still held by the application survives a
 *   collection with its child, is linked again and committed.</li>
 *   <li>{@code unbudgeted DIR}: under the default unlimited budget, items made and dropped in the session are freed by
 *   the collection after the next commit, and an item held by the application is kept; {@code underBudget DIR} the
 *   same under a budget larger than the items, which never has to trim them.</li>
 *   <li>{@code sharedBuild DIR}, then {@code sharedDropped DIR}: 1,000 items that share the kept item's list, committed;
 *   then, in the next JVM, read (the store's reader reads the last of them last), cut off and collected: the collection
 *   after the next commit frees them, though the list they shared stays; prints {@code SHARED first=f second=s
 *   kept=k}; {@code sharedVerify DIR} checks that the kept item, its child and the list are as committed.
 *   {@code sharedUnderBudget DIR}: the same 1,000 items made, committed, cut off and collected in one JVM, under a budget
 *   of 1,000 that re-hollows some of them at the commit that stores them; prints {@code SHARED first=f second=s
 *   kept=k}.</li>
 *   <li>{@code arraysBuild DIR}, then {@code arraysRelinked DIR}: two lists of one array each, shared by 3 and by 12
 *   items; then, in the next JVM, every item cut off and collected, one item of each list linked again before the
 *   commit that re-hollows them all, each list changed and the change aborted, and the array held from it changed and
 *   committed: prints {@code RELINKED same=s,s}, whether each list, read again through its item, holds the array
 *   held; {@code arraysVerify DIR} prints {@code VERIFIED arrays=e,e}, the first element of each list's array.</li>
 *   <li>{@code dropped DIR}, then {@code pending DIR}, then {@code verifyPending DIR}: a collection that frees, called
 *   with changes uncommitted, commits none of them: they stay in memory, {@code abort()} takes them back, and a JVM
 *   that ends without committing leaves the store as it was.</li>
 *   <li>{@code crash DIR ITEMS [auto]}: churns and collects forever (or lets the store collect by itself), printing
 *   {@code ACK r} after each round's commit; the parent kills it.</li>
 * </ul>
 */
public final class ChurnWorkload {

    private static final int PAYLOAD = 100;

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[1]);
        boolean automatic = args[args.length - 1].equals("auto");
        StoreOptions.Builder options = StoreOptions.builder().checkpointLogBytes(4 << 20).automaticCollection(automatic);
        if (!args[0].equals("unbudgeted")) {
            options.residentBudget(args[0].equals("held") || args[0].equals("sharedUnderBudget") ? 1_000 : 10_000);
        }
        try (ObjectStore store = ObjectStore.open(dir, options.build())) {
            switch (args[0]) {
                case "churn": churn(store, dir, Integer.parseInt(args[2]), Integer.parseInt(args[3]), automatic ? 0 : Integer.parseInt(args[4])); break;
                case "verify": verify(store, Integer.parseInt(args[2])); break;
                case "held": held(store); break;
                case "verifyHeld": verifyHeld(store); break;
                case "unbudgeted":
                case "underBudget": droppedInSession(store, args[0]); break;
                case "sharedBuild": sharedBuild(store); break;
                case "sharedDropped": sharedDropped(store); break;
                case "sharedVerify": sharedVerify(store); break;
                case "sharedUnderBudget": sharedUnderBudget(store); break;
                case "arraysBuild": arraysBuild(store); break;
                case "arraysRelinked": arraysRelinked(store); break;
                case "arraysVerify": arraysVerify(store); break;
                case "dropped": dropped(store); break;
                case "pending": pending(store); break;
                case "verifyPending": verifyPending(store); break;
                case "crash": crash(store, Integer.parseInt(args[2]), automatic); break;
                default: throw new IllegalArgumentException(args[0]);
            }
            System.out.println("STATS " + store.stats());
        }
    }

    private static Pool pool(ObjectStore store) {
        return store.root("pool", Pool.class, () -> {
            Pool pool = new Pool();
            pool.kept = new Item(-1, PAYLOAD);
            pool.kept.child = new Item(-2, PAYLOAD);
            return pool;
        });
    }

    /** Replaces every item of the pool with a new one holding a new child. */
    private static void replaceItems(Pool pool, int items) {
        pool.round++;
        List<Item> fresh = new ArrayList<>(items);
        for (int i = 0; i < items; i++) {
            Item item = new Item(pool.round * items + i, PAYLOAD);
            item.child = new Item(-item.id, PAYLOAD);
            fresh.add(item);
        }
        pool.items.clear();
        pool.items.addAll(fresh);
    }

    /** @param every collect every this many rounds; 0: the store collects by itself, and the stats are printed every 10 */
    private static void churn(ObjectStore store, Path dir, int rounds, int items, int every) throws IOException {
        Pool pool = pool(store);
        store.commit();
        for (int r = 1; r <= rounds; r++) {
            replaceItems(pool, items);
            long start = System.nanoTime();
            store.commit();
            long commitMicros = (System.nanoTime() - start) / 1000;
            if (r % (every == 0 ? 10 : every) == 0) {
                long freed = every == 0 ? 0 : store.collectGarbage();
                Runtime runtime = Runtime.getRuntime();
                System.gc();
                StoreStats stats = store.stats();
                System.out.println("ROUND " + r + " files=" + filesSize(dir) + " store=" + stats.storeBytes() + " free=" + stats.freeBytes()
                    + " live=" + stats.liveBytes() + " freed=" + freed
                    + " heap=" + ((runtime.totalMemory() - runtime.freeMemory()) >> 20) + " commitMicros=" + commitMicros
                    + " cycleMillis=" + stats.lastCollectionNanos() / 1_000_000 + " stepMillis=" + stats.longestCollectionStepNanos() / 1_000_000 + " collected=" + stats.bytesCollected()
                    + " collections=" + stats.collections());
            }
        }
        if (every == 0) {
            long storeBytes = store.stats().storeBytes();
            store.collectGarbage(); // ends the cycle under way: what the churn's objects made garbage is only now all freed
            store.collectGarbage();
            StoreStats end = store.stats();
            System.out.println("FINAL store=" + storeBytes + " live=" + end.liveBytes() + " collected=" + end.bytesCollected());
        }
    }

    private static long filesSize(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(Files::isRegularFile).mapToLong(file -> file.toFile().length()).sum();
        }
    }

    private static void verify(ObjectStore store, int items) {
        Pool pool = store.root("pool", Pool.class);
        if (pool.items.size() != items) {
            throw new AssertionError(pool.items.size() + " items, not " + items);
        }
        for (int i = 0; i < items; i++) {
            Item item = pool.items.get(i);
            int id = pool.round * items + i;
            if (item.id != id || !item.payload.equals("p".repeat(PAYLOAD) + id) || item.child.id != -id) {
                throw new AssertionError("item " + i + " of round " + pool.round + " is " + item.id + "/" + item.child.id);
            }
        }
        if (pool.kept.child.id != -2) {
            throw new AssertionError("the kept item lost its child");
        }
        System.out.println("VERIFIED round=" + pool.round);
    }

    /**
     * Item 7 (with child 8) is cut off from the root but held here; item 9 (with child 10) is cut off and dropped.
     * Enough filler items follow for the budget to re-hollow both, so that only the application's reference keeps
     * item 7 in memory, and nothing keeps its child.
     */
    private static void held(ObjectStore store) {
        Pool pool = pool(store);
        Item cut = new Item(7, PAYLOAD);
        cut.child = new Item(8, PAYLOAD);
        pool.items.add(cut);
        addDropped(pool);
        store.commit();
        pool.items.clear();
        for (int i = 0; i < 3_000; i++) {
            pool.items.add(new Item(100 + i, 10));
        }
        store.commit();
        System.gc();
        long freed = store.collectGarbage();
        pool.items.add(0, cut);
        store.commit();
        System.out.println("HELD freed=" + freed + " child=" + cut.child.id);
    }

    /**
     * Under the default unlimited budget, where the store keeps every object resident, or under one it stays within:
     * 1,000 items made, committed and dropped in this session are held by the store alone. The collection after they were dropped keeps them (they are
     * in memory), the commit after it re-hollows them (no root reached them), and once the JVM has released them the
     * next collection frees them. Item 7, also cut off but held here, is re-hollowed too, kept with its child, and
     * linked again.
     */
    private static void droppedInSession(ObjectStore store, String phase) {
        Pool pool = pool(store);
        Item cut = new Item(7, PAYLOAD);
        cut.child = new Item(8, PAYLOAD);
        pool.items.add(cut);
        for (int i = 0; i < 1_000; i++) {
            pool.items.add(new Item(100 + i, PAYLOAD));
        }
        store.commit();
        pool.items.clear();
        String freed = collectWhatWasCut(store);
        pool.items.add(cut);
        store.commit();
        System.out.println(phase.toUpperCase(java.util.Locale.ROOT) + " " + freed + " child=" + cut.child.id);
    }

    /**
     * Commits the cut, collects, commits (which re-hollows what the collection found no root reaching), then collects
     * again, after a JVM collection, until a cycle frees something (five at most): {@code first=f second=s}, what each
     * of the two freed.
     */
    private static String collectWhatWasCut(ObjectStore store) {
        store.commit();
        long first = store.collectGarbage();
        store.commit();
        long second = 0;
        for (int attempt = 0; attempt < 5 && second == 0; attempt++) {
            System.gc();
            second = store.collectGarbage();
        }
        return "first=" + first + " second=" + second;
    }

    private static void sharedBuild(ObjectStore store) {
        Pool pool = pool(store);
        pool.kept.shared = new ArrayList<>(List.of(pool.kept.child));
        for (int i = 0; i < 1_000; i++) {
            Item item = new Item(200 + i, PAYLOAD);
            item.shared = pool.kept.shared;
            pool.items.add(item);
        }
        store.commit();
    }

    private static void sharedUnderBudget(ObjectStore store) {
        sharedBuild(store);
        Pool pool = pool(store);
        pool.items.clear();
        System.out.println("SHARED " + collectWhatWasCut(store) + " kept=" + pool.kept.shared.size());
    }

    private static void sharedDropped(ObjectStore store) {
        Pool pool = pool(store);
        int read = readShared(pool);
        pool.items.clear();
        System.out.println("SHARED read=" + read + " " + collectWhatWasCut(store) + " kept=" + pool.kept.shared.size());
    }

    private static void sharedVerify(ObjectStore store) {
        Pool pool = store.root("pool", Pool.class);
        Item kept = pool.kept;
        if (!pool.items.isEmpty() || kept.shared.size() != 1 || kept.shared.get(0) != kept.child || kept.child.id != -2) {
            throw new AssertionError("after the collection the pool holds " + pool.items.size() + " items and the kept"
                + " item's list " + kept.shared);
        }
        System.out.println("VERIFIED shared");
    }

    private static final int[] SHARING = {3, 12};

    private static void arraysBuild(ObjectStore store) {
        Pool pool = pool(store);
        for (int holders : SHARING) {
            List<int[]> arrays = new ArrayList<>(List.of(new int[] {0}));
            for (int i = 0; i < holders; i++) {
                Item item = new Item(300 + i, PAYLOAD);
                item.arrays = arrays;
                pool.items.add(item);
            }
        }
        store.commit();
    }

    /**
     * Every item of {@link #arraysBuild} read, so that each is noted as holding its list, and cut off; the collection
     * finds none reached, and the first of each list is linked again before the commit that re-hollows them all. Each
     * list is then changed, and {@code abort()} detaches it: the array the application holds from it must stay the list's,
     * read again in its place, for the change made to it next to be committed.
     */
    private static void arraysRelinked(ObjectStore store) {
        Pool pool = pool(store);
        List<Item> relinked = new ArrayList<>();
        List<List<int[]>> lists = new ArrayList<>();
        List<int[]> held = new ArrayList<>();
        int first = 0;
        for (int holders : SHARING) {
            for (Item item : pool.items.subList(first, first + holders)) {
                item.arrays.size();
            }
            Item item = pool.items.get(first);
            relinked.add(item);
            lists.add(item.arrays);
            held.add(item.arrays.get(0));
            first += holders;
        }
        pool.items.clear();
        store.commit();
        store.collectGarbage();
        pool.items.addAll(relinked);
        store.commit();
        for (List<int[]> list : lists) {
            list.add(new int[] {-1});
        }
        store.abort();
        StringBuilder same = new StringBuilder();
        for (int i = 0; i < relinked.size(); i++) {
            held.get(i)[0] = 42;
            same.append(i == 0 ? "" : ",").append(relinked.get(i).arrays.get(0) == held.get(i));
        }
        store.commit();
        System.out.println("RELINKED same=" + same);
    }

    private static void arraysVerify(ObjectStore store) {
        StringBuilder elements = new StringBuilder();
        for (Item item : store.root("pool", Pool.class).items) {
            elements.append(elements.length() == 0 ? "" : ",").append(item.arrays.size() == 1 ? item.arrays.get(0)[0] : -item.arrays.size());
        }
        System.out.println("VERIFIED arrays=" + elements);
    }

    /**
     * Reads the kept item's list, which it holds from then on, then each item and the list it shares with the kept item,
     * in a frame of its own, which keeps none of them once it returns.
     */
    private static int readShared(Pool pool) {
        int read = pool.kept.shared.size() - 1;
        for (Item item : pool.items) {
            read += item.shared.size();
        }
        return read;
    }

    private static void addDropped(Pool pool) {
        Item dropped = new Item(9, PAYLOAD);
        dropped.child = new Item(10, PAYLOAD);
        pool.items.add(dropped);
    }

    /** Item 9 and its child, committed, then cut off and committed again: garbage for the next JVM to collect. */
    private static void dropped(ObjectStore store) {
        Pool pool = pool(store);
        addDropped(pool);
        store.commit();
        pool.items.clear();
        store.commit();
    }

    /**
     * Changes the pool without committing and collects the garbage {@link #dropped} left: the changes stay as made;
     * after {@code abort()} the pool is as committed; changed again and collected again, the JVM ends without a commit.
     */
    private static void pending(ObjectStore store) {
        Pool pool = pool(store);
        change(pool, 5, 11);
        long freed = store.collectGarbage();
        System.out.println("PENDING freed=" + freed + " " + describe(pool));
        store.abort();
        System.out.println("ABORTED " + describe(pool));
        change(pool, 6, 12);
        store.collectGarbage();
        System.out.println("ENDING " + describe(pool));
        System.out.flush();
        Runtime.getRuntime().halt(0);
    }

    private static void change(Pool pool, int round, int id) {
        pool.round = round;
        pool.kept.id = id;
        pool.items.add(new Item(id, PAYLOAD));
    }

    private static String describe(Pool pool) {
        return "round=" + pool.round + " kept=" + pool.kept.id + " items=" + pool.items.size();
    }

    private static void verifyPending(ObjectStore store) {
        System.out.println("REOPENED " + describe(store.root("pool", Pool.class)));
    }

    /** The held item, linked again as the first, and its child: read back by another JVM after {@link #held} or {@link #droppedInSession}. */
    private static void verifyHeld(ObjectStore store) {
        Item first = store.root("pool", Pool.class).items.get(0);
        if (first.id != 7 || first.child.id != 8 || !first.child.payload.endsWith("8")) {
            throw new AssertionError("the held item came back as " + first.id + " with child " + first.child.id);
        }
        System.out.println("VERIFIED held");
    }

    private static void crash(ObjectStore store, int items, boolean automatic) {
        Pool pool = pool(store);
        store.commit();
        while (true) {
            replaceItems(pool, items);
            store.commit();
            if (!automatic) {
                store.collectGarbage();
            }
            System.out.println("ACK " + pool.round);
        }
    }
}
