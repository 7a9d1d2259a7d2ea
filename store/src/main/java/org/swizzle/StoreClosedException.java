package org.swizzle;

/** The store was used, or one of its hollow objects touched, after {@code close()}. */
public class StoreClosedException extends StoreException {
    private static final long serialVersionUID = 1L;

    public StoreClosedException(String message) {
        super(message);
    }
}
