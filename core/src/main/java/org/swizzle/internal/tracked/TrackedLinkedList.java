package org.swizzle.internal.tracked;

import java.util.Collection;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedList;
import java.util.List;
import java.util.ListIterator;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * A {@link LinkedList} that reports every change, through itself as a list or a deque, its sub-lists
 * or its iterators, to its store.
 */
public final class TrackedLinkedList<E> extends LinkedList<E> implements Tracked {

    private static final long serialVersionUID = 1L;

    private transient Attachment attachment;

    public TrackedLinkedList() {
    }

    public TrackedLinkedList(Collection<? extends E> elements) {
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
    public void addFirst(E e) {
        changed();
        super.addFirst(e);
    }

    @Override
    public void addLast(E e) {
        changed();
        super.addLast(e);
    }

    @Override
    public boolean offer(E e) {
        changed();
        return super.offer(e);
    }

    @Override
    public boolean offerFirst(E e) {
        changed();
        return super.offerFirst(e);
    }

    @Override
    public boolean offerLast(E e) {
        changed();
        return super.offerLast(e);
    }

    @Override
    public void push(E e) {
        changed();
        super.push(e);
    }

    @Override
    public E pop() {
        changed();
        return super.pop();
    }

    @Override
    public E poll() {
        changed();
        return super.poll();
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
    public E remove() {
        changed();
        return super.remove();
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
    public E removeFirst() {
        changed();
        return super.removeFirst();
    }

    @Override
    public E removeLast() {
        changed();
        return super.removeLast();
    }

    @Override
    public boolean removeFirstOccurrence(Object o) {
        changed();
        return super.removeFirstOccurrence(o);
    }

    @Override
    public boolean removeLastOccurrence(Object o) {
        changed();
        return super.removeLastOccurrence(o);
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
    protected void removeRange(int fromIndex, int toIndex) {
        changed();
        super.removeRange(fromIndex, toIndex);
    }

    @Override
    public E set(int index, E element) {
        changed();
        return super.set(index, element);
    }

    @Override
    public void replaceAll(UnaryOperator<E> operator) {
        changed();
        try {
            super.replaceAll(operator);
        } finally {
            changedAgain();
        }
    }

    @Override
    public void sort(Comparator<? super E> c) {
        changed();
        try {
            super.sort(c);
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
    public Iterator<E> iterator() {
        return listIterator(0);
    }

    @Override
    public ListIterator<E> listIterator(int index) {
        return new TrackedListIterator<>(this, super.listIterator(index));
    }

    @Override
    public Iterator<E> descendingIterator() {
        return new TrackedIterator<>(this, super.descendingIterator());
    }

    @Override
    public List<E> subList(int fromIndex, int toIndex) {
        return new TrackedListView<>(this, super.subList(fromIndex, toIndex));
    }

    /** A copy that belongs to no object, as a clone of a plain list would. */
    @Override
    public Object clone() {
        TrackedLinkedList<E> copy = new TrackedLinkedList<>();
        copy.addAll(this); // LinkedList.clone() would add through this list's tracked add
        return copy;
    }

    /** Serialized as a plain {@code LinkedList}: its store does not travel. */
    private Object writeReplace() {
        return new LinkedList<>(this);
    }
}
