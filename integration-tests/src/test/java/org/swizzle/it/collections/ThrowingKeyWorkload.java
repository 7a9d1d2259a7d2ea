package org.swizzle.it.collections;

import java.nio.file.Path;

import org.swizzle.ObjectStore;

/**
 * The child JVM of {@link ThrowingKeyTest}: {@code write DIR} stores a set, a map and a sorted set of {@link Fussy} keys;
 * {@code read DIR WHICH}, in a JVM whose keys' {@code hashCode} and {@code compareTo} throw, reads them and prints what was thrown; {@code verify DIR} reads them
 * in a JVM whose keys hash. Each check prints {@code CHECK PASS|FAIL label}.
 */
public final class ThrowingKeyWorkload {

    public static void main(String[] args) {
        try (ObjectStore store = ObjectStore.open(Path.of(args[1]))) {
            switch (args[0]) {
                case "write": write(store); break;
                case "read": read(store, args[2]); break;
                default: verify(store); break;
            }
        }
        System.out.println("DONE " + args[0]);
    }

    private static void write(ObjectStore store) {
        FussyHolder holder = store.root("holder", FussyHolder.class, FussyHolder::new);
        for (String name : new String[] {"a", "b", "c"}) {
            holder.set.add(new Fussy(name));
            holder.map.put(new Fussy(name), name.length());
            holder.sorted.add(new Fussy(name));
        }
        store.commit();
    }

    private static void read(ObjectStore store, String which) {
        FussyHolder holder = store.root("holder", FussyHolder.class);
        try {
            int size = which.equals("set") ? holder.set.size() : which.equals("map") ? holder.map.size() : holder.sorted.size();
            System.out.println("CHECK FAIL the " + which + " was read though its keys' hashCode and compareTo throw: " + size);
        } catch (IndexOutOfBoundsException e) {
            check(e.getMessage().startsWith("Fussy."), "the " + which + "'s read throws the exception its key threw: " + e);
        } catch (RuntimeException e) {
            check(false, "the " + which + "'s read throws the exception its key threw, not " + e);
        }
    }

    private static void verify(ObjectStore store) {
        FussyHolder holder = store.root("holder", FussyHolder.class);
        check(holder.set.size() == 3 && holder.set.contains(new Fussy("b")) && holder.map.get(new Fussy("c")) == 1
                && holder.sorted.size() == 3 && holder.sorted.contains(new Fussy("a")),
            "the set, the map and the sorted set read whole where their keys hash and compare: " + holder.set.size() + " "
                + holder.map + " " + holder.sorted.size());
    }

    private static void check(boolean holds, String label) {
        System.out.println("CHECK " + (holds ? "PASS " : "FAIL ") + label);
    }
}
