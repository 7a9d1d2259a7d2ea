package org.swizzle.internal.tracked;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Collection;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.List;
import java.util.ListIterator;
import java.util.Objects;
import java.util.RandomAccess;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * A sub-list of a {@link TrackedArrayList}, and sub-lists of it. Every access goes through the list's own
 * methods, so the view works the same whether the list keeps its elements in one array or in chunks, and goes
 * on working when the list moves from one to the other through the view. As {@code ArrayList}'s sub-list does,
 * it fails fast once the list changed its structure other than through the view; a change is reported (or
 * refused, after abort()) before anything else is checked.
 */
final class TrackedSubList<E> extends AbstractList<E> implements RandomAccess {

    private final TrackedArrayList<E> root;
    private final TrackedSubList<E> parent;
    private final int offset;
    private int size;
    /** The list's modification count this view last saw; the view fails fast once the list's differs. */
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
        this.expected = parent.expected;
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

    /** The size without a check, for an iterator, which tells its end by it as {@code ArrayList}'s does. */
    int sizeAsIterated() {
        return size;
    }

    @Override
    public E set(int index, E element) {
        root.beforeChange();
        Objects.checkIndex(index, size);
        checkForModification();
        return root.set(offset + index, element);
    }

    @Override
    public void add(int index, E element) {
        root.beforeChange();
        checkForAdd(index);
        checkForModification();
        root.add(offset + index, element);
        resized(1);
    }

    @Override
    public E remove(int index) {
        root.beforeChange();
        Objects.checkIndex(index, size);
        checkForModification();
        E removed = root.remove(offset + index);
        resized(-1);
        return removed;
    }

    @Override
    public void clear() {
        removeRange(0, size);
    }

    @Override
    protected void removeRange(int fromIndex, int toIndex) {
        root.beforeChange();
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
        root.beforeChange();
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
    public boolean removeAll(Collection<?> c) {
        Objects.requireNonNull(c);
        return removeIf(c::contains);
    }

    @Override
    public boolean retainAll(Collection<?> c) {
        Objects.requireNonNull(c);
        return removeIf(element -> !c.contains(element));
    }

    /**
     * Asks {@code filter} about every element first, with the list unchanged, and removes nothing if it throws;
     * then replaces the view's range with the elements kept, in two changes of the list. The list notes the change
     * before the filter runs, so that an {@code abort()} from the filter detaches it and the removal goes with it.
     */
    @Override
    public boolean removeIf(Predicate<? super E> filter) {
        Objects.requireNonNull(filter);
        root.callingApplication();
        checkForModification();
        List<E> kept = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            E element = root.get(offset + i);
            if (!filter.test(element)) {
                kept.add(element);
            }
            checkForModification();
        }
        if (kept.size() == size || !root.isLive()) {
            return false;
        }
        int removed = size - kept.size();
        root.removeRange(offset, offset + size);
        root.addAll(offset, kept);
        resized(-removed);
        return true;
    }

    /**
     * As {@code ArrayList}'s sub-list does: fails fast only when {@code operator} changes the list's structure, not
     * when the view is out of date. A position the list no longer has is read as null and not written, where
     * {@code ArrayList} reads and writes its spare capacity.
     */
    @Override
    public void replaceAll(UnaryOperator<E> operator) {
        Objects.requireNonNull(operator);
        root.beforeChange();
        int rootExpected = root.modifications();
        for (int i = 0; i < size; i++) {
            int at = offset + i;
            boolean held = at < root.size();
            E replacement = operator.apply(held ? root.get(at) : null);
            if (root.modifications() != rootExpected) {
                throw new ConcurrentModificationException();
            }
            if (held) {
                root.set(at, replacement);
            }
        }
    }

    @Override
    public Iterator<E> iterator() {
        return listIterator(0);
    }

    @Override
    public ListIterator<E> listIterator(int index) {
        checkForModification();
        checkForAdd(index);
        return new TrackedArrayListIterator<>(root, this, offset, index);
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
