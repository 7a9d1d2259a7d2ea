package org.swizzle.internal;

/**
 * What a persistent class's {@code clone()} needs besides {@code Object.clone()}, which copies every field
 * bit for bit: the original's fields are faulted in first, so the copy holds values rather than a hollow
 * object's defaults, and the copy is made a new, transient object, so that it does not claim the original's
 * OID (a commit would write the copy over the original). The agent wraps each {@code clone()} call made in a
 * persistent class with {@link #beforeClone} and {@link #cloned}.
 */
public final class Clones {

    private Clones() {
    }

    /** Makes {@code original} resident if it is a hollow persistent object. */
    public static void beforeClone(Object original) {
        if (original instanceof Persistable && ((Persistable) original).$swz_state() != Persistable.RESIDENT) {
            Faults.fault((Persistable) original);
        }
    }

    /**
     * Returns {@code copy}, made transient if it is a bitwise copy of the persistent {@code original}: a
     * distinct instance of the same class with the same OID in the same store, which only a clone can be.
     * Any other result (the original itself, an object of the user's choosing, a copy of a transient object)
     * is returned untouched.
     */
    public static Object cloned(Object original, Object copy) {
        if (original == copy || !(original instanceof Persistable) || copy == null || copy.getClass() != original.getClass()) {
            return copy;
        }
        Persistable from = (Persistable) original;
        Persistable made = (Persistable) copy;
        if (from.$swz_oid() == 0 || made.$swz_oid() != from.$swz_oid() || made.$swz_context() != from.$swz_context()) {
            return copy;
        }
        made.$swz_resolveStored(); // while it still has the original's store to look the OIDs up in
        made.$swz_oid(0);
        made.$swz_context(null);
        made.$swz_address(0);
        made.$swz_dirty((byte) 0);
        made.$swz_flags((byte) 0);
        if (holdsArray(made)) {
            // the two share their arrays, and a store into an element through either changes both
            Escapes.array(made);
            if (from.$swz_flags() == 0) {
                Escapes.array(from);
            }
        }
        return copy;
    }

    private static boolean holdsArray(Persistable object) {
        Object[] arrays = ClassLayout.of(object.getClass()).arrays(object);
        if (arrays == null) {
            return true;
        }
        for (Object array : arrays) {
            if (array != null) {
                return true;
            }
        }
        return false;
    }
}
