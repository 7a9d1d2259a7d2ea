package org.swizzle;

/** The store was used, or one of its hollow objects touched, after {@code close()} or a failure that closed it. */
public class StoreClosedException extends StoreException {
    private static final long serialVersionUID = 1L;

    public StoreClosedException(String message) {
        super(message);
    }

    /** The store was closed by {@code cause}, a failure that another call met first. */
    public StoreClosedException(String message, Throwable cause) {
        super(message, cause);
    }
}
