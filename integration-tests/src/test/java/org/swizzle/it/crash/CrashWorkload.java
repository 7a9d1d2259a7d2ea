package org.swizzle.it.crash;

import java.nio.file.Path;
import java.util.Random;

import org.swizzle.ObjectStore;
import org.swizzle.StoreOptions;
import org.swizzle.it.Announcer;

/**
 * The child JVM of {@link CrashHarnessTest}: opens a store and runs random transactions on it
 * forever, until it is killed. It keeps its own plain-Java {@link Model} of the committed state and
 * prints, one line each (see {@link ChildLog}):
 *
 * <ul>
 *   <li>{@code START <seq> <digest>}: the state found on open, read from the store;</li>
 *   <li>{@code PENDING <seq> <digest>}: before {@code commit()}, the state the commit will make;</li>
 *   <li>{@code ACK <commitNumber> <digest>}: after {@code commit()} returned;</li>
 *   <li>{@code ABORT <seq>}: a transaction was aborted instead (the model is rolled back too);</li>
 *   <li>{@code FAILED <problem>}: the live objects differ from the model; the child then exits with 2.</li>
 * </ul>
 *
 * <p>Arguments: store directory, seed, store options (see {@link #options(String)}), {@code heavy}
 * or {@code light} (whether every transaction also writes a large array, so that checkpoints come
 * often), and optionally a number of transactions after which the JVM halts without closing the
 * store, as if killed right after its last line.
 */
public final class CrashWorkload {
    /** The root name the workload binds its {@link CrashRoot} to. */
    static final String ROOT = "crash";

    private final ObjectStore store;
    private final Random random;
    private final boolean heavy;
    private final Announcer out;

    CrashWorkload(ObjectStore store, long seed, boolean heavy, Announcer out) {
        this.store = store;
        this.random = new Random(seed);
        this.heavy = heavy;
        this.out = out;
    }

    public static void main(String[] args) {
        long transactions = args.length > 4 ? Long.parseLong(args[4]) : Long.MAX_VALUE;
        Announcer.runChild(out -> {
            try (ObjectStore store = ObjectStore.open(Path.of(args[0]), options(args[2]))) {
                new CrashWorkload(store, Long.parseLong(args[1]), args[3].equals("heavy"), out).run(transactions);
                Runtime.getRuntime().halt(0); // before the close: as a kill after the last line leaves the store
            }
        });
    }

    /**
     * Store options from {@code key=value} pairs separated by commas ({@code -} for the defaults):
     * {@code checkpoint} (log bytes), {@code budget} (resident objects), {@code cluster} (bytes).
     */
    static StoreOptions options(String spec) {
        StoreOptions.Builder options = StoreOptions.builder();
        for (String pair : spec.split(",")) {
            if (pair.equals("-")) {
                continue;
            }
            String[] keyValue = pair.split("=", 2);
            long value = Long.parseLong(keyValue[1]);
            switch (keyValue[0]) {
                case "checkpoint" -> options.checkpointLogBytes(value);
                case "budget" -> options.residentBudget(value).confined(true); // one thread: faults re-hollow too
                case "cluster" -> options.clusterSize(Math.toIntExact(value));
                default -> throw new IllegalArgumentException("Unknown store option " + pair + " in " + spec);
            }
        }
        return options.build();
    }

    /** Announces the state found, then runs {@code transactions} transactions. */
    void run(long transactions) {
        CrashRoot root = store.root(ROOT, CrashRoot.class);
        Model model = GraphReader.read(root);
        out.say("START " + model.seq + " " + StateDigest.of(model));
        if (root == null) {
            root = store.root(ROOT, CrashRoot.class, CrashRoot::new);
        }
        Mutator mutator = new Mutator(random, root, model, heavy);
        for (long i = 0; i < transactions; i++) {
            model.begin();
            if (model.hasRoot) {
                mutator.transaction(1 + random.nextInt(6));
            } else {
                mutator.populate();
                mutator.transaction(0);
            }
            if (model.seq > 1 && random.nextInt(12) == 0) {
                abort(root, model);
            } else {
                commit(root, model);
            }
        }
    }

    private void abort(CrashRoot root, Model model) {
        store.abort();
        model.rollback();
        out.say("ABORT " + (model.seq + 1));
        checkLive(root, model, "after an abort");
    }

    private void commit(CrashRoot root, Model model) {
        String digest = StateDigest.of(model);
        out.say("PENDING " + model.seq + " " + digest);
        long number = store.commit();
        model.commit();
        out.say("ACK " + number + " " + digest);
        if (model.seq % 32 == 0) {
            checkLive(root, model, "after commit " + number);
        }
    }

    /** Compares the live persistent objects with the model. */
    private static void checkLive(CrashRoot root, Model model, String when) {
        String live = StateDigest.of(GraphReader.read(root));
        String expected = StateDigest.of(model);
        if (!live.equals(expected)) {
            throw new Mutator.LiveStateMismatch("The live objects " + when + " digest to " + live
                + ", the model of seq " + model.seq + " to " + expected);
        }
    }
}
