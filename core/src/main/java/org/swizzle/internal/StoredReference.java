package org.swizzle.internal;

/**
 * A stored reference packed into one {@code long}, as reference fields keep it beside the Java
 * reference under edge marking and no swizzling: the class id in the high bits (so that the
 * target's fault block is made without reading the target) and the OID in the low 40 bits.
 * {@code 0} is the null reference, or "the Java field holds the reference".
 */
final class StoredReference {

    private static final int OID_BITS = 40;
    private static final long OID_MASK = (1L << OID_BITS) - 1;
    /** Class ids that fit above the OID with the sign bit clear. */
    static final int MAX_CLASS_ID = (1 << (63 - OID_BITS)) - 1;

    private StoredReference() {
    }

    /** Whether the pair can be packed: the OID fits in 40 bits and the class id in 23. */
    static boolean fits(long oid, int classId) {
        return oid > 0 && oid <= OID_MASK && classId >= 0 && classId <= MAX_CLASS_ID;
    }

    static long pack(long oid, int classId) {
        return (long) classId << OID_BITS | oid;
    }

    static long oid(long stored) {
        return stored & OID_MASK;
    }

    static int classId(long stored) {
        return (int) (stored >>> OID_BITS);
    }
}
