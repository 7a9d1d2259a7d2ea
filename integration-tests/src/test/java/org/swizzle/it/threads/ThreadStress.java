package org.swizzle.it.threads;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

import org.swizzle.ObjectStore;
import org.swizzle.StoreConfinedException;
import org.swizzle.StoreOptions;
import org.swizzle.StoreStats;
import org.swizzle.internal.AgentOptions;

/**
 * The child JVM of {@link ThreadSafetyTest}: readers, a writer and the store's own thread on one ring of
 * {@value #CELLS} cells, under a resident budget of {@value #BUDGET}, with commits between rounds. Every
 * value a reader reads must satisfy {@link Cell#problem}; every value the writer stores must be committed
 * ({@code verify}, in another JVM).
 * <ul>
 * <li>{@code publish DIR}: in each of {@value #ROUNDS} rounds, {@value #READERS} readers walk the whole ring
 * from different cells while it faults in (most of it was re-hollowed by the last commit), so a reader often
 * reads a cell another thread has just made resident; the writer updates every {@value #WRITER_STRIDE}th
 * cell; then the main thread commits, which re-hollows down to the budget. Prints {@code PUBLISH ok ...}.</li>
 * <li>{@code rehollow DIR}: in each round the main thread makes the first {@value #HOT} cells resident, the
 * readers read only those (in the first round they never call the store nor fault: nothing notices them),
 * the writer updates every {@value #WRITER_STRIDE}th of them in step with the main thread, which faults the
 * rest of the ring, far past the budget, placing objects in new chunks of the resident space (the card table
 * grows); then the main thread commits. Faults of a shared store must not have re-hollowed anything; the
 * commit must re-hollow down to the budget. Prints {@code REHOLLOW ok ...}.</li>
 * <li>{@code confined DIR}: a store opened confined: the main thread faults the ring and its faults keep
 * the budget; another thread calling the store or faulting a cell gets {@code StoreConfinedException}.
 * Prints {@code CONFINED ok ...}.</li>
 * <li>{@code receiver DIR}: a method of a cell reads it, commits (which re-hollows it) and reads it again;
 * another changes it, aborts and reads it again: under {@code checks=entry} the reads after the call must
 * check again. Prints {@code RECEIVER ok}.</li>
 * <li>{@code verify DIR MODE}: reopens the store and checks every cell against what the writer of
 * {@code MODE} stored last. Prints {@code VERIFIED ok}.</li>
 * </ul>
 * Each mode builds the ring first when the store has none.
 */
public final class ThreadStress {

    static final int CELLS = 20_000;
    static final int HOT = 800;
    static final int BUDGET = 1_000;
    static final int READERS = 3;
    static final int ROUNDS = 3;
    static final int WRITER_STRIDE = 4;

    private final String scheme = AgentOptions.current().toString();
    private final List<Throwable> failures = new CopyOnWriteArrayList<>();

    private ThreadStress() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[1]);
        ThreadStress stress = new ThreadStress();
        switch (args[0]) {
            case "publish": stress.publish(dir); break;
            case "rehollow": stress.rehollow(dir); break;
            case "confined": stress.confined(dir); break;
            case "receiver": stress.receiver(dir); break;
            case "verify": stress.verify(dir, args[2]); break;
            default: throw new IllegalArgumentException(args[0]);
        }
    }

    private static StoreOptions shared() {
        return StoreOptions.builder().residentBudget(BUDGET).durability(StoreOptions.Durability.NO_SYNC).build();
    }

    private static Cell[] open(ObjectStore store) {
        Cells root = store.root("cells", Cells.class);
        if (root == null) {
            store.setRoot("cells", new Cells(CELLS));
            store.commit();
            root = store.root("cells", Cells.class);
        }
        return root.all.clone();
    }

    /** The version the writer of a run of {@code rounds} rounds leaves on {@code cell}: round r stores r + 2. */
    private static int writtenVersion(int cell, int rounds) {
        return cell % WRITER_STRIDE == 1 ? rounds + 1 : 1;
    }

    // ------------------------------------------------------------------ publish

    private void publish(Path dir) throws Exception {
        LongAdder reads = new LongAdder();
        long maxResidentAfterCommit = 0;
        try (ObjectStore store = ObjectStore.open(dir, shared())) {
            Cell[] cells = open(store);
            store.commit(); // re-hollows down to the budget
            for (int round = 0; round < ROUNDS; round++) {
                int version = round + 2;
                CyclicBarrier start = new CyclicBarrier(READERS + 1);
                List<Thread> threads = new ArrayList<>();
                for (int r = 0; r < READERS; r++) {
                    int from = r * CELLS / READERS;
                    threads.add(thread("reader-" + r, start, () -> {
                        Cell cell = cells[from];
                        for (int step = 0; step < CELLS; step++) {
                            require(cell.problem(CELLS));
                            cell = cell.next;
                            reads.increment();
                        }
                    }));
                }
                threads.add(thread("writer", start, () -> {
                    for (int i = 1; i < CELLS; i += WRITER_STRIDE) {
                        cells[i].value = Cell.valueOf(i, CELLS, version);
                    }
                }));
                join(threads);
                requireNoFailure("round " + round);
                store.commit();
                maxResidentAfterCommit = Math.max(maxResidentAfterCommit, store.stats().objectsResident());
            }
            StoreStats stats = store.stats();
            System.out.println("PUBLISH ok reads=" + reads.sum() + " faults=" + stats.faults() + " rehollowed="
                + stats.objectsRehollowed() + " maxResidentAfterCommit=" + maxResidentAfterCommit);
        }
    }

    // ------------------------------------------------------------------ rehollow

    private void rehollow(Path dir) throws Exception {
        LongAdder reads = new LongAdder();
        long writes = 0;
        long maxResidentBeforeCommit = 0;
        long maxResidentAfterCommit = 0;
        long rehollowedByFaults = 0;
        try (ObjectStore store = ObjectStore.open(dir, shared())) {
            Cell[] cells = open(store);
            store.commit();
            for (int round = 0; round < ROUNDS; round++) {
                int version = round + 2;
                for (int i = 0; i < HOT; i++) {
                    require(cells[i].problem(CELLS)); // resident before the readers start
                }
                long rehollowedBefore = store.stats().objectsRehollowed();
                AtomicLong faulted = new AtomicLong();
                AtomicLong stop = new AtomicLong();
                CyclicBarrier start = new CyclicBarrier(READERS + 2); // with the writer and this thread
                List<Thread> threads = new ArrayList<>();
                for (int r = 0; r < READERS; r++) {
                    int from = r * HOT / READERS;
                    threads.add(thread("reader-" + r, start, () -> {
                        while (stop.get() == 0) {
                            for (int step = 0; step < HOT; step++) {
                                require(cells[(from + step) % HOT].problem(CELLS));
                            }
                            reads.add(HOT);
                        }
                    }));
                }
                int writerCells = HOT / WRITER_STRIDE;
                long pace = (CELLS - HOT) / writerCells;
                threads.add(thread("writer", start, () -> {
                    // one store per cell, spread over the main thread's faults (and the card table's growth)
                    for (int k = 0; k < writerCells; k++) {
                        while (faulted.get() < k * pace && stop.get() == 0) {
                            Thread.onSpinWait();
                        }
                        int i = k * WRITER_STRIDE + 1;
                        cells[i].value = Cell.valueOf(i, CELLS, version);
                    }
                }));
                start.await(60, TimeUnit.SECONDS);
                try {
                    for (int i = HOT; i < CELLS; i++) {
                        require(cells[i].problem(CELLS));
                        faulted.incrementAndGet();
                    }
                    threads.get(READERS).join(TimeUnit.SECONDS.toMillis(60)); // the writer
                } finally {
                    stop.set(1);
                    join(threads);
                }
                requireNoFailure("round " + round);
                writes += writerCells;
                StoreStats stats = store.stats();
                rehollowedByFaults += stats.objectsRehollowed() - rehollowedBefore;
                maxResidentBeforeCommit = Math.max(maxResidentBeforeCommit, stats.objectsResident());
                store.commit();
                maxResidentAfterCommit = Math.max(maxResidentAfterCommit, store.stats().objectsResident());
            }
            StoreStats stats = store.stats();
            System.out.println("REHOLLOW ok reads=" + reads.sum() + " writes=" + writes + " rehollowedByFaults="
                + rehollowedByFaults + " rehollowed=" + stats.objectsRehollowed() + " maxResidentBeforeCommit="
                + maxResidentBeforeCommit + " maxResidentAfterCommit=" + maxResidentAfterCommit);
        }
    }

    // ------------------------------------------------------------------ confined

    private void confined(Path dir) throws Exception {
        StoreOptions options = shared().toBuilder().confined(true).build();
        long maxResident = 0;
        try (ObjectStore store = ObjectStore.open(dir, options)) {
            Cell[] cells = open(store);
            store.commit();
            long rehollowedBefore = store.stats().objectsRehollowed();
            for (int i = 0; i < CELLS; i++) {
                require(cells[i].problem(CELLS));
                if (i % 100 == 0) {
                    maxResident = Math.max(maxResident, store.stats().objectsResident());
                }
            }
            long rehollowedByFaults = store.stats().objectsRehollowed() - rehollowedBefore;
            String refusedCall = refusedOnAnotherThread(() -> store.root("cells", Cells.class));
            String refusedFault = refusedOnAnotherThread(() -> cells[0].problem(CELLS)); // re-hollowed long ago
            String stats = store.stats().toString(); // allowed from any thread, as close is
            requireNoFailure("confined");
            System.out.println("CONFINED ok maxResident=" + maxResident + " rehollowedByFaults=" + rehollowedByFaults
                + " refusedCall=" + refusedCall + " refusedFault=" + refusedFault + " stats=" + !stats.isEmpty());
        }
    }

    /** Runs {@code action} on another thread: {@code true} if the store refused it, else what happened. */
    private static String refusedOnAnotherThread(Runnable action) throws InterruptedException {
        String[] outcome = {"nothing"};
        Thread other = new Thread(() -> {
            try {
                action.run();
                outcome[0] = "allowed";
            } catch (StoreConfinedException e) {
                outcome[0] = "true";
            } catch (Throwable e) {
                outcome[0] = e.toString();
            }
        }, "other");
        other.start();
        other.join();
        return outcome[0];
    }

    // ------------------------------------------------------------------ receiver

    private void receiver(Path dir) {
        try (ObjectStore store = ObjectStore.open(dir, shared())) {
            Cell[] cells = open(store);
            store.commit();
            for (int i = 0; i < 3 * BUDGET; i++) {
                require(cells[i].problem(CELLS)); // cell 0 first: the first a commit re-hollows
            }
            long rehollowed = store.stats().objectsRehollowed();
            require(cells[0].readAround(store::commit));
            require(store.stats().objectsRehollowed() > rehollowed ? null : "the commit re-hollowed nothing");
            long committed = cells[1].value;
            long read = cells[1].changeAround(-1, store::abort);
            require(read == committed ? null : "cell 1 reads " + read + " after the abort, committed " + committed);
            System.out.println("RECEIVER ok");
        }
    }

    // ------------------------------------------------------------------ verify

    private void verify(Path dir, String mode) {
        int rounds = mode.equals("receiver") || mode.equals("confined") ? 0 : ROUNDS;
        int last = mode.equals("rehollow") ? HOT : CELLS;
        try (ObjectStore store = ObjectStore.open(dir)) {
            Cell[] cells = store.root("cells", Cells.class).all;
            for (int i = 0; i < CELLS; i++) {
                require(cells[i].problem(CELLS));
                int version = i < last ? writtenVersion(i, rounds) : 1;
                long expected = Cell.valueOf(i, CELLS, version);
                require(cells[i].value == expected ? null : "cell " + i + " has value " + cells[i].value
                    + " committed, the writer stored " + expected + " last");
            }
        }
        System.out.println("VERIFIED ok");
    }

    // ------------------------------------------------------------------ threads

    private Thread thread(String name, CyclicBarrier start, Runnable work) {
        Thread thread = new Thread(() -> {
            try {
                start.await(60, TimeUnit.SECONDS);
                work.run();
            } catch (Throwable e) {
                failures.add(new AssertionError(Thread.currentThread().getName() + ": " + e, e));
            }
        }, name);
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    private void join(List<Thread> threads) throws InterruptedException {
        for (Thread thread : threads) {
            thread.join(TimeUnit.SECONDS.toMillis(60));
            if (thread.isAlive()) {
                failures.add(new AssertionError(thread.getName() + " did not finish in 60 s"));
            }
        }
    }

    private void require(String problem) {
        if (problem != null) {
            throw new AssertionError("[" + scheme + "] " + problem);
        }
    }

    private void requireNoFailure(String when) {
        if (!failures.isEmpty()) {
            AssertionError error = new AssertionError("[" + scheme + "] " + when + ": " + failures.size() + " thread(s) failed: "
                + failures.get(0).getMessage(), failures.get(0));
            failures.stream().skip(1).forEach(error::addSuppressed);
            throw error;
        }
    }
}
