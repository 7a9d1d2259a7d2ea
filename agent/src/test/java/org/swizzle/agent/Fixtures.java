package org.swizzle.agent;

import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/** Reflection over fixture classes defined by an {@link EnhancingClassLoader}, which the test code cannot name. */
public final class Fixtures {

    private Fixtures() {
    }

    public static Object newInstance(Class<?> type, Object... arguments) {
        try {
            for (var constructor : type.getDeclaredConstructors()) {
                if (constructor.getParameterCount() == arguments.length && !constructor.isSynthetic()) {
                    constructor.setAccessible(true);
                    return constructor.newInstance(arguments);
                }
            }
            throw new AssertionError("No constructor of " + type + " for " + arguments.length + " arguments");
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    /** Calls static method {@code name} of {@code type}; an exception it throws is rethrown as is. */
    public static Object call(Class<?> type, String name, Object... arguments) throws Throwable {
        for (Method method : type.getDeclaredMethods()) {
            if (method.getName().equals(name) && method.getParameterCount() == arguments.length) {
                method.setAccessible(true);
                try {
                    return method.invoke(null, arguments);
                } catch (InvocationTargetException e) {
                    throw e.getCause();
                }
            }
        }
        throw new AssertionError("No method " + name + " in " + type);
    }

    /** Reads field {@code name} directly, bypassing checks and barriers. */
    public static Object get(Object target, String name) {
        try {
            Field field = field(target.getClass(), name);
            return field.get(target);
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }

    public static Field field(Class<?> type, String name) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            try {
                Field field = c.getDeclaredField(name);
                field.setAccessible(true);
                return field;
            } catch (NoSuchFieldException ignored) {
                // look further up
            }
        }
        throw new AssertionError("No field " + name + " in " + type);
    }
}
