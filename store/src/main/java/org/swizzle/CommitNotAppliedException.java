package org.swizzle;

/**
 * A commit is durable, but applying it to the store's files failed afterwards (a write error, a full
 * disk), so the store was closed. The commit is not lost: reopening the store applies it through
 * recovery, and {@code lastCommit()} then returns it. Do not commit the same changes again, which
 * would apply them twice.
 *
 * <p>Not a {@link StoreIOException}, whose commit did not happen and may be retried.
 */
public class CommitNotAppliedException extends StoreException {
    private static final long serialVersionUID = 1L;

    private final long commitNumber;

    public CommitNotAppliedException(long commitNumber, String message, Throwable cause) {
        super(message, cause);
        this.commitNumber = commitNumber;
    }

    /** The number of the durable commit that reopening the store applies. */
    public long commitNumber() {
        return commitNumber;
    }
}
