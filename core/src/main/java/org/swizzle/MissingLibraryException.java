package org.swizzle;

/**
 * A feature was used without the optional library it needs on the class path: hash indexes
 * ({@link ObjectStore#index}) need Chronicle Map. The message names the Maven coordinates to add.
 */
public class MissingLibraryException extends StoreException {
    private static final long serialVersionUID = 1L;

    public MissingLibraryException(String message) {
        super(message);
    }
}
