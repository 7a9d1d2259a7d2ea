package org.swizzle.internal.tracked;

/**
 * A collection that reports its own changes to the store it is stored in, so that reading it costs nothing
 * at commit and no change made through it, its views or its iterators is lost. Every tracked collection is
 * a subclass of the {@code java.util} type it stands for.
 */
public interface Tracked {

    /** Called before every change: notes the collection changed in its store, or refuses if it is detached. */
    void changed();

    /** This collection's identity in its store; {@code null} while it is stored in none yet. */
    Attachment attachment();

    /** Makes this collection report its changes to {@code attachment}. */
    void attach(Attachment attachment);
}
