package org.swizzle;

/**
 * A hash index from keys to committed persistent objects of one class, made with
 * {@link ObjectStore#index}. It holds derived data in a file beside the store ({@code indexes/NAME.idx}): it is
 * updated after each commit, every lookup checks the key of the object it finds, and a damaged or stale index
 * is rebuilt from the objects. Objects become findable when they are committed. Each object with a key has an
 * entry: if several committed objects have the same key, one of them is found, and another once it changes its key
 * or goes.
 *
 * @param <K> the key type: {@code Integer}, {@code Long} or {@code String}
 * @param <V> the persistent class indexed (and its subclasses)
 */
public interface ObjectIndex<K, V> {

    /**
     * The committed object whose key is {@code key}, or {@code null}. The lookup checks the key of the
     * object as it is now: after an uncommitted change to its key, the object is found under neither key
     * until the change is committed (then under the new one) or discarded by {@code abort()} or {@code close()}.
     *
     * @throws StoreIOException the index could not take the keys of a commit (a full disk as its file grew): it lacks
     *         entries, so it refuses lookups until the store is opened again, which rebuilds it; the commit is made
     */
    V get(K key);

    /**
     * Entries in the index, one per committed object with a key, stale ones included: the old key of an object faulted
     * from an earlier session whose key changed is counted until a lookup meets its entry (in that session) or the
     * index is rebuilt ({@code reindex}); the entries of objects a collection freed go when the collection ends.
     */
    long size();

    /** The name the index was opened with. */
    String name();
}
