package org.swizzle;

/**
 * A persistent class changed since its objects were stored in a way Swizzle cannot convert: a field
 * changed its type other than by widening or boxing, a stored {@code null} is read into a field now
 * primitive, or a class with stored objects is missing from the class path (see
 * {@link PreviousNames} and {@link StoreOptions.Builder#dropMissingClasses}) or no longer
 * {@code @Persistent}. Added, removed and renamed fields are fine; this is not. The message names the
 * class, the field and the old and new type.
 */
public class IncompatibleSchemaException extends StoreException {
    private static final long serialVersionUID = 1L;

    public IncompatibleSchemaException(String message) {
        super(message);
    }

    public IncompatibleSchemaException(String message, Throwable cause) {
        super(message, cause);
    }
}
