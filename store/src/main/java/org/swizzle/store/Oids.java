package org.swizzle.store;

/**
 * How an OID names its home: {@code segment * 256 + slot}. Finding an object is indexing the
 * segment directory with the segment number, then the segment's object table with the slot.
 */
final class Oids {
    static final int SLOT_BITS = 8;
    static final int SLOTS_PER_SEGMENT = 1 << SLOT_BITS;
    static final int SLOT_MASK = SLOTS_PER_SEGMENT - 1;

    /** The first OID handed out by {@code newObject()}: 0 is null, 1 and 2 are reserved. */
    static final long FIRST_NEW_OID = 3;

    private Oids() {
    }

    static long segment(long oid) {
        return oid >>> SLOT_BITS;
    }

    static int slot(long oid) {
        return (int) oid & SLOT_MASK;
    }

    static long firstOidOf(long segment) {
        return segment << SLOT_BITS;
    }
}
