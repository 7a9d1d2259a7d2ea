package org.swizzle.it.collections;

import java.util.Map;
import java.util.function.Function;

/**
 * One operation drawn at random, applied alike to a live value (of the stored bag) and to its model
 * twin; its outcome (the value it returned, or the exception it threw) must be the same on both.
 *
 * @param text   what it does, for the child's log
 * @param action the operation; its argument is the live value or the model value
 * @param yields the kind of the view or iterator it returns, to hold as a new handle; null if none
 */
record Op(String text, Function<Object, Object> action, Kind yields) {

    @SuppressWarnings("unchecked")
    static <T> Op of(String text, Function<T, Object> action) {
        return new Op(text, value -> action.apply((T) value), null);
    }

    @SuppressWarnings("unchecked")
    static <T> Op view(String text, Kind yields, Function<T, Object> action) {
        return new Op(text, value -> action.apply((T) value), yields);
    }

    /** Runs the operation on {@code target}: its result, or the {@link Thrown} exception. */
    Object run(Object target) {
        try {
            return action.apply(target);
        } catch (RuntimeException e) {
            return new Thrown(e);
        }
    }

    /** The outcome of {@link #run} as text, comparable between the live value and the model. */
    String outcome(Object result) {
        if (result instanceof Thrown thrown) {
            return "threw " + thrown.exception.getClass().getSimpleName();
        }
        if (yields != null) {
            return "a " + yields;
        }
        if (result instanceof Map.Entry<?, ?> entry) {
            return entry.getKey() + "=" + entry.getValue();
        }
        return String.valueOf(result);
    }

    /** An exception an operation threw. */
    record Thrown(RuntimeException exception) {
    }
}
