package org.swizzle;

/**
 * The store was opened read-only, and the call needs to write: a commit, or the replay of commits
 * that the last process to write the store left in its log. The message says what to do.
 */
public class ReadOnlyStoreException extends StoreException {
    private static final long serialVersionUID = 1L;

    public ReadOnlyStoreException(String message) {
        super(message);
    }
}
