package org.swizzle.internal.tracked;

import java.util.Arrays;
import java.util.BitSet;
import java.util.Objects;

import org.swizzle.IncompatibleSchemaException;
import org.swizzle.internal.Persistable;

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
        list.checkChunksWith(this::requireOrdered);
    }

    /**
     * Refuses chunk {@code k}, just read, if its keys, and its first and last beside the keys of the chunks around it in
     * memory, are not in ascending order under their {@code compareTo}: their class orders them otherwise than when they
     * were stored, and a search would miss them. A map this large is not sorted again when read, as a small one is.
     * Persistent keys are compared at the first, middle and last of the chunk only (see {@link #nextCompared}).
     *
     * @throws IncompatibleSchemaException naming the field, the keys' class and the entries out of order
     */
    private void requireOrdered(int k, TrackedArrayList<?> chunk) {
        ListPages<Object> pages = list.pages();
        int start = pages.start(k);
        Object previous = k > 0 ? lastKey(pages, k - 1) : null;
        int first = start & 1;
        int keys = (chunk.size() - first + 1) >>> 1;
        boolean persistent = keys > 0 && chunk.element(first) instanceof Persistable;
        for (int j = 0; j < keys; j = nextCompared(j, keys, persistent)) {
            Object key = chunk.element(first + 2 * j);
            requireAfter(previous, key, start + first + 2 * j);
            previous = key;
        }
        if (k + 1 < pages.chunkCount()) {
            TrackedArrayList<Object> next = pages.chunkInMemory(k + 1);
            int nextStart = pages.start(k + 1);
            if (next != null && (nextStart & 1) < next.size()) {
                requireAfter(previous, next.element(nextStart & 1), nextStart + (nextStart & 1));
            }
        }
    }

    /**
     * The key compared after key {@code j} of a chunk's {@code keys}: the next, or for persistent keys, which a
     * comparison faults in, only the middle and the last, as a search reads the first and last of a chunk it probes.
     */
    private static int nextCompared(int j, int keys, boolean persistent) {
        if (!persistent) {
            return j + 1;
        }
        int middle = (keys - 1) / 2;
        return j < middle ? middle : j < keys - 1 ? keys - 1 : keys;
    }

    /** The last key chunk {@code k} holds, if it is in memory and holds one; else null. */
    private static Object lastKey(ListPages<Object> pages, int k) {
        TrackedArrayList<Object> chunk = pages.chunkInMemory(k);
        if (chunk == null) {
            return null;
        }
        int i = chunk.size() - 1;
        if (((pages.start(k) + i) & 1) != 0) {
            i--;
        }
        return i >= 0 ? chunk.element(i) : null;
    }

    /**
     * Refuses {@code key}, at element {@code index} of the list, unless it sorts after {@code previous} (if any). Enum
     * keys are told apart: an enum's {@code compareTo} is the order of its constants, and cannot be given another.
     */
    @SuppressWarnings("unchecked")
    private void requireAfter(Object previous, Object key, int index) {
        if (previous == null || ((Comparable<Object>) previous).compareTo(key) < 0) {
            return;
        }
        Attachment attachment = list.attachment();
        String field = attachment != null ? attachment.origin() : "(none)";
        int entry = index >>> 1;
        String order;
        String cause;
        String remedy;
        if (key instanceof Enum<?> constant && previous instanceof Enum<?> before) {
            String type = constant.getDeclaringClass().getName();
            order = "the order of the constants of enum " + type + " now: the key of entry " + (entry - 1) + " ("
                + before.name() + ") sorts at or after that of entry " + entry + " (" + constant.name() + ")";
            cause = "The constants of " + type + " were declared in another order since the keys were stored (an enum's"
                + " compareTo is the order of its constants)";
            remedy = "Declare them in their former order again; to order the keys the new way, copy the entries out with"
                + " the former order (into a list, say) and commit, then fill a new map or set from them with the new one.";
        } else {
            String type = key.getClass().getName();
            order = "the order their compareTo gives now: the key of entry " + (entry - 1) + " (a "
                + previous.getClass().getName() + ") sorts at or after that of entry " + entry + " (a " + type + ")";
            cause = "The order of " + type + " changed since they were stored (its compareTo changed, or a field it reads"
                + " changed while the keys were in the map or set, which Java does not allow either)";
            remedy = "Put the former compareTo back, or the field's former value; to order them the new way, copy the"
                + " entries out with the former compareTo (into a list, say) and commit, then fill a new map or set from"
                + " them with the new one. Where neither can be put back (the field is in an object this refusal leaves"
                + " unread), give " + key.getClass().getSimpleName() + " for one run a compareTo that returns -1, which"
                + " reads the entries in their stored order (and finds no key: change no other map or set of its keys in"
                + " that run), and copy them out so.";
        }
        throw new IncompatibleSchemaException("Field " + field + " holds a sorted map or set of " + size()
            + " entries, stored in chunks, whose keys are not in " + order + ". " + cause + ", and a sorted map or set"
            + " this large is not sorted again when read, as a smaller one is. " + remedy);
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
