package org.swizzle.internal.tracked;

import java.util.AbstractCollection;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.BitSet;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.BiPredicate;
import java.util.function.Function;
import java.util.function.IntPredicate;
import java.util.function.Predicate;

/**
 * A large {@code TreeMap}'s {@link SortedEntries}, whole or a range of them, ascending or descending: what {@code
 * TreeMap} and its sub-maps, descending maps and views do, by index. Bounds and their checks are {@code TreeMap}'s
 * ({@code IllegalArgumentException} for a key out of range); the entries the navigation methods return are
 * immutable snapshots, and those its entry set's iterators return set the value of their key, as {@code TreeMap}'s
 * do. Iterators fail fast when the number of entries changed other than through them.
 */
final class SortedRange<K, V> extends AbstractMap<K, V> implements NavigableMap<K, V> {

    /** The map whose entries these are, told before each change. */
    private final Tracked owner;
    private final SortedEntries<K, V> entries;
    private final boolean fromStart;
    private final K low;
    private final boolean lowInclusive;
    private final boolean toEnd;
    private final K high;
    private final boolean highInclusive;
    private final boolean descending;
    /** The keys as a set's elements, made at the first {@link #elements()}. */
    private SortedKeys<K> elements;

    private SortedRange(Tracked owner, SortedEntries<K, V> entries, boolean fromStart, K low, boolean lowInclusive,
                        boolean toEnd, K high, boolean highInclusive, boolean descending) {
        if (!fromStart && !toEnd) {
            if (compare(low, high) > 0) {
                throw new IllegalArgumentException("fromKey > toKey");
            }
        } else {
            if (!fromStart) {
                compare(low, low); // refuses a null or incomparable bound, as TreeMap does
            }
            if (!toEnd) {
                compare(high, high);
            }
        }
        this.owner = owner;
        this.entries = entries;
        this.fromStart = fromStart;
        this.low = low;
        this.lowInclusive = lowInclusive;
        this.toEnd = toEnd;
        this.high = high;
        this.highInclusive = highInclusive;
        this.descending = descending;
    }

    /** All of {@code entries}, ascending. */
    static <K, V> SortedRange<K, V> whole(Tracked owner, SortedEntries<K, V> entries) {
        return new SortedRange<>(owner, entries, true, null, false, true, null, false, false);
    }

    /**
     * The keys as the elements of a set kept in the map, its values all {@code TRUE}: a key set that adds, made once,
     * so that a set's lookup allocates nothing.
     */
    SortedKeys<K> elements() {
        if (elements == null) {
            elements = new SortedKeys<>(this, true);
        }
        return elements;
    }

    /** The list the entries are kept in. */
    TrackedArrayList<Object> list() {
        return entries.list();
    }

    @SuppressWarnings("unchecked")
    private static int compare(Object a, Object b) {
        return ((Comparable<Object>) Objects.requireNonNull(a)).compareTo(Objects.requireNonNull(b));
    }

    // ---------------------------------------------------------------- bounds, in ascending terms

    private boolean tooLow(Object key) {
        if (fromStart) {
            return false;
        }
        int order = compare(key, low);
        return order < 0 || order == 0 && !lowInclusive;
    }

    private boolean tooHigh(Object key) {
        if (toEnd) {
            return false;
        }
        int order = compare(key, high);
        return order > 0 || order == 0 && !highInclusive;
    }

    private boolean inRange(Object key) {
        return !tooLow(key) && !tooHigh(key);
    }

    /** Whether {@code key} may bound a view of this range: within it, or on an exclusive bound if not {@code inclusive}. */
    private boolean inRange(Object key, boolean inclusive) {
        if (inclusive) {
            return inRange(key);
        }
        return (fromStart || compare(key, low) >= 0) && (toEnd || compare(high, key) >= 0);
    }

    /** The index of the first entry in range. */
    private int from() {
        return fromStart ? 0 : entries.ceiling(low, lowInclusive);
    }

    /** The index after the last entry in range. */
    private int to() {
        return toEnd ? entries.size() : entries.ceiling(high, !highInclusive);
    }

    /** The first entry in range at or above {@code key} (above if not {@code inclusive}), or -1. */
    private int absCeiling(Object key, boolean inclusive) {
        int i = Math.max(entries.ceiling(key, inclusive), from());
        return i < to() ? i : -1;
    }

    /** The last entry in range at or below {@code key} (below if not {@code inclusive}), or -1. */
    private int absFloor(Object key, boolean inclusive) {
        int i = Math.min(entries.ceiling(key, !inclusive), to()) - 1;
        return i >= from() ? i : -1;
    }

    private int absFirst() {
        int i = from();
        return i < to() ? i : -1;
    }

    private int absLast() {
        int i = to() - 1;
        return i >= from() ? i : -1;
    }

    /** The index of {@code key}'s entry if it is in range and in the map, else -1. */
    private int indexOf(Object key) {
        if (!inRange(key)) {
            return -1;
        }
        int i = entries.search(key);
        return Math.max(i, -1);
    }

    private Map.Entry<K, V> snapshot(int i) {
        return i < 0 ? null : new AbstractMap.SimpleImmutableEntry<>(entries.key(i), entries.value(i));
    }

    private K keyAt(int i) {
        return i < 0 ? null : entries.key(i);
    }

    private static <T> T present(T found) {
        if (found == null) {
            throw new NoSuchElementException();
        }
        return found;
    }

    // ---------------------------------------------------------------- queries

    @Override
    public int size() {
        return Math.max(0, to() - from());
    }

    @Override
    public boolean isEmpty() {
        return absFirst() < 0;
    }

    @Override
    public boolean containsKey(Object key) {
        return indexOf(key) >= 0;
    }

    @Override
    public V get(Object key) {
        int i = indexOf(key);
        return i < 0 ? null : entries.value(i);
    }

    @Override
    public Comparator<? super K> comparator() {
        return descending ? Collections.reverseOrder() : null;
    }

    @Override
    public Map.Entry<K, V> firstEntry() {
        return snapshot(descending ? absLast() : absFirst());
    }

    @Override
    public Map.Entry<K, V> lastEntry() {
        return snapshot(descending ? absFirst() : absLast());
    }

    @Override
    public K firstKey() {
        return present(keyAt(descending ? absLast() : absFirst()));
    }

    @Override
    public K lastKey() {
        return present(keyAt(descending ? absFirst() : absLast()));
    }

    private int ceilingIndex(K key, boolean inclusive) {
        return descending ? absFloor(key, inclusive) : absCeiling(key, inclusive);
    }

    private int floorIndex(K key, boolean inclusive) {
        return descending ? absCeiling(key, inclusive) : absFloor(key, inclusive);
    }

    @Override
    public Map.Entry<K, V> ceilingEntry(K key) {
        return snapshot(ceilingIndex(key, true));
    }

    @Override
    public K ceilingKey(K key) {
        return keyAt(ceilingIndex(key, true));
    }

    @Override
    public Map.Entry<K, V> higherEntry(K key) {
        return snapshot(ceilingIndex(key, false));
    }

    @Override
    public K higherKey(K key) {
        return keyAt(ceilingIndex(key, false));
    }

    @Override
    public Map.Entry<K, V> floorEntry(K key) {
        return snapshot(floorIndex(key, true));
    }

    @Override
    public K floorKey(K key) {
        return keyAt(floorIndex(key, true));
    }

    @Override
    public Map.Entry<K, V> lowerEntry(K key) {
        return snapshot(floorIndex(key, false));
    }

    @Override
    public K lowerKey(K key) {
        return keyAt(floorIndex(key, false));
    }

    // ---------------------------------------------------------------- changes

    @Override
    public V put(K key, V value) {
        if (!inRange(key)) {
            throw new IllegalArgumentException("key out of range");
        }
        int i = entries.search(key);
        owner.changed();
        if (i >= 0) {
            return entries.setValue(i, value);
        }
        entries.insert(-(i + 1), key, value);
        return null;
    }

    @Override
    public V remove(Object key) {
        int i = indexOf(key);
        if (i < 0) {
            return null;
        }
        owner.changed();
        V old = entries.value(i);
        entries.remove(i);
        return old;
    }

    @Override
    public void clear() {
        owner.changed();
        entries.removeRange(from(), to());
    }

    @Override
    public Map.Entry<K, V> pollFirstEntry() {
        return poll(descending ? absLast() : absFirst());
    }

    @Override
    public Map.Entry<K, V> pollLastEntry() {
        return poll(descending ? absFirst() : absLast());
    }

    private Map.Entry<K, V> poll(int i) {
        if (i < 0) {
            return null;
        }
        owner.changed();
        Map.Entry<K, V> entry = snapshot(i);
        entries.remove(i);
        return entry;
    }

    // ---------------------------------------------------------------- changes that run the application's code

    /**
     * Notes the change before the application's function runs: a commit made from the function writes the map as it
     * was, and an abort detaches it, after which the rest of the change is dropped ({@link #aborted}), as it is with
     * the detached map of a small {@code TreeMap}.
     */
    private void callingApplication() {
        owner.changed();
        entries.callingApplication();
    }

    private boolean aborted() {
        Attachment attachment = owner.attachment();
        return !entries.isLive() || attachment != null && !attachment.isLive();
    }

    private void requireInRange(Object key) {
        if (!inRange(key)) {
            throw new IllegalArgumentException("key out of range");
        }
    }

    @Override
    public V computeIfAbsent(K key, Function<? super K, ? extends V> function) {
        requireInRange(key); // first, as TreeMap's sub-maps do
        Objects.requireNonNull(function);
        V old = get(key);
        if (old != null) {
            return old;
        }
        callingApplication();
        int expected = entries.changes();
        V value = unchangedSince(expected, function.apply(key));
        if (value != null && !aborted()) {
            put(key, value);
        }
        return value;
    }

    @Override
    public V computeIfPresent(K key, BiFunction<? super K, ? super V, ? extends V> function) {
        Objects.requireNonNull(function);
        V old = get(key);
        if (old == null) {
            return null;
        }
        callingApplication();
        int expected = entries.changes();
        V value = unchangedSince(expected, function.apply(key, old));
        settle(key, value);
        return value;
    }

    @Override
    public V compute(K key, BiFunction<? super K, ? super V, ? extends V> function) {
        requireInRange(key); // first, as TreeMap's sub-maps do
        Objects.requireNonNull(function);
        V old = get(key);
        callingApplication();
        int expected = entries.changes();
        V value = unchangedSince(expected, function.apply(key, old));
        settle(key, value);
        return value;
    }

    /** {@code result}, a function's, unless the function added or removed an entry of the map, as {@code TreeMap} checks. */
    private <R> R unchangedSince(int expected, R result) {
        if (entries.changes() != expected) {
            throw new ConcurrentModificationException();
        }
        return result;
    }

    /**
     * Puts what a function of the application returned for {@code key}, or removes the key for null: unless an abort
     * made from the function detached the map, which drops the change.
     */
    private void settle(K key, V value) {
        if (!aborted()) {
            if (value == null) {
                remove(key);
            } else {
                put(key, value);
            }
        }
    }

    @Override
    public V merge(K key, V value, BiFunction<? super V, ? super V, ? extends V> function) {
        requireInRange(key);
        Objects.requireNonNull(function);
        Objects.requireNonNull(value);
        V old = get(key);
        if (old == null) {
            put(key, value);
            return value;
        }
        callingApplication();
        int expected = entries.changes();
        V merged = unchangedSince(expected, function.apply(old, value));
        settle(key, merged);
        return merged;
    }

    @Override
    public void replaceAll(BiFunction<? super K, ? super V, ? extends V> function) {
        Objects.requireNonNull(function);
        int expected = entries.changes();
        int end = to();
        callingApplication();
        for (int i = from(); i < end; i++) {
            V value = function.apply(entries.key(i), entries.value(i));
            if (entries.changes() != expected) {
                throw new ConcurrentModificationException();
            }
            if (aborted()) {
                return;
            }
            entries.setValue(i, value);
        }
    }

    /**
     * Removes the entries in range that {@code doomedIf} holds for, all tested first (the {@code removeIf} of this
     * map's views): a change that runs the application's code, dropped if an abort made from it detached the map.
     */
    boolean removeWhere(BiPredicate<? super K, ? super V> doomedIf) {
        Objects.requireNonNull(doomedIf);
        return removeAt(i -> doomedIf.test(entries.key(i), entries.value(i)));
    }

    /** {@link #removeWhere}, with the test given the index of each entry in range. */
    private boolean removeAt(IntPredicate doomedAt) {
        int expected = entries.changes();
        int end = to();
        callingApplication();
        BitSet doomed = new BitSet();
        for (int i = from(); i < end; i++) {
            if (doomedAt.test(i)) {
                doomed.set(i);
            }
            if (entries.changes() != expected) {
                throw new ConcurrentModificationException();
            }
        }
        if (doomed.isEmpty() || aborted()) {
            return false;
        }
        entries.removeAll(doomed);
        return true;
    }

    // ---------------------------------------------------------------- views

    @Override
    public SortedRange<K, V> descendingMap() {
        return new SortedRange<>(owner, entries, fromStart, low, lowInclusive, toEnd, high, highInclusive, !descending);
    }

    @Override
    public SortedRange<K, V> subMap(K fromKey, boolean fromInclusive, K toKey, boolean toInclusive) {
        if (!inRange(fromKey, fromInclusive)) {
            throw new IllegalArgumentException("fromKey out of range");
        }
        if (!inRange(toKey, toInclusive)) {
            throw new IllegalArgumentException("toKey out of range");
        }
        return descending
            ? new SortedRange<>(owner, entries, false, toKey, toInclusive, false, fromKey, fromInclusive, true)
            : new SortedRange<>(owner, entries, false, fromKey, fromInclusive, false, toKey, toInclusive, false);
    }

    @Override
    public SortedRange<K, V> headMap(K toKey, boolean inclusive) {
        if (!inRange(toKey, inclusive)) {
            throw new IllegalArgumentException("toKey out of range");
        }
        return descending
            ? new SortedRange<>(owner, entries, false, toKey, inclusive, toEnd, high, highInclusive, true)
            : new SortedRange<>(owner, entries, fromStart, low, lowInclusive, false, toKey, inclusive, false);
    }

    @Override
    public SortedRange<K, V> tailMap(K fromKey, boolean inclusive) {
        if (!inRange(fromKey, inclusive)) {
            throw new IllegalArgumentException("fromKey out of range");
        }
        return descending
            ? new SortedRange<>(owner, entries, fromStart, low, lowInclusive, false, fromKey, inclusive, true)
            : new SortedRange<>(owner, entries, false, fromKey, inclusive, toEnd, high, highInclusive, false);
    }

    @Override
    public SortedRange<K, V> subMap(K fromKey, K toKey) {
        return subMap(fromKey, true, toKey, false);
    }

    @Override
    public SortedRange<K, V> headMap(K toKey) {
        return headMap(toKey, false);
    }

    @Override
    public SortedRange<K, V> tailMap(K fromKey) {
        return tailMap(fromKey, true);
    }

    @Override
    public SortedKeys<K> keySet() {
        return navigableKeySet();
    }

    @Override
    public SortedKeys<K> navigableKeySet() {
        return new SortedKeys<>(this, false);
    }

    @Override
    public SortedKeys<K> descendingKeySet() {
        return new SortedKeys<>(descendingMap(), false);
    }

    @Override
    public Collection<V> values() {
        return new AbstractCollection<>() {
            @Override
            public Iterator<V> iterator() {
                return new Cursor<>() {
                    @Override
                    V at(int i) {
                        return value(i);
                    }
                };
            }

            @Override
            public int size() {
                return SortedRange.this.size();
            }

            @Override
            public boolean removeIf(Predicate<? super V> filter) {
                Objects.requireNonNull(filter);
                return removeWhere((key, value) -> filter.test(value));
            }

            @Override
            public void clear() {
                SortedRange.this.clear();
            }
        };
    }

    @Override
    public Set<Map.Entry<K, V>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Map.Entry<K, V>> iterator() {
                return new Cursor<>() {
                    @Override
                    Map.Entry<K, V> at(int i) {
                        return new LiveEntry(i, key(i), value(i));
                    }
                };
            }

            @Override
            public int size() {
                return SortedRange.this.size();
            }

            @Override
            public boolean contains(Object o) {
                if (!(o instanceof Map.Entry)) {
                    return false;
                }
                Map.Entry<?, ?> entry = (Map.Entry<?, ?>) o;
                int i = indexOf(entry.getKey());
                return i >= 0 && Objects.equals(entries.value(i), entry.getValue());
            }

            @Override
            public boolean remove(Object o) {
                if (!contains(o)) {
                    return false;
                }
                SortedRange.this.remove(((Map.Entry<?, ?>) o).getKey());
                return true;
            }

            @Override
            public boolean removeIf(Predicate<? super Map.Entry<K, V>> filter) {
                Objects.requireNonNull(filter);
                return removeAt(i -> filter.test(new LiveEntry(i, entries.key(i), entries.value(i))));
            }

            @Override
            public void clear() {
                SortedRange.this.clear();
            }
        };
    }

    /** Keys in this range's order, from the current entries: what {@link SortedKeys} iterates. */
    Iterator<K> keyIterator() {
        return new Cursor<>() {
            @Override
            K at(int i) {
                return key(i);
            }
        };
    }

    /**
     * An entry of the entry set, standing for its key's mapping as a {@code TreeMap}'s node does: it reads and sets the
     * value the map holds for its key, found again by the key once entries were added or removed, and once it has found
     * its key gone, it is a detached entry holding the last value it saw, even if the key is put again.
     */
    private final class LiveEntry extends AbstractEntry<K, V> {

        private final K key;
        private V value;
        /** Where the entry was when {@link #seen} was the entries' count of changes; negative once its key was removed. */
        private int index;
        private int seen;

        LiveEntry(int i, K key, V value) {
            this.key = key;
            this.value = value;
            index = i;
            seen = entries.changes();
        }

        /** The entry's index now, or a negative number once its key has been found removed. */
        private int index() {
            if (index >= 0 && seen != entries.changes()) {
                index = entries.search(key);
                seen = entries.changes();
            }
            return index;
        }

        @Override
        public K getKey() {
            return key;
        }

        @Override
        public V getValue() {
            int i = index();
            if (i >= 0) {
                value = entries.value(i);
            }
            return value;
        }

        @Override
        public V setValue(V value) {
            int i = index();
            if (i < 0) {
                V old = this.value;
                this.value = value;
                return old;
            }
            owner.changed();
            V old = entries.setValue(i, value);
            this.value = value;
            return old;
        }
    }

    /** Walks the range in its order; removes through itself; fails fast once the entries changed otherwise. */
    private abstract class Cursor<T> implements Iterator<T> {

        private final int first = from();
        private int end = to();
        private int next = descending ? end - 1 : first;
        private int last = -1;
        private int expected = entries.changes();
        /**
         * The list that holds the elements from {@link #windowStart} to {@link #windowEnd}: a chunk, read without going
         * through the list's directory, which a step leaves only at the chunk's end.
         */
        private TrackedArrayList<Object> window;
        private int windowStart;
        private int windowEnd;

        abstract T at(int i);

        @SuppressWarnings("unchecked")
        final K key(int i) {
            return (K) element(i << 1);
        }

        @SuppressWarnings("unchecked")
        final V value(int i) {
            return (V) element((i << 1) + 1);
        }

        private Object element(int index) {
            if (index < windowStart || index >= windowEnd) {
                TrackedArrayList<Object> list = entries.list();
                window = list.holderOf(index);
                windowStart = list.holderStart(index);
                windowEnd = windowStart + window.size();
            }
            return window.element(index - windowStart);
        }

        @Override
        public boolean hasNext() {
            return descending ? next >= first : next < end;
        }

        @Override
        public T next() {
            if (expected != entries.changes()) {
                throw new ConcurrentModificationException();
            }
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            last = next;
            next += descending ? -1 : 1;
            return at(last);
        }

        @Override
        public void remove() {
            if (last < 0) {
                throw new IllegalStateException();
            }
            if (expected != entries.changes()) {
                throw new ConcurrentModificationException();
            }
            owner.changed();
            entries.remove(last);
            end--;
            if (!descending) {
                next--;
            }
            last = -1;
            expected = entries.changes();
            windowEnd = 0; // the chunks changed: the window is found again at the next step
        }
    }
}
