package org.swizzle;

/**
 * A {@link StoreOptions} value out of its range: the message names the option, the value given and the values it
 * takes. Nothing was opened; give a value in range.
 */
public class InvalidOptionException extends StoreException {
    private static final long serialVersionUID = 1L;

    public InvalidOptionException(String message) {
        super(message);
    }
}
