package org.swizzle.internal.tracked;

import org.agrona.collections.LongHashSet;

/**
 * A tracked collection that keeps its elements in pages once it is large, each page a stored collection of its
 * own: what the store needs to write its directory.
 */
public interface Paged {

    /** Whether the pages are the ones {@code writing} stores (not another store's, or a detached collection's). */
    boolean pagedIn(Attachment writing);

    /** The number of pages; the collection must be paged. */
    int pageCount();

    /** Hands each page, in stored order, to {@code action}. */
    default void forEachPage(PageAction action) {
        forEachPage(0, pageCount(), action);
    }

    /** Hands pages {@code from} (inclusive) to {@code to} (exclusive), in stored order, to {@code action}. */
    void forEachPage(int from, int to, PageAction action);

    /** The index in a paged list of the first element of page {@code page}; 0 for the pages of a map. */
    default int firstIndexOfPage(int page) {
        return 0;
    }

    /** Reads page {@code index} from the store if it is not in memory; the collection must be paged. */
    void readPage(int index);

    /** The sections the directory is stored in, each a run of pages stored on its own; the collection must be paged. */
    Sections sections();

    /**
     * Whether a run of {@code count} things (a chunk's elements, a section's pages) that holds up to {@code capacity}
     * takes in its successor of {@code next}: when it fell below a quarter full and the two fit in half, so that the
     * runs of a collection that shrinks stay few without merging back and forth.
     */
    static boolean mergeable(int count, int next, int capacity) {
        return count < capacity / 4 && count + next <= capacity / 2;
    }

    /**
     * Refuses a stored directory that names one page twice: the two would be one collection, and a change to either
     * would change the other.
     *
     * @param what what the OIDs are of, in the plural ("pages")
     * @throws IllegalArgumentException naming the two and their OID
     */
    static void requireDistinct(String what, long[] oids) {
        LongHashSet seen = new LongHashSet(oids.length);
        for (int i = 0; i < oids.length; i++) {
            if (!seen.add(oids[i])) {
                int first = 0;
                while (oids[first] != oids[i]) {
                    first++;
                }
                throw new IllegalArgumentException(what + " " + first + " and " + i + " are both stored as OID " + oids[i]);
            }
        }
    }

    /**
     * A check of a page just read that runs the application's code on what the page holds (a sorted map's keys compared
     * by their {@code compareTo}), which may read objects a read in progress is still filling, in a cycle: the store
     * checks it again once that read is whole, and lets the page go if it is refused.
     */
    interface ReadCheck {
        /**
         * Checks the page (even if let go since: the read it was read in may have used it).
         *
         * @throws org.swizzle.StoreException what the page holds cannot be used as it is
         */
        void check();

        /**
         * Lets the page go, if it is still in memory and unchanged since the last commit, so that its next use checks it
         * again: it was refused, or the read it was read in failed.
         */
        void letGo();
    }

    /** What a page just read from the store must be, by what its collection's directory says of it. */
    @FunctionalInterface
    interface PageCheck {
        /** What is wrong with {@code page}, just read as this page and of its collection's class; null if nothing. */
        String problem(Object page);
    }

    /** What {@link #forEachPage} hands over for one page. */
    @FunctionalInterface
    interface PageAction {
        /**
         * @param header what the directory keeps beside the page: the lowest hash a map page holds, a list chunk's count
         * @param loaded the page's collection if it was read or made in this session, else null
         * @param oid    the OID the page is stored as, for a page not read
         * @param slot   where the collection keeps the page
         */
        void accept(int header, Object loaded, long oid, PageSlot slot);
    }
}
