package org.swizzle.it.faulting;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import org.swizzle.ObjectStore;
import org.swizzle.Persistent;
import org.swizzle.StoreOptions;
import org.swizzle.it.Phases;

/**
 * The child JVM of {@link NestedFaultTest}: a confined store under a resident budget far below what one fault makes
 * resident under {@code swizzle=eager}, where filling a set calls a persistent key's {@code hashCode}, which faults
 * the key in the middle of the outer fault.
 */
public final class NestedFaultWorkload {

    static final int ITEMS = 3_000;
    static final int BUDGET = 1_000;

    /** A key whose hash code reads its field, so that a set of keys faults each key as it is filled. */
    @Persistent
    public static class Key {
        int id;

        Key(int id) {
            this.id = id;
        }

        @Override
        public int hashCode() {
            return id;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Key && ((Key) other).id == id;
        }
    }

    @Persistent
    public static class Item {
        String name;
        Set<Key> keys = new HashSet<>();
    }

    @Persistent
    public static class Holder {
        int count;
        String label;
        Item[] items;
    }

    private final String phase;

    private NestedFaultWorkload(String phase) {
        this.phase = phase;
    }

    public static void main(String[] args) throws Exception {
        NestedFaultWorkload workload = new NestedFaultWorkload(args[0]);
        Phases.run(args, StoreOptions.builder().residentBudget(BUDGET).confined(true).build(),
            Map.of("build", workload::build, "update", workload::update, "verify", workload::verify));
    }

    private void build(ObjectStore store) {
        Holder holder = store.root("holder", Holder.class, Holder::new);
        holder.label = "holder";
        holder.count = 41;
        holder.items = new Item[ITEMS];
        for (int i = 0; i < ITEMS; i++) {
            holder.items[i] = new Item();
            holder.items[i].name = "item-" + i;
        }
        holder.items[0].keys.add(new Key(1));
        holder.items[ITEMS - 1].keys.add(new Key(2));
        store.commit();
    }

    /** The first access to the holder after the open faults it, then everything it refers to, then the keys. */
    private void update(ObjectStore store) {
        Holder holder = store.root("holder", Holder.class);
        holder.count = holder.count + 1;
        Phases.check(phase, "the holder read by its first access: count " + holder.count + ", label " + holder.label,
            holder.count == 42 && "holder".equals(holder.label));
        store.commit();
        Phases.halt(phase);
    }

    private void verify(ObjectStore store) {
        Holder holder = store.root("holder", Holder.class);
        Phases.check(phase, "count " + holder.count + ", label " + holder.label + ", items "
            + (holder.items == null ? null : holder.items.length), holder.count == 42 && "holder".equals(holder.label)
            && holder.items != null && holder.items.length == ITEMS && holder.items[ITEMS - 1].keys.contains(new Key(2)));
    }
}
