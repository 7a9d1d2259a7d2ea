package org.swizzle.internal.tracked;

import org.swizzle.StoreClosedException;

/** The store side of attachments in tests whose collections are never stored in pages, and whose store never closes. */
public final class UnchangingStore implements Attachment.Store {
    public static final UnchangingStore INSTANCE = new UnchangingStore();

    private UnchangingStore() {
    }

    @Override
    public void changed(Attachment attachment) {
    }

    @Override
    public Object page(long oid, Attachment holder, int first, PageSlot slot, Paged.PageCheck check) {
        throw new AssertionError("no collection here is stored in pages");
    }

    @Override
    public StoreClosedException closedToChange(Attachment attachment) {
        throw new AssertionError("this store never closes");
    }
}
