package org.swizzle;

/**
 * An object that cannot be stored was given to {@code setRoot}, or was found in a stored
 * reference field at commit: its class is not {@code @Persistent}, or it belongs to another store.
 */
public class NotPersistentException extends StoreException {
    private static final long serialVersionUID = 1L;

    public NotPersistentException(String message) {
        super(message);
    }
}
