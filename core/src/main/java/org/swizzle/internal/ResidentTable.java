package org.swizzle.internal;

import java.util.Arrays;

/**
 * OID to Java object, for identity: one OID, one Java object. Indexed like the store, by logical
 * segment and slot, so a lookup is two array loads and never a hash probe.
 */
final class ResidentTable {

    private static final int SLOT_BITS = 8;
    private static final int SLOTS = 1 << SLOT_BITS;

    private Object[][] segments = new Object[1024][];

    Object get(long oid) {
        long segment = oid >>> SLOT_BITS;
        if (segment >= segments.length) {
            return null;
        }
        Object[] slots = segments[(int) segment];
        return slots == null ? null : slots[(int) (oid & (SLOTS - 1))];
    }

    void put(long oid, Object object) {
        long segment = oid >>> SLOT_BITS;
        if (segment >= Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("OID " + oid + " is beyond the resident table");
        }
        if (segment >= segments.length) {
            segments = Arrays.copyOf(segments, (int) Math.max(segment + 1, segments.length * 2L));
        }
        Object[] slots = segments[(int) segment];
        if (slots == null) {
            slots = new Object[SLOTS];
            segments[(int) segment] = slots;
        }
        slots[(int) (oid & (SLOTS - 1))] = object;
    }
}
