package org.swizzle.internal.tracked;

import java.util.Collection;
import java.util.Comparator;
import java.util.Iterator;
import java.util.NavigableSet;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * A {@link TreeSet} (natural ordering) that reports every change, through itself, its sub-sets and descending
 * set and their views, or its iterators, to its store.
 */
public final class TrackedTreeSet<E> extends TreeSet<E> implements Tracked {

    private static final long serialVersionUID = 1L;

    private transient Attachment attachment;

    public TrackedTreeSet() {
    }

    public TrackedTreeSet(Comparator<? super E> comparator) {
        super(comparator);
    }

    public TrackedTreeSet(Collection<? extends E> elements) {
        super(elements);
    }

    public TrackedTreeSet(SortedSet<E> elements) {
        super(elements);
    }

    @Override
    public Attachment attachment() {
        return attachment;
    }

    @Override
    public void attach(Attachment attachment) {
        this.attachment = attachment;
    }

    @Override
    public void changed() {
        Attachment.changed(attachment, this);
    }

    @Override
    public boolean add(E e) {
        changed();
        return super.add(e);
    }

    @Override
    public boolean addAll(Collection<? extends E> c) {
        changed();
        return super.addAll(c);
    }

    @Override
    public boolean remove(Object o) {
        changed();
        return super.remove(o);
    }

    @Override
    public boolean removeAll(Collection<?> c) {
        changed();
        return super.removeAll(c);
    }

    @Override
    public boolean retainAll(Collection<?> c) {
        changed();
        return super.retainAll(c);
    }

    @Override
    public boolean removeIf(Predicate<? super E> filter) {
        changed();
        try {
            return super.removeIf(filter);
        } finally {
            changedAgain();
        }
    }

    @Override
    public void clear() {
        changed();
        super.clear();
    }

    @Override
    public E pollFirst() {
        changed();
        return super.pollFirst();
    }

    @Override
    public E pollLast() {
        changed();
        return super.pollLast();
    }

    @Override
    public Iterator<E> iterator() {
        return new TrackedIterator<>(this, super.iterator());
    }

    @Override
    public Iterator<E> descendingIterator() {
        return new TrackedIterator<>(this, super.descendingIterator());
    }

    @Override
    public NavigableSet<E> descendingSet() {
        return new TrackedNavigableSetView<>(this, super.descendingSet());
    }

    @Override
    public NavigableSet<E> subSet(E fromElement, boolean fromInclusive, E toElement, boolean toInclusive) {
        return new TrackedNavigableSetView<>(this, super.subSet(fromElement, fromInclusive, toElement, toInclusive));
    }

    @Override
    public NavigableSet<E> headSet(E toElement, boolean inclusive) {
        return new TrackedNavigableSetView<>(this, super.headSet(toElement, inclusive));
    }

    @Override
    public NavigableSet<E> tailSet(E fromElement, boolean inclusive) {
        return new TrackedNavigableSetView<>(this, super.tailSet(fromElement, inclusive));
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

    /** A copy that belongs to no object, as a clone of a plain set would. */
    @Override
    public Object clone() {
        TrackedTreeSet<?> copy = (TrackedTreeSet<?>) super.clone();
        copy.attachment = null;
        return copy;
    }

    /** Serialized as a plain {@code TreeSet}: its store does not travel. */
    private Object writeReplace() {
        return new TreeSet<>(this);
    }
}
