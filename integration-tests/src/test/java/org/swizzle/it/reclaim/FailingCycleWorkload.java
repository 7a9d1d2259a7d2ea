package org.swizzle.it.reclaim;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.swizzle.ObjectStore;
import org.swizzle.Persistent;
import org.swizzle.StoreOptions;

/**
 * The child JVM of {@link FailingCycleTest}: {@code build DIR} stores a root the later phases never read, holding
 * {@link #MARKER} in its image, which the test then damages; {@code close DIR} and {@code commit DIR} open the store
 * with automatic collection and make garbage until a cycle starts (and, reading that root, fails), wait for the
 * collection thread to end, and then close the store, or commit once more first. Each prints what {@code close()} or
 * {@code commit()} threw ({@code CLOSE THREW}, {@code COMMIT THREW}, with the cause's class), then whether the same
 * JVM opens the store again ({@code REOPENED items=n}).
 */
public final class FailingCycleWorkload {

    /** The text the damaged root's image holds, by which the test finds its bytes in the cluster file. */
    static final String MARKER = "damaged-by-the-test-".repeat(8);
    private static final int ITEMS_PER_COMMIT = 2_000;
    private static final int PAYLOAD = 1_000;

    @Persistent
    public static class Victim {
        String text = MARKER;
    }

    @Persistent
    public static class Batch {
        List<Item> items = new ArrayList<>();
    }

    private FailingCycleWorkload() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[1]);
        if (args[0].equals("build")) {
            try (ObjectStore store = ObjectStore.open(dir)) {
                store.setRoot("victim", new Victim());
                store.setRoot("batch", new Batch());
                store.commit();
            }
            System.out.println("BUILT");
            return;
        }
        StoreOptions options = StoreOptions.builder().automaticCollection(true).residentBudget(10_000).build();
        ObjectStore store = ObjectStore.open(dir, options);
        int rounds = garbageUntilACycleEnds(store);
        System.out.println("CYCLE ENDED after " + rounds + " rounds");
        if (args[0].equals("commit")) {
            store.root("batch", Batch.class).items.add(new Item(-1, 10));
            try {
                store.commit();
                System.out.println("COMMIT RETURNED");
            } catch (RuntimeException e) {
                System.out.println("COMMIT THREW " + e + " CAUSE " + e.getCause());
            }
        }
        try {
            store.close();
            System.out.println("CLOSE RETURNED");
        } catch (RuntimeException e) {
            System.out.println("CLOSE THREW " + e + " CAUSE " + e.getCause());
        }
        try (ObjectStore again = ObjectStore.open(dir)) {
            System.out.println("REOPENED items=" + again.root("batch", Batch.class).items.size());
        }
    }

    /**
     * Replaces the batch's items, commit after commit, until a commit leaves the store using enough more bytes than at
     * its opening to start a cycle (twice as many, and at least 4 MiB more, README says); then waits, committing
     * nothing more, for the collection thread to end, as a cycle that fails ends it. Returns the rounds made.
     */
    private static int garbageUntilACycleEnds(ObjectStore store) throws InterruptedException {
        long opened = usedBytes(store);
        for (int round = 1; round <= 100; round++) {
            Batch batch = store.root("batch", Batch.class);
            batch.items.clear();
            for (int i = 0; i < ITEMS_PER_COMMIT; i++) {
                batch.items.add(new Item(round * ITEMS_PER_COMMIT + i, PAYLOAD));
            }
            store.commit();
            if (usedBytes(store) - opened >= Math.max(opened, 4L << 20)) {
                awaitCollectorEnd();
                return round;
            }
        }
        throw new AssertionError("no commit in 100 rounds grew the store enough to start a cycle: " + store.stats());
    }

    private static long usedBytes(ObjectStore store) {
        return store.stats().storeBytes() - store.stats().freeBytes();
    }

    /** Waits at most a minute for the store's collection thread, started by the last commit, to end. */
    private static void awaitCollectorEnd() throws InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (Thread.getAllStackTraces().keySet().stream().anyMatch(thread -> thread.getName().startsWith("swizzle-collector"))) {
            if (System.nanoTime() > deadline) {
                System.out.println("COLLECTOR STILL RUNNING after a minute");
                return;
            }
            Thread.sleep(50);
        }
    }
}
