package org.swizzle.internal.tracked;

/**
 * Where a paged collection keeps one of its pages once read or stored. Under the resident budget the store
 * empties slots whose pages are unchanged since the last commit, so that a large collection one pass went
 * through does not stay in memory; a later use reads the page again, as the one instance anything still
 * holding it has.
 */
public interface PageSlot {

    /**
     * Empties the slot if its page is stored, unchanged since the last commit, and its collection still
     * belongs to the store.
     *
     * @return whether the slot holds no page now
     */
    boolean release();

    /** Whether {@code page}, a page of {@code collection}, may be let go now: stored, unchanged and live, as both. */
    static boolean releasable(Tracked collection, Tracked page) {
        Attachment holder = collection.attachment();
        Attachment own = page.attachment();
        return holder != null && holder.isLive() && own != null && own.isLive() && !own.isDirty()
            && !own.isWatched() && !own.isFilling() && !holder.isFilling();
    }
}
