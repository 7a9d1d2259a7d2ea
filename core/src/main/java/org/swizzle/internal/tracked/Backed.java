package org.swizzle.internal.tracked;

/**
 * A tracked collection that keeps its elements in a paged collection of its own once it is large (a {@code HashSet}
 * in the keys of a {@code HashMap}, a {@code LinkedList} in an {@code ArrayList}, a {@code TreeMap} in an {@code
 * ArrayList} of keys and values in turn, a {@code TreeSet} in the keys of such a {@code TreeMap}), so that it pages
 * without a kind of page of its own: its stored image is then one reference to that collection, which changes only
 * when the collection moves between its two forms.
 */
public interface Backed {

    /** The collection that holds the elements, or null while they are in this collection's own structure. */
    Tracked backing();

    /**
     * Makes this collection, being read from the store, keep its elements in {@code backing}.
     *
     * @return false, changing nothing, if {@code backing} is not of the class this collection keeps them in
     */
    boolean backWith(Object backing);
}
