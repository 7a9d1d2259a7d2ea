package org.swizzle.internal.tracked;

import java.util.AbstractSet;
import java.util.Comparator;
import java.util.Iterator;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * The keys of a {@link SortedRange}, as {@code TreeMap}'s key sets are, a view that removes but does not add; or the
 * elements of a {@code TreeSet} kept as a map's keys, which adds a key with the value {@code TRUE}.
 */
final class SortedKeys<K> extends AbstractSet<K> implements NavigableSet<K> {

    private final SortedRange<K, ?> range;
    /** Whether this is a set's elements, which adds, rather than a map's key set. */
    private final boolean elements;

    SortedKeys(SortedRange<K, ?> range, boolean elements) {
        this.range = range;
        this.elements = elements;
    }

    @Override
    @SuppressWarnings("unchecked")
    public boolean add(K e) {
        if (!elements) {
            throw new UnsupportedOperationException();
        }
        if (range.containsKey(e)) {
            return false; // a set keeps the element it holds, as a TreeSet does: nothing to write
        }
        return ((SortedRange<K, Object>) range).put(e, Boolean.TRUE) == null;
    }

    @Override
    public Iterator<K> iterator() {
        return range.keyIterator();
    }

    @Override
    public Iterator<K> descendingIterator() {
        return descendingSet().iterator();
    }

    @Override
    public int size() {
        return range.size();
    }

    @Override
    public boolean isEmpty() {
        return range.isEmpty();
    }

    @Override
    public boolean contains(Object o) {
        return range.containsKey(o);
    }

    @Override
    public boolean remove(Object o) {
        if (!range.containsKey(o)) {
            return false;
        }
        range.remove(o);
        return true;
    }

    @Override
    public boolean removeIf(Predicate<? super K> filter) {
        Objects.requireNonNull(filter);
        return range.removeWhere((key, value) -> filter.test(key));
    }

    @Override
    public void clear() {
        range.clear();
    }

    @Override
    public K lower(K e) {
        return range.lowerKey(e);
    }

    @Override
    public K floor(K e) {
        return range.floorKey(e);
    }

    @Override
    public K ceiling(K e) {
        return range.ceilingKey(e);
    }

    @Override
    public K higher(K e) {
        return range.higherKey(e);
    }

    @Override
    public K first() {
        return range.firstKey();
    }

    @Override
    public K last() {
        return range.lastKey();
    }

    @Override
    public K pollFirst() {
        Map.Entry<K, ?> entry = range.pollFirstEntry();
        return entry == null ? null : entry.getKey();
    }

    @Override
    public K pollLast() {
        Map.Entry<K, ?> entry = range.pollLastEntry();
        return entry == null ? null : entry.getKey();
    }

    @Override
    public Comparator<? super K> comparator() {
        return range.comparator();
    }

    @Override
    public NavigableSet<K> descendingSet() {
        return new SortedKeys<>(range.descendingMap(), elements);
    }

    @Override
    public NavigableSet<K> subSet(K fromElement, boolean fromInclusive, K toElement, boolean toInclusive) {
        return new SortedKeys<>(range.subMap(fromElement, fromInclusive, toElement, toInclusive), elements);
    }

    @Override
    public NavigableSet<K> headSet(K toElement, boolean inclusive) {
        return new SortedKeys<>(range.headMap(toElement, inclusive), elements);
    }

    @Override
    public NavigableSet<K> tailSet(K fromElement, boolean inclusive) {
        return new SortedKeys<>(range.tailMap(fromElement, inclusive), elements);
    }

    @Override
    public NavigableSet<K> subSet(K fromElement, K toElement) {
        return subSet(fromElement, true, toElement, false);
    }

    @Override
    public NavigableSet<K> headSet(K toElement) {
        return headSet(toElement, false);
    }

    @Override
    public NavigableSet<K> tailSet(K fromElement) {
        return tailSet(fromElement, true);
    }
}
