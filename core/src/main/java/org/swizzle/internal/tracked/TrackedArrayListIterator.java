package org.swizzle.internal.tracked;

import java.util.ConcurrentModificationException;
import java.util.ListIterator;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The iterator of a {@link TrackedArrayList}, fail-fast as {@code ArrayList}'s is, whose changes are reported
 * first (so a detached list refuses them before anything else is checked) and made through the list. It is a class of its own rather than the wrapper every other tracked collection
 * shares, so that a loop over a list sees one iterator type at each call and compiles as a loop over an
 * {@code ArrayList} does.
 */
final class TrackedArrayListIterator<E> implements ListIterator<E> {

    private final TrackedArrayList<E> list;
    private int cursor;
    private int lastReturned = -1;
    private int expectedModifications;
    /**
     * The list that holds the elements from {@link #windowStart} to {@link #windowEnd}: the list itself, or the
     * chunk of a paged list the iterator is in, read without going through the list's directory.
     */
    private TrackedArrayList<E> window;
    private int windowStart;
    private int windowEnd;

    TrackedArrayListIterator(TrackedArrayList<E> list, int index) {
        this.list = list;
        this.cursor = index;
        this.expectedModifications = list.modifications();
    }

    @Override
    public boolean hasNext() {
        return cursor != list.size();
    }

    @Override
    public E next() {
        checkForModification();
        int i = cursor;
        if (i >= list.size()) {
            throw new NoSuchElementException();
        }
        cursor = i + 1;
        lastReturned = i;
        return element(i);
    }

    /** Element {@code i}, which the list holds, read through the window (moved to the chunk that holds it first). */
    private E element(int i) {
        if (i < windowStart || i >= windowEnd) {
            list.windowAt(i, this);
        }
        return window.element(i - windowStart);
    }

    /** Called back by the list: elements {@code start} to {@code end} are those of {@code holder}, from 0. */
    void window(TrackedArrayList<E> holder, int start, int end) {
        window = holder;
        windowStart = start;
        windowEnd = end;
    }

    /** The list changed through this iterator: the window is found again at the next step. */
    private void moved() {
        windowEnd = 0;
        expectedModifications = list.modifications();
    }

    @Override
    public boolean hasPrevious() {
        return cursor != 0;
    }

    @Override
    public E previous() {
        checkForModification();
        int i = cursor - 1;
        if (i < 0) {
            throw new NoSuchElementException();
        }
        if (i >= list.size()) {
            throw new ConcurrentModificationException();
        }
        cursor = i;
        lastReturned = i;
        return element(i);
    }

    @Override
    public int nextIndex() {
        return cursor;
    }

    @Override
    public int previousIndex() {
        return cursor - 1;
    }

    @Override
    public void remove() {
        list.beforeChange();
        if (lastReturned < 0) {
            throw new IllegalStateException();
        }
        checkForModification();
        try {
            list.remove(lastReturned);
        } catch (IndexOutOfBoundsException e) {
            throw new ConcurrentModificationException();
        }
        cursor = lastReturned;
        lastReturned = -1;
        moved();
    }

    @Override
    public void set(E element) {
        list.beforeChange();
        if (lastReturned < 0) {
            throw new IllegalStateException();
        }
        checkForModification();
        try {
            list.set(lastReturned, element);
        } catch (IndexOutOfBoundsException e) {
            throw new ConcurrentModificationException();
        }
    }

    @Override
    public void add(E element) {
        list.beforeChange();
        checkForModification();
        try {
            list.add(cursor, element);
        } catch (IndexOutOfBoundsException e) {
            throw new ConcurrentModificationException();
        }
        cursor++;
        lastReturned = -1;
        moved();
    }

    @Override
    public void forEachRemaining(Consumer<? super E> action) {
        Objects.requireNonNull(action);
        int size = list.size();
        int i = cursor;
        if (i < size) {
            for (; i < size && list.modifications() == expectedModifications; i++) {
                action.accept(element(i));
            }
            cursor = i;
            lastReturned = i - 1;
            checkForModification();
        }
    }

    private void checkForModification() {
        if (list.modifications() != expectedModifications) {
            throw new ConcurrentModificationException();
        }
    }
}
