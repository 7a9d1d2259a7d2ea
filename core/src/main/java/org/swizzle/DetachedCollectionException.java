package org.swizzle;

/**
 * A collection taken from a persistent object was changed after {@code abort()} reverted it (because it
 * changed, or because an object holding it was reverted): it no longer belongs to the store, so the change
 * would be lost and is refused; the message names the field it was reached through first (the field that holds
 * it, or a collection it is in), to read again.
 */
public class DetachedCollectionException extends StoreException {
    private static final long serialVersionUID = 1L;

    public DetachedCollectionException(String message) {
        super(message);
    }
}
