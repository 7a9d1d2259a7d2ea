package org.swizzle.internal.tracked;

import java.util.function.Consumer;

import org.swizzle.StoreClosedException;

/**
 * The store side of attachments in tests: it hands each change to a consumer; no collection is stored in pages and the
 * store never closes.
 */
public final class TestAttachmentStore implements Attachment.Store {
    /** A store side that does nothing when a collection changes. */
    public static final TestAttachmentStore IGNORING_CHANGES = new TestAttachmentStore(attachment -> { });

    private final Consumer<Attachment> changes;

    public TestAttachmentStore(Consumer<Attachment> changes) {
        this.changes = changes;
    }

    @Override
    public void changed(Attachment attachment) {
        changes.accept(attachment);
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
