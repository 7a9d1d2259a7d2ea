package org.swizzle.it.tracked;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.swizzle.DetachedCollectionException;
import org.swizzle.ObjectStore;
import org.swizzle.StoreOptions;
import org.swizzle.StoreStats;

/**
 * The child JVM of {@link TrackedCollectionsTest}. {@code setup DIR} stores a filled bag;
 * {@code mutate DIR} loads it and, for every {@link Pattern}, takes a value from the bag, commits (once,
 * and in a second pass three times), changes the bag through the value and commits, then does the same
 * on a bag made in this session; a plain-Java model takes every step too, and its rendering is printed as
 * {@code MODEL ...}. {@code render DIR} prints the stored bag as {@code STORED ...}. {@code readonly DIR}
 * reads every value of the bag and commits: what it logged and diffed. {@code detach DIR} checks that
 * values taken before an abort refuse changes, and that abort reverts.
 */
public final class TrackedWorkload {

    public static void main(String[] args) {
        if (args[0].equals("budget")) {
            budget(Path.of(args[1]));
            return;
        }
        try (ObjectStore store = ObjectStore.open(Path.of(args[1]))) {
            switch (args[0]) {
                case "setup":
                    store.setRoot("bag", Bag.filled());
                    store.commit();
                    break;
                case "mutate": mutate(store); break;
                case "render": System.out.println("STORED " + store.root("bag", Bag.class).render()); break;
                case "readonly": readOnly(store); break;
                case "detach": detach(store); break;
                default: throw new IllegalArgumentException(args[0]);
            }
        }
    }

    private static void mutate(ObjectStore store) {
        Patterns.committer = store::commit;
        Bag bag = store.root("bag", Bag.class);
        Bag model = bag.plainCopy();
        List<Pattern> patterns = Patterns.all();
        applyAll(store, patterns, bag, model, 1);
        applyAll(store, patterns, bag, model, 3);
        Bag made = Bag.filled();
        bag.child = made;
        model.child = made.plainCopy();
        store.commit();
        applyAll(store, patterns, made, model.child, 1);
        if (!bag.render().equals(model.render())) {
            throw new AssertionError("the live bag differs from the model:\n" + bag.render() + "\n" + model.render());
        }
        System.out.println("PATTERNS " + patterns.size());
        System.out.println("MODEL " + model.render());
    }

    /** Every pattern on {@code bag} and {@code model}: take, {@code commits} commits, change, commit. */
    private static void applyAll(ObjectStore store, List<Pattern> patterns, Bag bag, Bag model, int commits) {
        for (Pattern pattern : patterns) {
            Object taken = pattern.take(bag);
            Object takenFromModel = pattern.take(model);
            for (int i = 0; i < commits; i++) {
                store.commit();
            }
            String before = model.render();
            pattern.change(taken);
            Runnable committer = Patterns.committer;
            Patterns.committer = () -> { }; // the model's callbacks commit nothing, which would write the bag's change
            pattern.change(takenFromModel);
            Patterns.committer = committer;
            if (before.equals(model.render())) {
                throw new AssertionError("pattern '" + pattern.name + "' changed nothing");
            }
            long logged = store.stats().bytesLogged();
            store.commit();
            if (pattern.commitsInside && store.stats().bytesLogged() == logged) {
                // later patterns change the same collection and would write it whole: the loss shows only here
                throw new AssertionError("pattern '" + pattern.name + "': the commit after the change logged nothing");
            }
        }
    }

    private static void readOnly(ObjectStore store) {
        Bag bag = store.root("bag", Bag.class);
        store.commit();
        StoreStats before = store.stats();
        List<Object> seen = new ArrayList<>();
        for (Bag b = bag; b != null; b = b.child) {
            seen.add(b.render());
            b.list.forEach(seen::add);
            b.map.forEach((k, v) -> seen.add(k + v));
            b.tree.headMap("m").entrySet().forEach(seen::add);
            seen.add(b.sorted.descendingSet().first());
            seen.add(b.groups.get(0).get(0));
            seen.add(b.vectors.get(0)[0]);
            for (int n : b.numbers) {
                seen.add(n);
            }
            seen.add(b.names.length);
        }
        store.commit();
        StoreStats after = store.stats();
        System.out.println("READONLY seen=" + seen.size() + " logged=" + (after.bytesLogged() - before.bytesLogged())
            + " diffed=" + (after.objectsDiffed() - before.objectsDiffed())
            + " compared=" + (after.objectsCompared() - before.objectsCompared()));
    }

    private static void detach(ObjectStore store) {
        Bag bag = store.root("bag", Bag.class);
        List<String> list = bag.list;
        java.util.Set<String> keys = bag.map.keySet();
        java.util.Iterator<String> iterator = bag.sorted.iterator();
        iterator.next();
        String committed = bag.render();
        list.add("before abort");
        store.abort();
        expectDetached("list.add", () -> list.add("after abort"));
        expectDetached("keySet().remove", () -> keys.remove("a"));
        expectDetached("iterator.remove", iterator::remove);
        if (!bag.render().equals(committed)) {
            throw new AssertionError("abort did not revert the bag:\n" + bag.render() + "\n" + committed);
        }
        bag.list.add("after reading again");
        store.commit();
        System.out.println("DETACHED ok");
    }

    /**
     * A collection taken from an object the resident budget then unloads stays the object's: a change through
     * it is committed, and reading the field again gives the same collection.
     */
    private static void budget(Path dir) {
        try (ObjectStore store = ObjectStore.open(dir)) {
            List<Shelf> shelves = new ArrayList<>();
            for (int i = 0; i < 3000; i++) {
                Shelf shelf = new Shelf();
                shelf.titles.add("title " + i);
                shelves.add(shelf);
            }
            store.setRoot("shelves", new ShelfList(shelves));
            store.commit();
        }
        try (ObjectStore store = ObjectStore.open(dir, StoreOptions.builder().residentBudget(1000).build())) {
            List<Shelf> shelves = store.root("shelves", ShelfList.class).shelves;
            List<String> first = shelves.get(0).titles;
            int seen = 0;
            for (Shelf shelf : shelves) {
                seen += shelf.titles.size();
            }
            store.commit();
            if (store.stats().objectsRehollowed() == 0) {
                throw new AssertionError("the budget re-hollowed nothing; seen " + seen);
            }
            first.add("kept");
            if (shelves.get(0).titles != first) {
                throw new AssertionError("the field read again gives another collection than the one taken before");
            }
            store.commit();
        }
        try (ObjectStore store = ObjectStore.open(dir)) {
            System.out.println("BUDGET " + store.root("shelves", ShelfList.class).shelves.get(0).titles);
        }
    }

    private static void expectDetached(String what, Runnable change) {
        try {
            change.run();
        } catch (DetachedCollectionException e) {
            if (!e.getMessage().contains("org.swizzle.it.tracked.")) {
                throw new AssertionError(what + ": the message does not name the class and field: " + e.getMessage());
            }
            if (e.getMessage().contains("was changed")) { // the map and the sorted set were not: the bag holding them was
                throw new AssertionError(what + ": the message says the collection was changed: " + e.getMessage());
            }
            System.out.println("REFUSED " + what + ": " + e.getMessage());
            return;
        }
        throw new AssertionError(what + " through a detached collection did not throw");
    }
}
