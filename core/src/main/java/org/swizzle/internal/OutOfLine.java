package org.swizzle.internal;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Keeps the slow paths of the accessors (a fault, a stored-reference lookup) out of the code the JIT
 * compiles for the hot path. The accessors reach them through method handles held in fields that are not
 * {@code final}: C2 inlines only through constant handles, so whatever inlining flags are set, a slow path
 * is a real call, the accessor's compiled code stays small, and the inlining budget of the method using it
 * goes to the accessors rather than to faulting (Hosking &amp; Moss's premise that residency checks are
 * nearly free hot depends on it).
 */
public final class OutOfLine {

    private OutOfLine() {
    }

    /** A handle on the static method {@code name} of {@code type} of the class {@code lookup} belongs to. */
    public static MethodHandle handle(MethodHandles.Lookup lookup, String name, MethodType type) {
        try {
            return lookup.findStatic(lookup.lookupClass(), name, type);
        } catch (NoSuchMethodException | IllegalAccessException e) {
            throw new IllegalStateException("Swizzle cannot find its own slow path " + lookup.lookupClass().getName()
                + "." + name, e);
        }
    }

    /**
     * Rethrows what a method handle threw whose method declares no checked exception (a slow path, a JDK method called
     * as {@code super}), so that anything else is a bug.
     */
    public static RuntimeException rethrow(Throwable failure) {
        if (failure instanceof RuntimeException) {
            throw (RuntimeException) failure;
        }
        if (failure instanceof Error) {
            throw (Error) failure;
        }
        throw new IllegalStateException(failure);
    }
}
