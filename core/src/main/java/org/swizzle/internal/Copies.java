package org.swizzle.internal;

/**
 * What the JDK's two ways of copying an object by its fields need from a persistent one. {@code Object.clone()}
 * copies every field bit for bit: the original's fields are faulted in first, so the copy holds values rather
 * than a hollow object's defaults, and the copy is made a new, transient object, so that it does not claim the
 * original's OID (a commit would write the copy over the original); the agent wraps each {@code clone()} call
 * made in a persistent class with {@link #beforeClone} and {@link #cloned}. Java serialization reads the fields
 * by reflection: every persistent class's {@code writeObject} starts with {@link #beforeSerialization}.
 */
public final class Copies {

    private Copies() {
    }

    /** Makes {@code original} resident if it is a hollow persistent object. */
    public static void beforeClone(Object original) {
        if (original instanceof Persistable) {
            makeResident((Persistable) original);
        }
    }

    /**
     * Makes {@code object} resident if it is hollow, and puts the target of each of its stored references
     * ({@code swizzle=edge} and {@code none}) in its Java field: serialization reads the Java fields, not through
     * the accessors. The object's stored state does not change.
     */
    public static void beforeSerialization(Object object) {
        if (object instanceof Persistable) {
            Persistable persistent = (Persistable) object;
            makeResident(persistent);
            persistent.$swz_resolveStored(false); // kept: another thread may be reading them
        }
    }

    private static void makeResident(Persistable object) {
        if (object.$swz_state() != Persistable.RESIDENT) {
            Faults.fault(object);
        }
    }

    /**
     * Returns {@code copy}, made transient if it is a bitwise copy of the persistent {@code original}: a
     * distinct instance of the same class with the same OID in the same store, which only a clone can be. A copy
     * of a transient original is a transient object already. Either way, if the two share arrays, both are
     * watched. Any other result (the original itself, an object of the user's choosing) is returned untouched.
     */
    public static Object cloned(Object original, Object copy) {
        if (original == copy || !(original instanceof Persistable) || copy == null || copy.getClass() != original.getClass()) {
            return copy;
        }
        Persistable from = (Persistable) original;
        Persistable made = (Persistable) copy;
        if (made.$swz_oid() != from.$swz_oid() || made.$swz_context() != from.$swz_context()) {
            return copy;
        }
        if (from.$swz_oid() != 0) {
            made.$swz_resolveStored(true); // while it still has the original's store to look the OIDs up in
            StateWord.set(made, StateWord.OID_MASK | StateWord.STORE_MASK | StateWord.DIRTY_MASK | StateWord.WATCHED_BIT, 0);
            made.$swz_address(0);
        }
        if (holdsArray(made)) {
            // the two share their arrays, and a store into an element through either changes both
            if (made.$swz_flags() == 0) {
                Escapes.array(made);
            }
            if (from.$swz_flags() == 0) {
                Escapes.array(from);
            }
        }
        return copy;
    }

    private static boolean holdsArray(Persistable object) {
        Object[] arrays = ClassLayout.of(object.getClass()).arrays(object);
        for (Object array : arrays) {
            if (array != null) {
                return true;
            }
        }
        return false;
    }
}
