package org.swizzle.internal.tracked;

/**
 * Where a paged collection keeps one of its pages once read or stored. Under the resident budget the store
 * empties slots whose pages are unchanged since the last commit, so that a large collection one pass went
 * through does not stay in memory; a later use reads the page again, as the one instance anything still
 * holding it has. The store fills a slot itself, under its lock, so that it never counts a page a slot does
 * not hold.
 */
public interface PageSlot {

    /** What became of a slot the store tried to empty. */
    enum Release {
        /** The page was let go: a later use reads it again. */
        RELEASED,
        /** The page changed since the last commit, or is being filled: it stays, and is tried again later. */
        KEPT,
        /**
         * The slot holds no page, or one the store never lets go (its collection or the page no longer belongs to the
         * store, or the page is compared at every commit): the store stops counting it.
         */
        FORGOTTEN
    }

    /**
     * Puts {@code page}, the instance the store hands out for this slot, in it.
     *
     * @return false if the slot held it already
     */
    boolean hold(Object page);

    /** Empties the slot if its page may be let go. */
    Release release();

    /** What {@link #release()} does with {@code page} (null if none), a page of {@code collection}. */
    static Release outcome(Tracked collection, Tracked page) {
        return outcome(collection, page, false);
    }

    /**
     * What {@link #release()} does with {@code page} (null if none), a page of {@code collection}; {@code evenWatched}:
     * also with one compared at every commit, which the store, watching it, finds again at its next use.
     */
    static Release outcome(Tracked collection, Tracked page, boolean evenWatched) {
        Attachment holder = collection.attachment();
        Attachment own = page == null ? null : page.attachment();
        if (own == null || holder == null || !holder.isLive() || !own.isLive() || own.isWatched() && !evenWatched) {
            return Release.FORGOTTEN;
        }
        return own.isDirty() || own.isFilling() || holder.isFilling() ? Release.KEPT : Release.RELEASED;
    }
}
