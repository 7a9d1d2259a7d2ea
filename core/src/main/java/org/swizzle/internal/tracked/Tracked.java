package org.swizzle.internal.tracked;

/**
 * A collection that reports its own changes to the store it is stored in, so that reading it costs nothing
 * at commit and no change made through it, its views or its iterators is lost. Every tracked collection is
 * a subclass of the {@code java.util} type it stands for.
 */
public interface Tracked {

    /** Called before every change: notes the collection changed in its store, or refuses if it is detached. */
    void changed();

    /**
     * Called after a change that ran the application's code (a function, predicate or comparator) once
     * {@link #changed()} had noted it: a commit made from that code wrote the collection as it was before the change
     * and cleared the note, so the change is noted again. A collection that an abort made from that code detached is
     * no longer the store's, and the rest of the change is discarded with it; after a close made there, the change is
     * refused as any change after close() is.
     */
    default void changedAgain() {
        Attachment.changedAgain(attachment(), null);
    }

    /** This collection's identity in its store; {@code null} while it is stored in none yet. */
    Attachment attachment();

    /** Makes this collection report its changes to {@code attachment}. */
    void attach(Attachment attachment);
}
