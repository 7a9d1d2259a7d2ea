package org.swizzle;

/**
 * A directory holds no Swizzle store: it holds other files (it is not a store, and a store is not
 * created among them), or it is missing or empty and the store may not be created there (a
 * read-only open, or an open that does not create missing stores). The message names the
 * directory and what it holds.
 */
public class NotAStoreException extends StoreException {
    private static final long serialVersionUID = 1L;

    public NotAStoreException(String message) {
        super(message);
    }
}
