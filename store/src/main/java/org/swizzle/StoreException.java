package org.swizzle;

/**
 * The root of every failure Swizzle reports. Unchecked, so that persistent code reads like plain
 * Java; each subclass names one kind of failure, and every message says what happened, to which
 * file, class or field, and what to do about it.
 */
public class StoreException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public StoreException(String message) {
        super(message);
    }

    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
