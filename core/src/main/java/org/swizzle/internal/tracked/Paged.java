package org.swizzle.internal.tracked;

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
    void forEachPage(PageAction action);

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
         */
        void accept(int header, Object loaded, long oid);
    }
}
