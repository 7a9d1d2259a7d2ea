package org.swizzle.it.collections;

import java.nio.file.Path;

import org.swizzle.IncompatibleSchemaException;
import org.swizzle.ObjectStore;

/**
 * The child JVM of {@link EqualKeysTest}, its keys equal as {@code -Dnamed.equality} says (see {@link Named}).
 * {@code write DIR} stores root "cased" (keys "a", "A" and "b" in a set, a map and a sorted map) and root "changed",
 * whose map's key "y" is then renamed "x", as its other key, through a field, and committed. {@code read DIR ROOT}
 * touches the root's collections, {@code fix DIR} names the renamed key "y" again, and {@code verify DIR} checks both
 * roots whole. Each check prints {@code CHECK PASS|FAIL label}.
 */
public final class EqualKeysWorkload {

    public static void main(String[] args) {
        try (ObjectStore store = ObjectStore.open(Path.of(args[1]))) {
            switch (args[0]) {
                case "write": write(store); break;
                case "read": read(store, args[2]); break;
                case "fix": fix(store); break;
                default: verify(store); break;
            }
        }
        System.out.println("DONE " + args[0]);
    }

    private static void write(ObjectStore store) {
        NamedHolder cased = store.root("cased", NamedHolder.class, NamedHolder::new);
        int value = 1;
        for (String name : new String[] {"a", "A", "b"}) {
            cased.set.add(new Named(name));
            cased.map.put(new Named(name), value);
            cased.sorted.put(new Named(name), value++);
        }
        NamedHolder changed = store.root("changed", NamedHolder.class, NamedHolder::new);
        changed.first = new Named("x");
        changed.second = new Named("y");
        changed.map.put(changed.first, 1);
        changed.map.put(changed.second, 2);
        store.commit();
        changed.second.name = "x";
        store.commit();
    }

    private static void read(ObjectStore store, String root) {
        NamedHolder holder = store.root(root, NamedHolder.class);
        for (int touch = 1; touch <= 2; touch++) {
            try {
                int sizes = holder.set.size() + holder.map.size() + holder.sorted.size();
                check(false, root + ": read with keys that are now equal, dropping entries (" + sizes + ")");
            } catch (IncompatibleSchemaException e) {
                String message = e.getMessage();
                check(message.contains("Field " + NamedHolder.class.getName() + ".") && message.contains("are now equal")
                        && message.contains("of " + Named.class.getName() + ")") && message.contains("equals")
                        && (message.contains(" or an element was changed") || message.contains(" or a key was changed"))
                        && message.contains("Object's own, by identity")
                        && message.contains("Until then the object that holds the collection cannot be read"),
                    root + ": touch " + touch + " refused, naming the field and the key class: " + message);
            }
        }
    }

    private static void fix(ObjectStore store) {
        NamedHolder changed = store.root("changed", NamedHolder.class);
        check(changed.map.size() == 2, "changed: read whole where keys are equal by identity: " + changed.map);
        changed.second.name = "y";
        store.commit();
    }

    private static void verify(ObjectStore store) {
        NamedHolder cased = store.root("cased", NamedHolder.class);
        check(cased.set.size() == 3 && cased.set.contains(new Named("A")) && cased.map.size() == 3
                && cased.map.get(new Named("a")) == 1 && cased.map.get(new Named("A")) == 2
                && cased.sorted.toString().equals("{A=2, a=1, b=3}"),
            "cased: nothing was lost or written by the refused reads: " + cased.set + " " + cased.map + " " + cased.sorted);
        NamedHolder changed = store.root("changed", NamedHolder.class);
        check(changed.map.size() == 2 && changed.map.get(new Named("x")) == 1 && changed.map.get(new Named("y")) == 2,
            "changed: whole once its key was named apart: " + changed.map);
    }

    private static void check(boolean holds, String label) {
        System.out.println("CHECK " + (holds ? "PASS " : "FAIL ") + label);
    }
}
