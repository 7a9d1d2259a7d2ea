package org.swizzle.it.collections;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import org.swizzle.DetachedCollectionException;
import org.swizzle.internal.tracked.Tracked;
import org.swizzle.ObjectStore;
import org.swizzle.it.Announcer;

/**
 * The child JVM of {@link CollectionsModelTest}: opens the store, rebuilds its {@link PlainBag}
 * model by copying what the store holds, then runs random transactions of random operations on the
 * stored bags and, identically, on the model, until it is killed. Values taken from the bags (fields,
 * views, iterators, entries, inner lists, the array) are held in a pool and changed again in later
 * transactions, across commits; a third of the transactions read no field and only change held
 * values. It prints, one line each:
 *
 * <ul>
 *   <li>{@code START <digest> tracked-only|mixed}: the state found on open, and the child's mode (see
 *       {@link #trackedOnly});</li>
 *   <li>{@code OP [held] <path> <operation> -> <outcome>}: each operation, {@code held} when made
 *       through a value taken before a commit;</li>
 *   <li>{@code PENDING <digest>} before {@code commit()}: the model's state, whose rendering it also
 *       writes to {@code <states>/<digest>}; {@code ACK <number> <digest>} after it;</li>
 *   <li>{@code ABORT}, then {@code DETACHED <n>}: held values found refusing a change after it;</li>
 *   <li>{@code DROP <path>}: a held tree iterator let go once its tree changed under it
 *       ({@link Handle#walksTree()});</li>
 *   <li>{@code FAILED <problem>}: an outcome, or the state after an abort, differs from the model.</li>
 * </ul>
 *
 * <p>Arguments: store directory, seed, states directory.
 */
public final class CollectionsWorkload {
    /** The root name of the stored bag. */
    static final String ROOT = "collections";
    private static final int POOL = 16;

    private final ObjectStore store;
    private final Random random;
    private final Path states;
    private final Announcer out;
    /**
     * Whether this child only changes collections the store made (tracked ones): it reads no array,
     * stores no collection or bag of its own, so no bag it loaded becomes a commit candidate compared
     * at every commit, and only the collections' own reports can commit their changes.
     */
    private final boolean trackedOnly;
    private final List<Handle> held = new ArrayList<>();
    /** Bags changed through a tracked value, or by a field write, in the current transaction. */
    private final Set<Bag> dirtied = Collections.newSetFromMap(new IdentityHashMap<>());
    /** How many operations changed each model collection, by identity: tells a tree iterator it went stale. */
    private final Map<Object, Integer> changes = new IdentityHashMap<>();
    private Bag root;
    private PlainBag model;
    private PlainBag committed;
    private int commits;

    private CollectionsWorkload(ObjectStore store, long seed, Path states, Announcer out) {
        this.store = store;
        this.random = new Random(seed);
        this.trackedOnly = random.nextBoolean();
        this.states = states;
        this.out = out;
    }

    public static void main(String[] args) {
        Announcer.runChild(out -> {
            try (ObjectStore store = ObjectStore.open(Path.of(args[0]))) {
                new CollectionsWorkload(store, Long.parseLong(args[1]), Path.of(args[2]), out).run();
            }
        });
    }

    private void run() throws IOException {
        root = store.root(ROOT, Bag.class);
        out.say("START " + Rendering.digest(Rendering.of(root)) + (trackedOnly ? " tracked-only" : " mixed"));
        if (root == null) {
            root = store.root(ROOT, Bag.class, Bag::new);
            model = PlainBag.copyOf(root);
            commit();
        } else {
            model = PlainBag.copyOf(root);
            committed = model.copy();
        }
        while (true) {
            boolean mayTake = held.isEmpty() || random.nextInt(3) != 0;
            for (int i = 1 + random.nextInt(16); i > 0; i--) {
                step(mayTake);
            }
            if (random.nextInt(8) == 0) {
                abort();
            } else {
                commit();
            }
        }
    }

    /** One operation: on a held value, on a field just read, or a field replaced by a new plain value. */
    private void step(boolean mayTake) {
        int draw = random.nextInt(100);
        if (held.isEmpty() || mayTake && draw < 25) {
            apply(hold(take()));
        } else if (mayTake && !trackedOnly && draw < 28) {
            replaceField();
        } else if (mayTake && !trackedOnly && draw < 30) {
            replaceOther();
        } else {
            apply(held.get(random.nextInt(held.size())));
        }
    }

    /** A field of the root, or of the other bag, read into a new handle. */
    private Handle take() {
        Slot slot = Slot.values()[random.nextInt(Slot.values().length)];
        while (trackedOnly && slot == Slot.NUMBERS) {
            slot = Slot.values()[random.nextInt(Slot.values().length)];
        }
        Bag other = root.other;
        if (other != null && random.nextInt(3) == 0) {
            return Handle.field("other", other, model.other, slot, commits);
        }
        return Handle.field("root", root, model, slot, commits);
    }

    private Handle hold(Handle handle) {
        if (held.size() < POOL) {
            held.add(handle);
        } else {
            held.set(random.nextInt(POOL), handle);
        }
        return handle;
    }

    private void apply(Handle handle) {
        if (handle.walksTree() && handle.changesSeen != changes.getOrDefault(handle.modelField, 0)) {
            held.remove(handle);
            out.say("DROP " + handle.path + ": its tree changed since its last step");
            return;
        }
        Op op = handle.kind.draw(random, handle, !trackedOnly);
        String before = handle.slot.render(handle.modelField);
        Object modelResult = op.run(handle.model);
        Object liveResult = op.run(handle.live);
        String expected = op.outcome(modelResult);
        String actual = op.outcome(liveResult);
        out.say("OP " + (handle.takenAt < commits ? "held " : "") + handle.path + " " + op.text() + " -> " + expected);
        if (!expected.equals(actual)) {
            throw new Mismatch(handle.path + " " + op.text() + ": the model gave " + expected + ", the stored bag " + actual,
                liveResult instanceof Op.Thrown thrown ? thrown.exception() : null);
        }
        if (!before.equals(handle.slot.render(handle.modelField))) {
            changes.merge(handle.modelField, 1, Integer::sum);
            if (handle.tracked && handle.slot.read(handle.owner) == handle.liveField) {
                dirtied.add(handle.owner); // a collection the bag no longer holds changes no bag
            }
        }
        int changesNow = changes.getOrDefault(handle.modelField, 0);
        handle.changesSeen = changesNow;
        if (op.yields() != null && modelResult != null && !(modelResult instanceof Op.Thrown)) {
            hold(handle.derive(op.yields(), liveResult, modelResult, op.text(), commits)).changesSeen = changesNow;
        }
    }

    /** A field set to a new plain value made by the application (a copy of the old one; a resized array). */
    private void replaceField() {
        boolean other = root.other != null && random.nextBoolean();
        Bag bag = other ? root.other : root;
        PlainBag twin = other ? model.other : model;
        Slot slot = Slot.values()[random.nextInt(Slot.values().length)];
        Object live = slot.snapshot(bag);
        Object copy = slot.plainCopy(twin.get(slot));
        if (slot == Slot.NUMBERS) {
            int length = 4 + random.nextInt(9);
            live = Arrays.copyOf((int[]) live, length);
            copy = Arrays.copyOf((int[]) copy, length);
        }
        slot.write(bag, live);
        twin.values.put(slot, copy);
        dirtied.add(bag);
        out.say("OP " + (other ? "other." : "root.") + slot.fieldName() + " = a new plain copy");
        hold(Handle.field(other ? "other" : "root", bag, twin, slot, commits));
    }

    /** The other bag replaced by a new one with plain collections (copies of some of the root's), or dropped. */
    private void replaceOther() {
        if (root.other != null && random.nextInt(4) == 0) {
            root.other = null;
            model.other = null;
            out.say("OP root.other = null");
        } else {
            Bag bag = new Bag();
            for (Slot slot : Slot.values()) {
                if (random.nextBoolean()) {
                    slot.write(bag, slot.snapshot(root));
                }
            }
            root.other = bag;
            model.other = PlainBag.copyOf(bag);
            out.say("OP root.other = a new bag");
            hold(Handle.field("other", bag, model.other, Slot.values()[random.nextInt(Slot.values().length)], commits));
        }
        dirtied.add(root);
    }

    /** Whether list of lists {@code lists} holds {@code inner} itself, not an equal list. */
    private static boolean holds(Object lists, Object inner) {
        for (Object element : (List<?>) lists) {
            if (element == inner) {
                return true;
            }
        }
        return false;
    }

    private void commit() throws IOException {
        String rendering = Rendering.of(model);
        String digest = Rendering.digest(rendering);
        Path state = states.resolve(digest);
        if (!Files.exists(state)) {
            Files.writeString(state, rendering);
        }
        out.say("PENDING " + digest);
        long number = store.commit();
        out.say("ACK " + number + " " + digest);
        commits++;
        committed = model.copy();
        dirtied.clear();
    }

    /**
     * Aborts: every held value taken from a tracked field of a bag changed in this transaction must
     * now refuse a change, if a commit had attached the field's collection to the bag (a bag made in this
     * transaction is not persistent, so abort leaves it alone) and, for an inner list of a list of lists (a
     * stored collection of its own), if the field's list still holds it; then the fields are read again and
     * must hold the committed state.
     */
    private void abort() {
        List<Handle> detached = held.stream()
            .filter(h -> h.tracked && dirtied.contains(h.owner) && h.slot.read(h.owner) == h.liveField
                && attached(h.liveField) && (h.liveInner == null || holds(h.liveField, h.liveInner)))
            .toList();
        store.abort();
        out.say("ABORT");
        for (Handle handle : detached) {
            Op probe = handle.kind.probe();
            Object result = probe.run(handle.live);
            if (!(result instanceof Op.Thrown thrown && thrown.exception() instanceof DetachedCollectionException)) {
                throw new Mismatch(handle.path + " " + probe.text() + " after abort(): expected DetachedCollectionException, got "
                    + probe.outcome(result), null);
            }
        }
        out.say("DETACHED " + detached.size());
        held.clear();
        dirtied.clear();
        model = committed.copy();
        root = store.root(ROOT, Bag.class);
        String live = Rendering.of(root);
        String expected = Rendering.of(model);
        if (!live.equals(expected)) {
            throw new Mismatch("after abort() the stored bags differ from the committed model at "
                + Rendering.firstDifference(expected, live), null);
        }
    }

    /** Whether {@code value} is a tracked collection a commit attached to its bag. */
    private static boolean attached(Object value) {
        return value instanceof Tracked tracked && tracked.attachment() != null && tracked.attachment().isLive();
    }

    /** An outcome or a state of the stored bags that differs from the model. */
    static final class Mismatch extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Mismatch(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
