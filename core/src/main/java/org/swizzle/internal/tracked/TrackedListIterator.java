package org.swizzle.internal.tracked;

import java.util.ListIterator;

/** A list iterator over a tracked list: {@code remove}, {@code set} and {@code add} report the change first. */
final class TrackedListIterator<E> extends TrackedIterator<E> implements ListIterator<E> {

    private final ListIterator<E> list;

    TrackedListIterator(Tracked source, ListIterator<E> iterator) {
        super(source, iterator);
        this.list = iterator;
    }

    @Override
    public boolean hasPrevious() {
        return list.hasPrevious();
    }

    @Override
    public E previous() {
        return list.previous();
    }

    @Override
    public int nextIndex() {
        return list.nextIndex();
    }

    @Override
    public int previousIndex() {
        return list.previousIndex();
    }

    @Override
    public void set(E element) {
        source.changed();
        list.set(element);
    }

    @Override
    public void add(E element) {
        source.changed();
        list.add(element);
    }
}
