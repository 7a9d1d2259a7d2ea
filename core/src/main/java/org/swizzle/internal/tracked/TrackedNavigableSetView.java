package org.swizzle.internal.tracked;

import java.util.Comparator;
import java.util.Iterator;
import java.util.NavigableSet;
import java.util.SortedSet;
import java.util.Spliterator;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * A navigable view of a tracked {@code TreeSet} or {@code TreeMap} (sub-sets, descending sets, key
 * sets), and views of those views: changes are reported first, and every view it hands out is tracked.
 */
final class TrackedNavigableSetView<E> extends TrackedSetView<E> implements NavigableSet<E> {

    private final Supplier<? extends NavigableSet<E>> navigables;

    TrackedNavigableSetView(Tracked source, NavigableSet<E> view) {
        this(source, () -> view);
    }

    /** A view of the set {@code navigables} gives at each use. */
    TrackedNavigableSetView(Tracked source, Supplier<? extends NavigableSet<E>> navigables) {
        super(source, navigables, Spliterator.DISTINCT | Spliterator.SORTED | Spliterator.ORDERED);
        this.navigables = navigables;
    }

    /** Binds when traversal starts, sorted by this set's comparator, as a {@code TreeSet}'s spliterator does. */
    @Override
    public Spliterator<E> spliterator() {
        return NavigableSet.super.spliterator();
    }

    private NavigableSet<E> navigable() {
        return navigables.get();
    }

    /** A view of {@code view} of this set, found again at each use: the view of the set as it is then. */
    private NavigableSet<E> derived(UnaryOperator<NavigableSet<E>> view) {
        view.apply(navigable()); // refuses bounds out of range now, as the set's own views do
        return new TrackedNavigableSetView<>(source, () -> view.apply(navigable()));
    }

    @Override
    public E lower(E e) {
        return navigable().lower(e);
    }

    @Override
    public E floor(E e) {
        return navigable().floor(e);
    }

    @Override
    public E ceiling(E e) {
        return navigable().ceiling(e);
    }

    @Override
    public E higher(E e) {
        return navigable().higher(e);
    }

    @Override
    public E pollFirst() {
        source.changed();
        return navigable().pollFirst();
    }

    @Override
    public E pollLast() {
        source.changed();
        return navigable().pollLast();
    }

    @Override
    public NavigableSet<E> descendingSet() {
        return derived(NavigableSet::descendingSet);
    }

    @Override
    public Iterator<E> descendingIterator() {
        return new TrackedIterator<>(source, navigable().descendingIterator());
    }

    @Override
    public NavigableSet<E> subSet(E fromElement, boolean fromInclusive, E toElement, boolean toInclusive) {
        return derived(set -> set.subSet(fromElement, fromInclusive, toElement, toInclusive));
    }

    @Override
    public NavigableSet<E> headSet(E toElement, boolean inclusive) {
        return derived(set -> set.headSet(toElement, inclusive));
    }

    @Override
    public NavigableSet<E> tailSet(E fromElement, boolean inclusive) {
        return derived(set -> set.tailSet(fromElement, inclusive));
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
        return navigable().comparator();
    }

    @Override
    public E first() {
        return navigable().first();
    }

    @Override
    public E last() {
        return navigable().last();
    }
}
