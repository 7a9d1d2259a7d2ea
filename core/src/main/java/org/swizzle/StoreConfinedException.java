package org.swizzle;

/**
 * A store opened {@link StoreOptions.Builder#confined confined} to one thread was used by another: its
 * faults re-hollow objects on the assumption that no other thread reads them.
 */
public class StoreConfinedException extends StoreException {
    private static final long serialVersionUID = 1L;

    public StoreConfinedException(String message) {
        super(message);
    }
}
