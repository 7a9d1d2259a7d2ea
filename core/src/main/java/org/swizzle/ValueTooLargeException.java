package org.swizzle;

/**
 * A commit met a value too large to store: an object's image, with the value, would pass the most bytes one stored
 * object can hold. Nothing was written; the message names the field and the sizes. Keep such data in several
 * objects or fields, then commit again.
 */
public class ValueTooLargeException extends StoreException {
    private static final long serialVersionUID = 1L;

    public ValueTooLargeException(String message) {
        super(message);
    }
}
