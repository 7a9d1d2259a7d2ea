package org.swizzle.internal.tracked;

import java.util.Collection;
import java.util.List;
import java.util.ListIterator;
import java.util.function.UnaryOperator;
import java.util.Comparator;

/** A sub-list of a tracked list, and sub-lists of it: changes are reported first. */
final class TrackedListView<E> extends TrackedCollectionView<E> implements List<E> {

    private final List<E> list;

    TrackedListView(Tracked source, List<E> view) {
        super(source, view);
        this.list = view;
    }

    @Override
    public E get(int index) {
        return list.get(index);
    }

    @Override
    public int indexOf(Object o) {
        return list.indexOf(o);
    }

    @Override
    public int lastIndexOf(Object o) {
        return list.lastIndexOf(o);
    }

    @Override
    public E set(int index, E element) {
        source.changed();
        return list.set(index, element);
    }

    @Override
    public void add(int index, E element) {
        source.changed();
        list.add(index, element);
    }

    @Override
    public boolean addAll(int index, Collection<? extends E> c) {
        source.changed();
        return list.addAll(index, c);
    }

    @Override
    public E remove(int index) {
        source.changed();
        return list.remove(index);
    }

    @Override
    public void replaceAll(UnaryOperator<E> operator) {
        source.changed();
        try {
            list.replaceAll(operator);
        } finally {
            source.changedAgain();
        }
    }

    @Override
    public void sort(Comparator<? super E> c) {
        source.changed();
        try {
            list.sort(c);
        } finally {
            source.changedAgain();
        }
    }

    @Override
    public ListIterator<E> listIterator() {
        return new TrackedListIterator<>(source, list.listIterator());
    }

    @Override
    public ListIterator<E> listIterator(int index) {
        return new TrackedListIterator<>(source, list.listIterator(index));
    }

    @Override
    public List<E> subList(int fromIndex, int toIndex) {
        return new TrackedListView<>(source, list.subList(fromIndex, toIndex));
    }
}
