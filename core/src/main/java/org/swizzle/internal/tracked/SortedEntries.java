package org.swizzle.internal.tracked;

import java.util.Arrays;
import java.util.BitSet;
import java.util.Objects;

/**
 * The entries of a large {@code TreeMap} in ascending key order, kept as alternate keys and values of a list that
 * chunks itself: entry {@code i} is elements {@code 2i} and {@code 2i + 1}. A search is a binary search whose probes
 * read only the chunks on its path, and a put or a removal changes one chunk (and the count its directory keeps), so
 * the list's commit writes about one chunk. Keys are in their natural order, the only order a stored map has.
 */
final class SortedEntries<K, V> {

    private final TrackedArrayList<Object> list;

    SortedEntries(TrackedArrayList<Object> list) {
        this.list = list;
    }

    /** The list the entries are kept in. */
    TrackedArrayList<Object> list() {
        return list;
    }

    /** The changes of the number of entries so far, which iterators fail fast on: the list's own count of them. */
    int changes() {
        return list.modifications();
    }

    int size() {
        return list.size() >>> 1;
    }

    @SuppressWarnings("unchecked")
    K key(int i) {
        return (K) list.get(i << 1);
    }

    @SuppressWarnings("unchecked")
    V value(int i) {
        return (V) list.get((i << 1) + 1);
    }

    @SuppressWarnings("unchecked")
    V setValue(int i, V value) {
        return (V) list.set((i << 1) + 1, value);
    }

    /**
     * The index of {@code key}'s entry if there is one, else {@code -(i + 1)} where {@code i} is the index it would
     * have. A key that is null or not comparable with the keys is refused as {@code TreeMap} refuses it. The search
     * goes down the chunks first, comparing with each probed chunk's first and last keys, then within the one chunk
     * whose keys enclose it, reading its array directly: a probe never searches for its chunk, and a cold search
     * reads the chunks it probes.
     */
    @SuppressWarnings("unchecked")
    int search(Object key) {
        Comparable<Object> sought = (Comparable<Object>) Objects.requireNonNull(key);
        int lowChunk = 0;
        int highChunk = list.holderCount() - 1;
        while (lowChunk <= highChunk) {
            int k = (lowChunk + highChunk) >>> 1;
            TrackedArrayList<Object> chunk = list.holder(k);
            int start = list.startOfHolder(k);
            int first = (start + 1) >>> 1; // the entries whose keys the chunk holds (its first element may be a value)
            int last = (start + chunk.size() - 1) >> 1;
            if (first > last) { // a chunk without a key: only a store written before chunks split evenly
                return searchWithin(sought, list, 0, 0, size() - 1);
            }
            int order = sought.compareTo(chunk.element((first << 1) - start));
            if (order < 0) {
                highChunk = k - 1;
            } else if (order == 0) {
                return first;
            } else if ((order = sought.compareTo(chunk.element((last << 1) - start))) > 0) {
                lowChunk = k + 1;
            } else if (order == 0) {
                return last;
            } else {
                return searchWithin(sought, chunk, start, first + 1, last - 1);
            }
        }
        return -((lowChunk < list.holderCount() ? (list.startOfHolder(lowChunk) + 1) >>> 1 : size()) + 1);
    }

    /**
     * {@link #search} within entries {@code low} to {@code high}, which {@code list} holds from its index {@code start}
     * on: a chunk, read directly, or the whole list.
     */
    private static int searchWithin(Comparable<Object> sought, TrackedArrayList<Object> list, int start, int low, int high) {
        while (low <= high) {
            int middle = (low + high) >>> 1;
            int order = sought.compareTo(list.get((middle << 1) - start));
            if (order > 0) {
                low = middle + 1;
            } else if (order < 0) {
                high = middle - 1;
            } else {
                return middle;
            }
        }
        return -(low + 1);
    }

    /**
     * The index of the first entry whose key is above {@code key}, or equal to it if {@code inclusive}; 0 if there are
     * no entries, whatever {@code key}, as {@code TreeMap}'s navigation compares nothing then.
     */
    int ceiling(Object key, boolean inclusive) {
        if (list.isEmpty()) {
            return 0;
        }
        int found = search(key);
        return found >= 0 ? (inclusive ? found : found + 1) : -(found + 1);
    }

    /** Puts the entry {@code key}, {@code value} at index {@code i}, where it keeps the keys in order. */
    void insert(int i, K key, V value) {
        list.addAll(i << 1, Arrays.asList(key, value));
    }

    void remove(int i) {
        removeRange(i, i + 1);
    }

    /** Removes the entries whose indexes {@code doomed} holds. */
    void removeAll(BitSet doomed) {
        if (!doomed.isEmpty()) {
            int[] at = {0};
            list.removeIf(element -> doomed.get(at[0]++ >>> 1));
        }
    }

    /** Notes a change about to run the application's code (see {@link TrackedArrayList#callingApplication}). */
    void callingApplication() {
        list.callingApplication();
    }

    /** Whether the list still belongs to its store: false once an abort made from the application's code detached it. */
    boolean isLive() {
        return list.isLive();
    }

    /** Removes entries {@code from} (inclusive) to {@code to} (exclusive). */
    void removeRange(int from, int to) {
        if (from < to) {
            list.subList(from << 1, to << 1).clear();
        }
    }
}
