package org.swizzle.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * OID to Java object, for identity: one OID, one Java object. Indexed like the store, by logical
 * segment and slot, so a lookup is two array loads and never a hash probe.
 *
 * <p>Written only under the object manager's lock; read without it by loads of stored references,
 * so an object is published with a release store and read with an acquire load: a reader that finds
 * an object sees its state as it was put.
 */
final class ResidentTable {

    private static final int SLOT_BITS = 8;
    private static final int SLOTS = 1 << SLOT_BITS;
    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Object[].class);

    private volatile Object[][] segments = new Object[1024][];

    Object get(long oid) {
        long segment = oid >>> SLOT_BITS;
        Object[][] all = segments;
        if (segment >= all.length) {
            return null;
        }
        Object[] slots = all[(int) segment];
        return slots == null ? null : SLOT.getAcquire(slots, (int) (oid & (SLOTS - 1)));
    }

    void put(long oid, Object object) {
        long segment = oid >>> SLOT_BITS;
        if (segment >= Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("OID " + oid + " is beyond the resident table");
        }
        Object[][] all = segments;
        if (segment >= all.length) {
            all = Arrays.copyOf(all, (int) Math.max(segment + 1, all.length * 2L));
        }
        Object[] slots = all[(int) segment];
        if (slots == null) {
            slots = new Object[SLOTS];
            all[(int) segment] = slots;
        }
        SLOT.setRelease(slots, (int) (oid & (SLOTS - 1)), object);
        segments = all;
    }
}
