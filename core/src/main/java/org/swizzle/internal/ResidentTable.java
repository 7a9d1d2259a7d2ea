package org.swizzle.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.Arrays;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/**
 * OID to Java object, for identity: one OID, one Java object. Indexed like the store, by logical
 * segment and slot, so a lookup is two array loads and never a hash probe.
 *
 * <p>The table holds resident objects, and hollow ones weakly: a hollow object (a fault block never
 * filled, or one the budget or an abort re-hollowed) that neither the application nor another object
 * holds is released by the garbage collector, and the next reference to its OID makes a new instance,
 * which no one can tell from the old. So identity is kept for as long as anyone holds an object, and
 * the table costs memory for the objects in use, not for every object ever touched. Collections are
 * held weakly too: they have no hollow state, and are kept by what holds them. Released entries are
 * cleared as the table is written.
 *
 * <p>A slot holds a resident object itself and anything else through a weak {@link Entry}, so that a
 * resident object costs the table one reference rather than a reference object of its own: a million
 * resident objects would otherwise carry a million of them, as large as the objects, between them in
 * memory and in every garbage collection's reference processing.
 *
 * <p>Written only under the object manager's lock; read without it by loads of stored references,
 * so an entry is published with a release store and read with an acquire load: a reader that finds
 * an object sees its state as it was put.
 */
final class ResidentTable {

    private static final int SLOT_BITS = 8;
    private static final int SLOTS = 1 << SLOT_BITS;
    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Object[].class);

    /** The slot of an object held weakly: the object, and the OID whose slot to clear once it is released. */
    private static final class Entry extends WeakReference<Object> {
        final long oid;

        Entry(Object object, long oid, ReferenceQueue<Object> released) {
            super(object, released);
            this.oid = oid;
        }
    }

    private final ReferenceQueue<Object> released = new ReferenceQueue<>();
    private volatile Object[][] segments = new Object[1024][];
    /** Entries per segment: a segment left without any gives its slots back, so the table follows what is in memory, not every OID ever used. */
    private int[] counts = new int[1024];
    private long entries;

    /** The object of {@code oid}, or null if there is none or it was released. */
    Object get(long oid) {
        long segment = oid >>> SLOT_BITS;
        Object[][] all = segments;
        if (segment >= all.length) {
            return null;
        }
        Object[] slots = all[(int) segment];
        if (slots == null) {
            return null;
        }
        return held(SLOT.getAcquire(slots, (int) (oid & (SLOTS - 1))));
    }

    /** The object a slot holds: itself while it is resident, through its entry otherwise; null for none or released. */
    private static Object held(Object slot) {
        return slot instanceof Entry ? ((Entry) slot).get() : slot;
    }

    /** Makes {@code object}, held weakly, the one of {@code oid}; {@code null} forgets the OID's object. */
    void put(long oid, Object object) {
        put(oid, object, false);
    }

    /** Makes {@code object}, resident, the one of {@code oid}, held strongly: {@code put} then {@code resident}. */
    void putResident(long oid, Object object) {
        put(oid, Objects.requireNonNull(object), true);
    }

    private void put(long oid, Object object, boolean resident) {
        expungeReleased();
        long segment = oid >>> SLOT_BITS;
        if (segment >= Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("OID " + oid + " is beyond the resident table");
        }
        Object[][] all = segments;
        boolean reshaped = false;
        if (segment >= all.length) {
            all = Arrays.copyOf(all, (int) Math.max(segment + 1, all.length * 2L));
            counts = Arrays.copyOf(counts, all.length);
            reshaped = true;
        }
        Object[] slots = all[(int) segment];
        if (slots == null) {
            if (object == null) {
                return;
            }
            slots = new Object[SLOTS];
            all[(int) segment] = slots;
            reshaped = true;
        }
        int slot = (int) (oid & (SLOTS - 1));
        if (slots[slot] != null) {
            entries--;
            counts[(int) segment]--;
        }
        if (object != null) {
            entries++;
            counts[(int) segment]++;
        }
        SLOT.setRelease(slots, slot, object == null || resident ? object : new Entry(object, oid, released));
        if (counts[(int) segment] == 0) {
            all[(int) segment] = null;
            reshaped = true;
        }
        if (reshaped) {
            segments = all; // publishes the new slots or table; a slot alone is published by its release store
        }
    }

    /** Holds the object of {@code oid}, which is in the table, strongly while it is resident ({@code true}), or weakly again. */
    void resident(long oid, boolean resident) {
        Object[] slots = segments[(int) (oid >>> SLOT_BITS)];
        int slot = (int) (oid & (SLOTS - 1));
        Object object = Objects.requireNonNull(held(slots[slot]), "no object in memory for OID " + oid);
        SLOT.setRelease(slots, slot, resident ? object : new Entry(object, oid, released));
    }

    /**
     * Hands the OID of every object in memory in the next {@code count} segments of the table that hold any, from
     * {@code segment} on, to {@code action}; returns the segment to go on from, or -1 after the last. Segments without
     * an entry (see {@link #put}) are passed over without counting, so a pass costs what is in memory.
     */
    long forEachOid(long segment, int count, LongConsumer action) {
        Object[][] all = segments;
        long s = segment;
        for (int visited = 0; visited < count && s < all.length; s++) {
            Object[] slots = all[(int) s];
            if (slots == null) {
                continue;
            }
            visited++;
            for (int slot = 0; slot < SLOTS; slot++) {
                if (held(slots[slot]) != null) {
                    action.accept(s << SLOT_BITS | slot);
                }
            }
        }
        return s >= all.length ? -1 : s;
    }

    /** Hands every object in memory, resident or held weakly and not released yet, to {@code action}. */
    void forEachObject(Consumer<Object> action) {
        for (Object[] slots : segments) {
            if (slots == null) {
                continue;
            }
            for (Object slot : slots) {
                Object object = held(slot);
                if (object != null) {
                    action.accept(object);
                }
            }
        }
    }

    /** The OIDs that have an entry, released objects whose entries were not cleared yet included. */
    long entries() {
        expungeReleased();
        return entries;
    }

    /** Clears the entries of the objects the garbage collector released since the last call. */
    private void expungeReleased() {
        Object[][] all = segments;
        for (Entry entry = (Entry) released.poll(); entry != null; entry = (Entry) released.poll()) {
            int segment = (int) (entry.oid >>> SLOT_BITS);
            Object[] slots = all[segment];
            int slot = (int) (entry.oid & (SLOTS - 1));
            if (slots != null && slots[slot] == entry) {
                SLOT.setRelease(slots, slot, null);
                entries--;
                if (--counts[segment] == 0) {
                    all[segment] = null;
                }
            }
        }
    }
}
