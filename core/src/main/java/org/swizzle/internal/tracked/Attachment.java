package org.swizzle.internal.tracked;

import org.swizzle.DetachedCollectionException;
import org.swizzle.internal.Persistable;
import org.swizzle.internal.WriteBarrier;

/**
 * The persistent object and field that tracked collections belong to: one per field value, shared by
 * the collection, the collections nested in it and all their views, so that detaching it (when
 * {@code abort()} reverts the owner or the budget re-hollows it) detaches them all at once.
 */
public final class Attachment {

    private final Persistable owner;
    private final String field;
    private boolean detached;

    /** @param field the field's name, for messages */
    public Attachment(Persistable owner, String field) {
        this.owner = owner;
        this.field = field;
    }

    /** Runs the owner's write barrier for a change to one of its collections; {@code attachment} may be null. */
    static void changed(Attachment attachment, Object collection) {
        if (attachment != null) {
            attachment.changed(collection);
        }
    }

    private void changed(Object collection) {
        if (detached) {
            throw new DetachedCollectionException("This " + collection.getClass().getSuperclass().getName()
                + " was taken from field " + owner.getClass().getName() + "." + field + " before abort() reverted the"
                + " object or the resident budget unloaded it, so it no longer belongs to the object and a change to it"
                + " would be lost. Read the field " + field + " again and change the collection it holds now.");
        }
        WriteBarrier.mark(owner);
    }

    public Persistable owner() {
        return owner;
    }

    /** Whether the collections still belong to the owner. */
    public boolean isLive() {
        return !detached;
    }

    /** Ends the attachment: every later change through its collections throws. */
    public void detach() {
        detached = true;
    }
}
