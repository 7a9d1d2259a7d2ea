package org.swizzle.it;

/**
 * Commits from inside the function, predicate or comparator of a collection's change, the first time it is called:
 * that commit writes the collection as it was before the change, and the commit after the change must still write
 * the change.
 */
public final class InsideCommit {

    private final Runnable commit;
    private boolean committed;

    /** @param commit the store's commit, or nothing for a plain model of the collection */
    public InsideCommit(Runnable commit) {
        this.commit = commit;
    }

    /** Commits on the first call only; hands back {@code result}, the callback's. */
    public <T> T commit(T result) {
        if (!committed) {
            committed = true;
            commit.run();
        }
        return result;
    }
}
