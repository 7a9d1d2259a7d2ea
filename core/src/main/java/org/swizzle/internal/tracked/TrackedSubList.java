package org.swizzle.internal.tracked;

import java.util.AbstractList;
import java.util.Collection;
import java.util.ConcurrentModificationException;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * A sub-list of a {@link TrackedArrayList}, and sub-lists of it. Every access goes through the list's own
 * methods, which report the changes, so the view works the same whether the list keeps its elements in one
 * array or in chunks, and goes on working when the list moves from one to the other through the view. Like
 * {@code ArrayList}'s, it fails fast once the list changed its structure other than through the view.
 */
final class TrackedSubList<E> extends AbstractList<E> implements RandomAccess {

    private final TrackedArrayList<E> root;
    private final TrackedSubList<E> parent;
    private final int offset;
    private int size;
    private int expected;

    TrackedSubList(TrackedArrayList<E> root, int fromIndex, int toIndex) {
        checkRange(fromIndex, toIndex, root.size());
        this.root = root;
        this.parent = null;
        this.offset = fromIndex;
        this.size = toIndex - fromIndex;
        this.expected = root.modifications();
    }

    private TrackedSubList(TrackedSubList<E> parent, int fromIndex, int toIndex) {
        this.root = parent.root;
        this.parent = parent;
        this.offset = parent.offset + fromIndex;
        this.size = toIndex - fromIndex;
        this.expected = root.modifications();
    }

    private static void checkRange(int fromIndex, int toIndex, int size) {
        if (fromIndex < 0) {
            throw new IndexOutOfBoundsException("fromIndex = " + fromIndex);
        }
        if (toIndex > size) {
            throw new IndexOutOfBoundsException("toIndex = " + toIndex);
        }
        if (fromIndex > toIndex) {
            throw new IllegalArgumentException("fromIndex(" + fromIndex + ") > toIndex(" + toIndex + ")");
        }
    }

    @Override
    public E get(int index) {
        Objects.checkIndex(index, size);
        checkForModification();
        return root.get(offset + index);
    }

    @Override
    public int size() {
        checkForModification();
        return size;
    }

    @Override
    public E set(int index, E element) {
        Objects.checkIndex(index, size);
        checkForModification();
        return root.set(offset + index, element);
    }

    @Override
    public void add(int index, E element) {
        checkForAdd(index);
        checkForModification();
        root.add(offset + index, element);
        resized(1);
    }

    @Override
    public E remove(int index) {
        Objects.checkIndex(index, size);
        checkForModification();
        E removed = root.remove(offset + index);
        resized(-1);
        return removed;
    }

    @Override
    protected void removeRange(int fromIndex, int toIndex) {
        checkForModification();
        root.removeRange(offset + fromIndex, offset + toIndex);
        resized(fromIndex - toIndex);
    }

    @Override
    public boolean addAll(Collection<? extends E> c) {
        return addAll(size, c);
    }

    @Override
    public boolean addAll(int index, Collection<? extends E> c) {
        checkForAdd(index);
        int added = c.size();
        if (added == 0) {
            return false;
        }
        checkForModification();
        root.addAll(offset + index, c);
        resized(added);
        return true;
    }

    @Override
    public List<E> subList(int fromIndex, int toIndex) {
        checkRange(fromIndex, toIndex, size);
        return new TrackedSubList<>(this, fromIndex, toIndex);
    }

    private void checkForAdd(int index) {
        if (index < 0 || index > size) {
            throw new IndexOutOfBoundsException("Index: " + index + ", Size: " + size);
        }
    }

    private void checkForModification() {
        if (root.modifications() != expected) {
            throw new ConcurrentModificationException();
        }
    }

    /** After a change through this view: it and the views it was taken from have {@code change} more elements. */
    private void resized(int change) {
        for (TrackedSubList<E> view = this; view != null; view = view.parent) {
            view.size += change;
            view.expected = root.modifications();
            view.modCount++;
        }
    }
}
