package org.swizzle;

/**
 * A {@code @Persistent} class that cannot be stored for a reason about the class itself, not one of
 * its fields: a record, an enum or an interface marked {@code @Persistent}, a superclass that is
 * neither {@code Object} nor persistent, an inner class whose enclosing class is not persistent, a
 * stored field that hides a stored field of a persistent superclass (or claims its name through
 * {@link PreviousNames}), or a class the agent could not enhance. The agent refuses it when it loads; using it with a store
 * raises this exception, whose message names the class, what is wrong and what to do.
 */
public class UnsupportedClassException extends StoreException {
    private static final long serialVersionUID = 1L;

    public UnsupportedClassException(String message) {
        super(message);
    }
}
