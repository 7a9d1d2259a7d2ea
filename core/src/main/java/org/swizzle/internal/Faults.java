package org.swizzle.internal;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Arrays;

/**
 * The slow path of the residency check the agent puts before every persistent field access: the
 * object is hollow, so its owning object manager fills it in place. The accessors' call is small; the
 * fault itself is reached {@link OutOfLine out of line}.
 */
public final class Faults {

    /** {@link #faultNow}, through a handle the JIT cannot inline: not {@code final} on purpose. */
    private static MethodHandle faultNow = OutOfLine.handle(MethodHandles.lookup(), "faultNow",
        MethodType.methodType(void.class, Persistable.class));

    private Faults() {
    }

    /** Makes {@code object} resident. Called only when its {@code $swz_state} is not {@code RESIDENT}. */
    public static void fault(Persistable object) {
        try {
            faultNow.invokeExact(object);
        } catch (Throwable failure) {
            throw OutOfLine.rethrow(failure);
        }
    }

    /**
     * Reads collection field {@code field} (hierarchy-global index) of {@code object}, which a read left for later: its
     * getter found it null while the object is not resident ({@link Persistable#PENDING}).
     */
    public static void readCollection(Persistable object, int field) {
        ObjectManager manager = OpenStores.managerOf(object, OpenStores::closedToRead);
        if (manager != null) {
            manager.readLeftCollection(object, field);
        }
    }

    /**
     * What a checked accessor throws in place of the {@code NullPointerException} its residency check raised on a
     * null object: one that says the {@code access} the application made ({@code read field "f" of C}) rather than the
     * state the check loads, and starts at the application's frame: its own trace less this method's frame and the
     * accessor's. The one raised may have no trace at all (a JIT throwing a preallocated exception where the throw is
     * frequent and caught in the method), so it is not used.
     */
    public static NullPointerException nullObject(NullPointerException raised, String access) {
        NullPointerException refused = new NullPointerException("Cannot " + access + " because the reference is null");
        StackTraceElement[] trace = refused.getStackTrace();
        if (trace.length > 2) {
            refused.setStackTrace(Arrays.copyOfRange(trace, 2, trace.length));
        }
        return refused;
    }

    private static void faultNow(Persistable object) {
        ObjectManager manager = OpenStores.managerOf(object, OpenStores::closedToRead);
        if (manager == null) {
            throw new IllegalStateException("Hollow object of " + object.getClass().getName() + " has no store");
        }
        manager.fault(object);
    }
}
