package org.swizzle.internal;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * The slow path of a load of a reference field that still holds a stored reference
 * ({@code swizzle=edge} and {@code swizzle=none}): the generated accessor calls it only when the
 * Java field is {@code null} and the stored reference is not.
 */
public final class References {

    /** {@link #lookUp}, through a handle the JIT cannot inline: not {@code final} on purpose (see {@link OutOfLine}). */
    private static MethodHandle lookUp = OutOfLine.handle(MethodHandles.lookup(), "lookUp",
        MethodType.methodType(Object.class, Persistable.class, long.class));

    private References() {
    }

    /**
     * The Java object for {@code stored}, held by {@code owner}: the resident object, or the target's
     * fault block (made now, without I/O, if there is none yet). Counted as an OID lookup.
     */
    public static Object target(Persistable owner, long stored) {
        try {
            return (Object) lookUp.invokeExact(owner, stored);
        } catch (Throwable failure) {
            throw OutOfLine.rethrow(failure);
        }
    }

    /**
     * What {@code $swz_find$f} throws when the target of a stored reference of {@code owner}'s field {@code field}
     * (qualified name) failed the field's cast ({@code e}): its class, or the field's type, changed since it was stored.
     */
    public static RuntimeException notAdmitted(Persistable owner, String field, ClassCastException e) {
        return OpenStores.managerOf(owner, OpenStores::closedToFollow).notAdmitted(owner, field, e);
    }

    private static Object lookUp(Persistable owner, long stored) {
        return OpenStores.managerOf(owner, OpenStores::closedToFollow).target(stored);
    }

    /**
     * Whether a load under edge marking swizzles the reference in place: only when {@code target} is
     * resident (swizzling upon discovery, lazily, as EPVM 2.0 does); a fault block stays out of the field.
     */
    public static boolean swizzlesInPlace(Object target) {
        Persistable object = (Persistable) target;
        if (object == null || object.$swz_state() != Persistable.RESIDENT) { // null: a dropped object
            return false;
        }
        Object context = object.$swz_context();
        if (context instanceof ObjectManager) {
            ((ObjectManager) context).swizzledInPlace();
        }
        return true;
    }
}
