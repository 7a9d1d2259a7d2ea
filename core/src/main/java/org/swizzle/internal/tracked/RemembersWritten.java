package org.swizzle.internal.tracked;

/**
 * A collection compared at every commit that can tell, without being written again, that it still holds what the
 * last commit wrote (see {@link WrittenContents}).
 */
public interface RemembersWritten {

    /** Whether it holds what it held when {@link #rememberWritten()} was last called, by identity and in order. */
    boolean sameAsWritten();

    /** Remembers what it holds now, which a commit wrote and has committed. */
    void rememberWritten();

    /** Forgets what it held: it holds values that change in place (arrays), which only a comparison of bytes sees. */
    void forgetWritten();
}
