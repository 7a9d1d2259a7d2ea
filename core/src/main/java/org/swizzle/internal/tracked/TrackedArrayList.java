package org.swizzle.internal.tracked;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.ListIterator;
import java.util.NoSuchElementException;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/** An {@link ArrayList} that reports every change, through itself, its sub-lists or its iterators, to its store. */
public final class TrackedArrayList<E> extends ArrayList<E> implements Tracked {

    private static final long serialVersionUID = 1L;

    private transient Attachment attachment;

    public TrackedArrayList() {
    }

    public TrackedArrayList(int capacity) {
        super(capacity);
    }

    public TrackedArrayList(Collection<? extends E> elements) {
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
    public void add(int index, E element) {
        changed();
        super.add(index, element);
    }

    @Override
    public boolean addAll(Collection<? extends E> c) {
        changed();
        return super.addAll(c);
    }

    @Override
    public boolean addAll(int index, Collection<? extends E> c) {
        changed();
        return super.addAll(index, c);
    }

    @Override
    public E set(int index, E element) {
        changed();
        return super.set(index, element);
    }

    @Override
    public E remove(int index) {
        changed();
        return super.remove(index);
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
        return super.removeIf(filter);
    }

    @Override
    protected void removeRange(int fromIndex, int toIndex) {
        changed();
        super.removeRange(fromIndex, toIndex);
    }

    @Override
    public void replaceAll(UnaryOperator<E> operator) {
        changed();
        super.replaceAll(operator);
    }

    @Override
    public void sort(Comparator<? super E> c) {
        changed();
        super.sort(c);
    }

    @Override
    public void clear() {
        changed();
        super.clear();
    }

    /** {@code SequencedCollection.addFirst} of Java 21, here so that it is tracked on any release. */
    public void addFirst(E e) {
        add(0, e);
    }

    /** {@code SequencedCollection.addLast} of Java 21. */
    public void addLast(E e) {
        add(e);
    }

    /** {@code SequencedCollection.removeFirst} of Java 21. */
    public E removeFirst() {
        if (isEmpty()) {
            throw new NoSuchElementException();
        }
        return remove(0);
    }

    /** {@code SequencedCollection.removeLast} of Java 21. */
    public E removeLast() {
        if (isEmpty()) {
            throw new NoSuchElementException();
        }
        return remove(size() - 1);
    }

    @Override
    public Iterator<E> iterator() {
        return new TrackedArrayListIterator<>(this, 0);
    }

    @Override
    public ListIterator<E> listIterator() {
        return new TrackedArrayListIterator<>(this, 0);
    }

    @Override
    public ListIterator<E> listIterator(int index) {
        if (index < 0 || index > size()) {
            throw new IndexOutOfBoundsException("Index: " + index + ", Size: " + size());
        }
        return new TrackedArrayListIterator<>(this, index);
    }

    /** How many times the list changed its structure, for its iterators' fail-fast checks. */
    int modifications() {
        return modCount;
    }

    @Override
    public List<E> subList(int fromIndex, int toIndex) {
        return new TrackedListView<>(this, super.subList(fromIndex, toIndex));
    }

    /** A copy that belongs to no object, as a clone of a plain list would. */
    @Override
    public Object clone() {
        TrackedArrayList<?> copy = (TrackedArrayList<?>) super.clone();
        copy.attachment = null;
        return copy;
    }

    /** Serialized as a plain {@code ArrayList}: its store does not travel. */
    private Object writeReplace() {
        return new ArrayList<>(this);
    }
}
