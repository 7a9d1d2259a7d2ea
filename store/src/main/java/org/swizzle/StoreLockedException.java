package org.swizzle;

/** Another process (or another open {@code ObjectStore} in this JVM) holds the store's lock file. */
public class StoreLockedException extends StoreException {
    private static final long serialVersionUID = 1L;

    public StoreLockedException(String message) {
        super(message);
    }

    public StoreLockedException(String message, Throwable cause) {
        super(message, cause);
    }
}
