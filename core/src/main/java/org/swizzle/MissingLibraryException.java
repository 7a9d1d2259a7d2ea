package org.swizzle;

/**
 * A feature was used without the optional library it needs on the class path; the message names the Maven
 * coordinates to add. Nothing throws it now: hash indexes ({@link ObjectStore#index}), which needed Chronicle Map,
 * use Swizzle's own index file. It is kept, reserved for a feature that needs an optional library.
 */
public class MissingLibraryException extends StoreException {
    private static final long serialVersionUID = 1L;

    public MissingLibraryException(String message) {
        super(message);
    }
}
