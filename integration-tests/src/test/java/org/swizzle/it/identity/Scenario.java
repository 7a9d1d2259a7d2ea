package org.swizzle.it.identity;

import static org.swizzle.it.identity.Checks.CONTENT;
import static org.swizzle.it.identity.Checks.DETACH;
import static org.swizzle.it.identity.Checks.IDENTITY;
import static org.swizzle.it.identity.Checks.SETUP;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.BiConsumer;

import org.swizzle.DetachedCollectionException;
import org.swizzle.ObjectStore;
import org.swizzle.StoreException;
import org.swizzle.StoreOptions;
import org.swizzle.internal.Persistable;

/**
 * The scenarios of issue 16's first part: a stored collection is one thing with an identity, and every
 * reference to it finds the same Java instance after a reload. Each scenario has its own store and three phases,
 * each run by a separately started JVM: {@code write} stores the objects and commits; {@code update} reopens
 * the store, checks what a reload gave back, changes a shared collection through one of its holders and commits;
 * {@code verify} reopens the store once more and checks that the change is seen through every holder.
 */
enum Scenario {

    LIST("list", "one ArrayList in fields of two holders") {
        @Override
        void write(ObjectStore store, Checks c) {
            Holder[] ab = storeSharing(store, Holder.newList("x"), (holder, shared) -> holder.list = shared);
            Holder a = ab[0];
            Holder b = ab[1];
            c.same("a.list == b.list after the commit that stored them", a.list, b.list);
        }

        @Override
        void update(ObjectStore store, Checks c) {
            Holder a = holder(store, "a");
            Holder b = holder(store, "b");
            c.same("a.list == b.list after a reload", a.list, b.list);
            c.renders(CONTENT, "a.list after a reload", "[x]", a.list);
            c.renders(CONTENT, "b.list after a reload", "[x]", b.list);
            a.list.add("y");
            c.renders(IDENTITY, "b.list shows y, added through a.list", "[x, y]", b.list);
            store.commit();
        }

        @Override
        void verify(ObjectStore store, Checks c) {
            Holder a = holder(store, "a");
            Holder b = holder(store, "b");
            c.same("a.list == b.list after a reload", a.list, b.list);
            c.renders(CONTENT, "a.list after y was added through it, committed, reloaded", "[x, y]", a.list);
            c.renders(IDENTITY, "b.list shows y, added through a.list, committed, reloaded", "[x, y]", b.list);
        }
    },

    MAP("map", "one HashMap in fields of two holders") {
        @Override
        void write(ObjectStore store, Checks c) {
            Holder a = new Holder("a");
            Holder b = new Holder("b");
            a.map = Holder.newMap();
            a.map.put("k", 1);
            b.map = a.map;
            store.setRoot("a", a);
            store.setRoot("b", b);
            store.commit();
            c.same("a.map == b.map after the commit that stored them", a.map, b.map);
        }

        @Override
        void update(ObjectStore store, Checks c) {
            Holder a = holder(store, "a");
            Holder b = holder(store, "b");
            c.same("a.map == b.map after a reload", a.map, b.map);
            c.renders(CONTENT, "b.map after a reload", "{k=1}", b.map);
            b.map.put("k2", 2);
            c.renders(IDENTITY, "a.map shows k2, put through b.map", "{k=1, k2=2}", a.map);
            store.commit();
        }

        @Override
        void verify(ObjectStore store, Checks c) {
            Holder a = holder(store, "a");
            Holder b = holder(store, "b");
            c.same("a.map == b.map after a reload", a.map, b.map);
            c.renders(CONTENT, "b.map after k2 was put through it, committed, reloaded", "{k=1, k2=2}", b.map);
            c.renders(IDENTITY, "a.map shows k2, put through b.map, committed, reloaded", "{k=1, k2=2}", a.map);
        }
    },

    SET("set", "one TreeSet in fields of two holders") {
        @Override
        void write(ObjectStore store, Checks c) {
            Holder[] ab = storeSharing(store, Holder.newSortedSet("n", "m"), (holder, shared) -> holder.set = shared);
            Holder a = ab[0];
            Holder b = ab[1];
            c.same("a.set == b.set after the commit that stored them", a.set, b.set);
        }

        @Override
        void update(ObjectStore store, Checks c) {
            Holder a = holder(store, "a");
            Holder b = holder(store, "b");
            c.same("a.set == b.set after a reload", a.set, b.set);
            c.renders(CONTENT, "a.set after a reload, in order", "[m, n]", a.set);
            c.that(CONTENT, "a.set is a TreeSet after a reload", a.set instanceof TreeSet, () -> Checks.describe(a.set));
            a.set.add("o");
            c.renders(IDENTITY, "b.set shows o, added through a.set", "[m, n, o]", b.set);
            store.commit();
        }

        @Override
        void verify(ObjectStore store, Checks c) {
            Holder a = holder(store, "a");
            Holder b = holder(store, "b");
            c.same("a.set == b.set after a reload", a.set, b.set);
            c.renders(CONTENT, "a.set after o was added through it, committed, reloaded", "[m, n, o]", a.set);
            c.renders(IDENTITY, "b.set shows o, added through a.set, committed, reloaded", "[m, n, o]", b.set);
            c.that(CONTENT, "b.set is a TreeSet after a reload", b.set instanceof TreeSet, () -> Checks.describe(b.set));
        }
    },

    MAP_VALUE("mapValue", "one ArrayList in a field of one holder and as a value in a map of another") {
        @Override
        void write(ObjectStore store, Checks c) {
            Holder a = new Holder("a");
            Holder m = new Holder("m");
            a.list = Holder.newList("v");
            m.byKey = Holder.newListMap();
            m.byKey.put("k", a.list);
            store.setRoot("a", a);
            store.setRoot("m", m);
            store.commit();
            c.same("m.byKey.get(\"k\") == a.list after the commit that stored them", a.list, m.byKey.get("k"));
        }

        @Override
        void update(ObjectStore store, Checks c) {
            Holder a = holder(store, "a");
            Holder m = holder(store, "m");
            c.same("m.byKey.get(\"k\") == a.list after a reload", a.list, m.byKey.get("k"));
            c.renders(CONTENT, "m.byKey after a reload", "{k=[v]}", m.byKey);
            c.renders(CONTENT, "a.list after a reload", "[v]", a.list);
            m.byKey.get("k").add("w");
            c.renders(IDENTITY, "a.list shows w, added through m.byKey.get(\"k\")", "[v, w]", a.list);
            store.commit();
        }

        @Override
        void verify(ObjectStore store, Checks c) {
            Holder a = holder(store, "a");
            Holder m = holder(store, "m");
            c.same("m.byKey.get(\"k\") == a.list after a reload", a.list, m.byKey.get("k"));
            c.renders(CONTENT, "m.byKey after w was added through it, committed, reloaded", "{k=[v, w]}", m.byKey);
            c.renders(IDENTITY, "a.list shows w, added through m.byKey.get(\"k\"), committed, reloaded", "[v, w]", a.list);
        }
    },

    SELF("self", "a list that contains itself") {
        @Override
        void write(ObjectStore store, Checks c) {
            Loop loop = new Loop();
            loop.items = Loop.newItems();
            loop.items.add(loop.items);
            loop.items.add("tail");
            store.setRoot("loop", loop);
            store.commit();
            c.same("items.get(0) == items after the commit that stored it", loop.items, loop.items.get(0));
        }

        @Override
        void update(ObjectStore store, Checks c) {
            List<Object> items = root(store, "loop", Loop.class).items;
            c.that(CONTENT, "items holds two elements, the second \"tail\", after a reload",
                items.size() == 2 && "tail".equals(items.get(1)), () -> Checks.describe(items));
            c.same("items.get(0) == items after a reload", items, items.get(0));
            if (items.get(0) instanceof List) {
                @SuppressWarnings("unchecked")
                List<Object> inner = (List<Object>) items.get(0);
                inner.add("more");
            }
            c.renders(IDENTITY, "items shows more, added through items.get(0)", "[this, tail, more]", items);
            store.commit();
        }

        @Override
        void verify(ObjectStore store, Checks c) {
            List<Object> items = root(store, "loop", Loop.class).items;
            c.same("items.get(0) == items after a reload", items, items.get(0));
            c.that(CONTENT, "items.get(1) is \"tail\" after a reload", items.size() > 1 && "tail".equals(items.get(1)),
                () -> Checks.describe(items));
            c.renders(IDENTITY, "items shows more, added through items.get(0), committed, reloaded", "[this, tail, more]", items);
        }
    },

    PLAIN("plain", "a plain ArrayList, made by a class that is not persistent, in fields of two holders") {
        @Override
        void write(ObjectStore store, Checks c) {
            List<String> made = Plain.list("p");
            c.that(SETUP, "Plain.list makes a java.util.ArrayList", made.getClass() == ArrayList.class, () -> Checks.describe(made));
            Holder a = new Holder("a");
            Holder b = new Holder("b");
            a.list = made;
            b.list = made;
            store.setRoot("a", a);
            store.setRoot("b", b);
            store.commit();
            c.same("a.list is the list the application made, after the commit that stored it", made, a.list);
            c.same("b.list is the list the application made, after the commit that stored it", made, b.list);
            made.add("q");
            store.commit();
        }

        @Override
        void update(ObjectStore store, Checks c) {
            Holder a = holder(store, "a");
            Holder b = holder(store, "b");
            c.same("a.list == b.list after a reload", a.list, b.list);
            c.renders(CONTENT, "a.list after a reload: q, added through a local kept across the first commit, committed", "[p, q]", a.list);
            c.renders(CONTENT, "b.list after a reload: q, added through a local kept across the first commit, committed", "[p, q]", b.list);
            List<String> kept = b.list;
            store.commit();
            kept.add("r");
            c.renders(IDENTITY, "a.list shows r, added through b's list kept across commit()", "[p, q, r]", a.list);
            store.commit();
        }

        @Override
        void verify(ObjectStore store, Checks c) {
            Holder a = holder(store, "a");
            Holder b = holder(store, "b");
            c.same("a.list == b.list after a reload", a.list, b.list);
            c.renders(CONTENT, "b.list after r was added through a local kept across commit(), committed, reloaded", "[p, q, r]", b.list);
            c.renders(IDENTITY, "a.list shows r, added through b's list kept across commit(), committed, reloaded", "[p, q, r]", a.list);
        }
    },

    KEPT("kept", "a shared list changed through a local kept across commit()") {
        @Override
        void write(ObjectStore store, Checks c) {
            Holder[] ab = storeSharing(store, Holder.newList("x"), (holder, shared) -> holder.list = shared);
            Holder a = ab[0];
            Holder b = ab[1];
            List<String> kept = a.list;
            store.commit();
            kept.add("w");
            store.commit();
            c.same("b.list == a list taken from a and kept across commit()", kept, b.list);
        }

        @Override
        void update(ObjectStore store, Checks c) {
            Holder a = holder(store, "a");
            Holder b = holder(store, "b");
            List<String> kept = a.list;
            c.same("a.list == b.list after a reload", kept, b.list);
            c.renders(CONTENT, "a.list after a reload: w, added in the first session through a local kept across commit()", "[x, w]", a.list);
            c.renders(IDENTITY, "b.list after a reload: w, added in the first session through a's list kept across commit()", "[x, w]", b.list);
            store.commit();
            kept.add("x2");
            c.renders(IDENTITY, "b.list shows x2, added through a's list kept across commit()", "[x, w, x2]", b.list);
            store.commit();
        }

        @Override
        void verify(ObjectStore store, Checks c) {
            Holder a = holder(store, "a");
            Holder b = holder(store, "b");
            c.same("a.list == b.list after a reload", a.list, b.list);
            c.renders(CONTENT, "a.list after x2 was added through a local kept across commit(), committed, reloaded", "[x, w, x2]", a.list);
            c.renders(IDENTITY, "b.list shows x2, added through a's list kept across commit(), committed, reloaded", "[x, w, x2]", b.list);
        }
    },

    ABORT("abort", "a shared list changed, then abort()") {
        @Override
        void write(ObjectStore store, Checks c) {
            Holder[] ab = storeSharing(store, Holder.newList("c"), (holder, shared) -> holder.list = shared);
            Holder a = ab[0];
            Holder b = ab[1];
        }

        @Override
        void update(ObjectStore store, Checks c) {
            Holder a = holder(store, "a");
            Holder b = holder(store, "b");
            c.same("a.list == b.list after a reload", a.list, b.list);
            List<String> taken = a.list;
            taken.add("uncommitted");
            c.renders(IDENTITY, "b.list shows an element added through a.list before abort()", "[c, uncommitted]", b.list);
            store.abort();
            c.renders(CONTENT, "a.list, read again after abort(), holds the committed contents", "[c]", a.list);
            c.renders(CONTENT, "b.list, read again after abort(), holds the committed contents", "[c]", b.list);
            c.same("a.list == b.list, read again after abort()", a.list, b.list);
            try {
                taken.add("after abort");
                c.that(DETACH, "a change to a list taken before abort() throws DetachedCollectionException", false,
                    () -> "nothing was thrown; the list taken is now " + Checks.describe(taken));
            } catch (DetachedCollectionException e) {
                c.that(DETACH, "a change to a list taken before abort() throws DetachedCollectionException", true, () -> "");
                c.that(DETACH, "its message names the class and the field", e.getMessage().contains(Holder.class.getName())
                    && e.getMessage().contains("list"), e::getMessage);
            } catch (StoreException e) {
                c.that(DETACH, "a change to a list taken before abort() throws DetachedCollectionException", false,
                    () -> "threw " + e);
            }
            a.list.add("after");
            store.commit();
        }

        @Override
        void verify(ObjectStore store, Checks c) {
            Holder a = holder(store, "a");
            Holder b = holder(store, "b");
            c.same("a.list == b.list after a reload", a.list, b.list);
            c.renders(CONTENT, "a.list: the committed element, then one added through the field read again after abort()",
                "[c, after]", a.list);
            c.renders(IDENTITY, "b.list shows the element added through a.list after abort(), committed, reloaded", "[c, after]", b.list);
        }
    },

    NESTED("nested", "one list of parts under two keys of a Map<String, List<Part>>") {
        @Override
        void write(ObjectStore store, Checks c) {
            Holder h = new Holder("h");
            Part one = new Part(1);
            h.parts = Holder.newPartMap();
            List<Part> shared = Holder.newPartList(one, new Part(2));
            h.parts.put("k1", shared);
            h.parts.put("k2", shared);
            h.parts.put("k3", Holder.newPartList(one));
            store.setRoot("h", h);
            store.commit();
            c.same("parts.get(\"k1\") == parts.get(\"k2\") after the commit that stored them", h.parts.get("k1"), h.parts.get("k2"));
        }

        @Override
        void update(ObjectStore store, Checks c) {
            Map<String, List<Part>> parts = holder(store, "h").parts;
            c.same("parts.get(\"k1\") == parts.get(\"k2\") after a reload", parts.get("k1"), parts.get("k2"));
            c.renders(CONTENT, "parts after a reload", "{k1=[part1, part2], k2=[part1, part2], k3=[part1]}", parts);
            c.that(CONTENT, "part 1 under k1 and k3 is one persistent object after a reload",
                parts.get("k1").get(0) == parts.get("k3").get(0), () -> "two instances of part 1");
            parts.get("k2").add(new Part(3));
            c.renders(IDENTITY, "parts.get(\"k1\") shows part 3, added through parts.get(\"k2\")", "[part1, part2, part3]", parts.get("k1"));
            store.commit();
        }

        @Override
        void verify(ObjectStore store, Checks c) {
            Map<String, List<Part>> parts = holder(store, "h").parts;
            c.same("parts.get(\"k1\") == parts.get(\"k2\") after a reload", parts.get("k1"), parts.get("k2"));
            c.renders(CONTENT, "parts.get(\"k2\") after part 3 was added through it, committed, reloaded", "[part1, part2, part3]", parts.get("k2"));
            c.renders(CONTENT, "parts.get(\"k3\") after a reload", "[part1]", parts.get("k3"));
            c.renders(IDENTITY, "parts.get(\"k1\") shows part 3, added through parts.get(\"k2\"), committed, reloaded",
                "[part1, part2, part3]", parts.get("k1"));
            c.that(CONTENT, "part 1 under k2 and k3 is one persistent object after a reload",
                parts.get("k2").get(0) == parts.get("k3").get(0), () -> "two instances of part 1");
        }
    },

    KEYS("keys", "persistent objects as keys of hash and sorted maps and as elements of a hash set") {
        @Override
        void write(ObjectStore store, Checks c) {
            Keyring ring = new Keyring();
            for (int i = 0; i < 5; i++) {
                Part part = new Part(i);
                ring.parts.add(part);
                ring.byPart.put(part, "v" + i);
            }
            ring.picked.add(ring.parts.get(1));
            ring.picked.add(ring.parts.get(3));
            ring.byCode.put(new Keyring.Code("a"), 1);
            ring.byCode.put(new Keyring.Code("b"), 2);
            for (int number : new int[] {3, 1, 2}) {
                ring.ranked.put(new Keyring.Rank(number), "r" + number);
            }
            store.setRoot("ring", ring);
            store.commit();
        }

        @Override
        void update(ObjectStore store, Checks c) {
            Keyring ring = root(store, "ring", Keyring.class);
            checkLookups(ring, c, "v0");
            ring.byPart.put(ring.parts.get(0), "changed");
            ring.picked.remove(ring.parts.get(1));
            ring.byCode.put(new Keyring.Code("a"), 10);
            ring.ranked.put(new Keyring.Rank(0), "r0");
            store.commit();
        }

        @Override
        void verify(ObjectStore store, Checks c) {
            Keyring ring = root(store, "ring", Keyring.class);
            checkLookups(ring, c, "changed");
            c.that(CONTENT, "the part removed from the set through a part reached by another path is gone",
                !ring.picked.contains(ring.parts.get(1)) && ring.picked.size() == 1, () -> ring.picked.size() + " picked");
            c.that(CONTENT, "the value put under an equal code replaced the old one", ring.byCode.get(new Keyring.Code("a")) == 10
                && ring.byCode.size() == 2, () -> Checks.describe(ring.byCode.values()));
            c.renders(CONTENT, "the rank put last is first in order", "rank 0", ring.ranked.firstKey());
        }

        /** Looks parts up by the instances the list gives, and codes by equal new ones. */
        private void checkLookups(Keyring ring, Checks c, String first) {
            c.renders(CONTENT, "the value of part 0, found with the part the list holds", first, ring.byPart.get(ring.parts.get(0)));
            c.renders(CONTENT, "the value of part 4, found with the part the list holds", "v4", ring.byPart.get(ring.parts.get(4)));
            c.that(CONTENT, "the set finds part 3, reached through the list", ring.picked.contains(ring.parts.get(3)), () -> "not found");
            c.that(CONTENT, "the set does not find part 0", !ring.picked.contains(ring.parts.get(0)), () -> "found");
            c.that(CONTENT, "the map finds code b by an equal new key", Integer.valueOf(2).equals(ring.byCode.get(new Keyring.Code("b"))),
                () -> String.valueOf(ring.byCode.get(new Keyring.Code("b"))));
            List<Integer> order = new ArrayList<>();
            ring.ranked.keySet().forEach(rank -> order.add(rank.number));
            c.that(CONTENT, "the sorted map iterates its persistent keys in their natural order",
                order.equals(new ArrayList<>(new TreeSet<>(order))) && order.containsAll(List.of(1, 2, 3)), () -> order.toString());
        }
    },

    BUDGET("budget", "a shared list whose holder the resident budget unloads and faults in again") {
        /** Holders in the rack: three times the smallest budget, so that a commit must unload some. */
        private static final int HOLDERS = 3000;

        @Override
        StoreOptions options(String phase) {
            return phase.equals("update") ? StoreOptions.builder().residentBudget(1000).build() : StoreOptions.defaults();
        }

        @Override
        void write(ObjectStore store, Checks c) {
            List<Holder> holders = new ArrayList<>();
            for (int i = 0; i < HOLDERS; i++) {
                Holder holder = new Holder("h" + i);
                holder.list = Holder.newList("e" + i);
                holders.add(holder);
            }
            holders.get(0).list = Holder.newList("b");
            holders.get(1).list = holders.get(0).list;
            store.setRoot("rack", new Rack(holders));
            store.commit();
            c.same("h0.list == h1.list after the commit that stored them", holders.get(0).list, holders.get(1).list);
        }

        @Override
        void update(ObjectStore store, Checks c) {
            List<Holder> holders = root(store, "rack", Rack.class).holders;
            Holder h0 = holders.get(0);
            Holder h1 = holders.get(1);
            List<String> kept = h0.list;
            c.same("h0.list == h1.list after a reload", kept, h1.list);
            c.renders(CONTENT, "h0.list after a reload", "[b]", kept);
            long elements = holders.stream().mapToLong(holder -> holder.list.size()).sum();
            store.commit();
            long rehollowed = store.stats().objectsRehollowed();
            c.that(SETUP, "the commit re-hollowed objects past the budget", rehollowed > 0, () -> "none, after reading " + elements + " elements");
            c.that(SETUP, "h0 was re-hollowed", ((Persistable) h0).$swz_state() == Persistable.HOLLOW,
                () -> "h0 is still resident; " + rehollowed + " objects were re-hollowed");
            try {
                kept.add("kept");
                c.that(IDENTITY, "a change through h0's list, taken before the budget unloaded h0, is accepted", true, () -> "");
            } catch (DetachedCollectionException e) {
                c.that(IDENTITY, "a change through h0's list, taken before the budget unloaded h0, is accepted", false,
                    () -> "refused: " + e.getMessage());
            }
            List<String> again = h0.list;
            c.same("h0.list, faulted in again after the budget unloaded h0, is the list taken before", kept, again);
            c.that(CONTENT, "h0.list, faulted in again, holds its committed element", again.contains("b"), () -> Checks.describe(again));
            c.renders(IDENTITY, "h0.list, faulted in again, shows the change made through the list taken before", "[b, kept]", again);
            c.same("h0.list == h1.list after h0 was unloaded and faulted in again", again, h1.list);
            store.commit();
        }

        @Override
        void verify(ObjectStore store, Checks c) {
            List<Holder> holders = root(store, "rack", Rack.class).holders;
            c.that(CONTENT, "the rack holds every holder", holders.size() == HOLDERS, () -> holders.size() + " holders");
            c.renders(CONTENT, "the last holder's own list", "[e" + (HOLDERS - 1) + "]", holders.get(HOLDERS - 1).list);
            c.same("h0.list == h1.list after a reload", holders.get(0).list, holders.get(1).list);
            c.that(CONTENT, "h0.list holds its first element", holders.get(0).list.contains("b"), () -> Checks.describe(holders.get(0).list));
            c.renders(IDENTITY, "h0.list holds the change made through a list taken before the budget unloaded h0, committed, reloaded",
                "[b, kept]", holders.get(0).list);
            c.renders(IDENTITY, "h1.list shows that change too", "[b, kept]", holders.get(1).list);
        }
    };

    /** The scenario's name in the child's output and its store's directory. */
    final String id;
    /** What it shares, for messages. */
    final String description;

    Scenario(String id, String description) {
        this.id = id;
        this.description = description;
    }

    abstract void write(ObjectStore store, Checks c);

    abstract void update(ObjectStore store, Checks c);

    abstract void verify(ObjectStore store, Checks c);

    /** The options the phase opens the scenario's store with. */
    StoreOptions options(String phase) {
        return StoreOptions.defaults();
    }

    void run(String phase, ObjectStore store, Checks c) {
        switch (phase) {
            case "write": write(store, c); break;
            case "update": update(store, c); break;
            case "verify": verify(store, c); break;
            default: throw new IllegalArgumentException(phase);
        }
    }

    /** Stores holders {@code a} and {@code b} as roots, both given {@code shared} by {@code field}, and commits. */
    private static <C> Holder[] storeSharing(ObjectStore store, C shared, BiConsumer<Holder, C> field) {
        Holder a = new Holder("a");
        Holder b = new Holder("b");
        field.accept(a, shared);
        field.accept(b, shared);
        store.setRoot("a", a);
        store.setRoot("b", b);
        store.commit();
        return new Holder[] {a, b};
    }

    private static Holder holder(ObjectStore store, String name) {
        return root(store, name, Holder.class);
    }

    /** The object bound to {@code name}; a missing one means the write phase did not commit it. */
    private static <T> T root(ObjectStore store, String name, Class<T> type) {
        T root = store.root(name, type);
        if (root == null) {
            throw new IllegalStateException("no root '" + name + "': the write phase did not commit the scenario");
        }
        return root;
    }
}
