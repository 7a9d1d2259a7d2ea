package org.swizzle;

/**
 * A value the store does not take: a {@code StoreOptions} value out of its range, a system property Swizzle reads
 * ({@code swizzle.buffers}), or an index's name or key type, or types other than those of the open index of that name
 * ({@code ObjectStore.index}). The message names the value given and the values taken. Nothing was opened; give a
 * value it takes.
 */
public class InvalidOptionException extends StoreException {
    private static final long serialVersionUID = 1L;

    public InvalidOptionException(String message) {
        super(message);
    }

    public InvalidOptionException(String message, Throwable cause) {
        super(message, cause);
    }
}
