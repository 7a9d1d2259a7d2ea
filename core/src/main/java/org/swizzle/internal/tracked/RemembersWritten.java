package org.swizzle.internal.tracked;

/**
 * A collection compared at every commit that can tell, without being written again, that it still holds what the
 * last commit wrote (see {@link WrittenContents}).
 */
public interface RemembersWritten {

    /** Whether it holds what a commit that succeeded wrote, by identity and in order (see {@link #writtenCommitted()}). */
    boolean sameAsWritten();

    /** Takes what it holds now, which the commit in progress has just written: remembered once that commit succeeds. */
    void rememberWritten();

    /** The commit that wrote what {@link #rememberWritten()} took succeeded: a later commit may compare with it. */
    void writtenCommitted();

    /**
     * Forgets what it held: the commit that wrote it failed, or it holds values that change in place (arrays), which
     * only a comparison of bytes sees.
     */
    void forgetWritten();
}
