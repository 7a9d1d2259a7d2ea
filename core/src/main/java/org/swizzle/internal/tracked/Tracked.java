package org.swizzle.internal.tracked;

/**
 * A collection that reports its own changes to the persistent object holding it, so that reading it
 * costs nothing at commit and no change made through it, its views or its iterators is lost. Every
 * tracked collection is a subclass of the {@code java.util} type it stands for.
 */
public interface Tracked {

    /** Called before every change: runs the owner's write barrier, or refuses if the collection is detached. */
    void changed();

    /** The object and field this collection belongs to; {@code null} while it belongs to none yet. */
    Attachment attachment();

    /** Makes this collection report its changes to {@code attachment}. */
    void attach(Attachment attachment);
}
