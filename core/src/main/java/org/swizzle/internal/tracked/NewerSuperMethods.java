package org.swizzle.internal.tracked;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Methods Java 21 added to a JDK collection class ({@code LinkedHashSet.addFirst}, {@code LinkedHashMap.pollLastEntry})
 * that a tracked subclass overrides to note the change first, then runs as {@code super} would: compiled for Java 17,
 * the subclass reaches them through method handles, which are null on an older runtime, where no caller reaches them
 * through the JDK's types.
 */
final class NewerSuperMethods {

    private NewerSuperMethods() {
    }

    /** {@code jdkClass}'s method {@code name} of {@code type}, called as {@code super} from the lookup's class; null if absent. */
    static MethodHandle find(MethodHandles.Lookup caller, Class<?> jdkClass, String name, MethodType type) {
        try {
            return caller.findSpecial(jdkClass, name, type, caller.lookupClass());
        } catch (NoSuchMethodException | IllegalAccessException e) {
            return null;
        }
    }

    /** Refuses a call of {@code method}, named {@code name}, that the runtime does not have. */
    static void requirePresent(MethodHandle method, String name) {
        if (method == null) {
            throw new UnsupportedOperationException(name + " needs Java 21 or later");
        }
    }
}
