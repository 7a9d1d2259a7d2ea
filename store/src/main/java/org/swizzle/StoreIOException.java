package org.swizzle;

/**
 * An operating-system I/O operation failed (a write, a {@code force}, a full disk). The store stays
 * consistent: a commit that throws this was not made durable, nothing committed before is lost, and
 * the commit may be retried. Two cases close the store instead, and the message says so: a failure
 * after the commit became durable is {@link CommitNotAppliedException} (not this type: do not retry);
 * and if the log could not even be cut back after a failed append, whether the commit is durable is
 * known only when the store is reopened (its last commit number tells).
 */
public class StoreIOException extends StoreException {
    private static final long serialVersionUID = 1L;

    public StoreIOException(String message, Throwable cause) {
        super(message, cause);
    }
}
