package org.swizzle;

/**
 * An operating-system I/O operation failed (a write, a {@code force}, a full disk). The store stays
 * consistent: a commit that throws this was not made durable, and nothing committed before is lost.
 */
public class StoreIOException extends StoreException {
    private static final long serialVersionUID = 1L;

    public StoreIOException(String message, Throwable cause) {
        super(message, cause);
    }
}
