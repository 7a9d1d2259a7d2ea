package org.swizzle.internal.tracked;

import java.util.Comparator;
import java.util.Iterator;
import java.util.NavigableSet;
import java.util.SortedSet;

/**
 * A navigable view of a tracked {@code TreeSet} or {@code TreeMap} (sub-sets, descending sets, key
 * sets), and views of those views: changes are reported first, and every view it hands out is tracked.
 */
final class TrackedNavigableSetView<E> extends TrackedSetView<E> implements NavigableSet<E> {

    private final NavigableSet<E> navigable;

    TrackedNavigableSetView(Tracked source, NavigableSet<E> view) {
        super(source, view);
        this.navigable = view;
    }

    @Override
    public E lower(E e) {
        return navigable.lower(e);
    }

    @Override
    public E floor(E e) {
        return navigable.floor(e);
    }

    @Override
    public E ceiling(E e) {
        return navigable.ceiling(e);
    }

    @Override
    public E higher(E e) {
        return navigable.higher(e);
    }

    @Override
    public E pollFirst() {
        source.changed();
        return navigable.pollFirst();
    }

    @Override
    public E pollLast() {
        source.changed();
        return navigable.pollLast();
    }

    @Override
    public NavigableSet<E> descendingSet() {
        return new TrackedNavigableSetView<>(source, navigable.descendingSet());
    }

    @Override
    public Iterator<E> descendingIterator() {
        return new TrackedIterator<>(source, navigable.descendingIterator());
    }

    @Override
    public NavigableSet<E> subSet(E fromElement, boolean fromInclusive, E toElement, boolean toInclusive) {
        return new TrackedNavigableSetView<>(source, navigable.subSet(fromElement, fromInclusive, toElement, toInclusive));
    }

    @Override
    public NavigableSet<E> headSet(E toElement, boolean inclusive) {
        return new TrackedNavigableSetView<>(source, navigable.headSet(toElement, inclusive));
    }

    @Override
    public NavigableSet<E> tailSet(E fromElement, boolean inclusive) {
        return new TrackedNavigableSetView<>(source, navigable.tailSet(fromElement, inclusive));
    }

    @Override
    public SortedSet<E> subSet(E fromElement, E toElement) {
        return subSet(fromElement, true, toElement, false);
    }

    @Override
    public SortedSet<E> headSet(E toElement) {
        return headSet(toElement, false);
    }

    @Override
    public SortedSet<E> tailSet(E fromElement) {
        return tailSet(fromElement, true);
    }

    @Override
    public Comparator<? super E> comparator() {
        return navigable.comparator();
    }

    @Override
    public E first() {
        return navigable.first();
    }

    @Override
    public E last() {
        return navigable.last();
    }
}
