package org.swizzle;

/**
 * A collection taken from a persistent object was changed after it stopped belonging to the object:
 * {@code abort()} reverted the object, or the resident budget turned it back into a hollow object.
 * The change would be lost, so it is refused; the message names the class and field to read again.
 */
public class DetachedCollectionException extends StoreException {
    private static final long serialVersionUID = 1L;

    public DetachedCollectionException(String message) {
        super(message);
    }
}
