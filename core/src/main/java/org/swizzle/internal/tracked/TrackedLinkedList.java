package org.swizzle.internal.tracked;

import java.util.Collection;
import java.util.Comparator;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.LinkedList;
import java.util.List;
import java.util.ListIterator;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * A {@link LinkedList} that reports every change, through itself as a list or a deque, its sub-lists
 * or its iterators, to its store.
 *
 * <p>Beyond {@link ListPages#PAGING_THRESHOLD} elements the list keeps them in a {@link TrackedArrayList} of its own
 * instead of its nodes, and every method of {@code LinkedList} goes to that list, which pages itself: an index reads
 * one chunk, an add or a removal at either end dirties one, and the list's own stored image is then only a reference
 * to that list, which changes when the list moves between the two forms.
 */
public final class TrackedLinkedList<E> extends LinkedList<E> implements Tracked, Backed {

    private static final long serialVersionUID = 1L;

    private transient Attachment attachment;
    /** The list that holds the elements once this one is large; null while they are in this list's own nodes. */
    private transient TrackedArrayList<E> elements;

    public TrackedLinkedList() {
    }

    public TrackedLinkedList(Collection<? extends E> elements) {
        super(elements);
        keepInListIfLarge();
    }

    @Override
    public Tracked backing() {
        return elements;
    }

    @Override
    @SuppressWarnings("unchecked")
    public boolean backWith(Object backing) {
        if (!(backing instanceof TrackedArrayList)) {
            return false;
        }
        elements = (TrackedArrayList<E>) backing;
        return true;
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

    /** A change that goes to the list of a large list: refused if this list was detached; that list notes its own change. */
    private TrackedArrayList<E> live() {
        Attachment.requireLive(attachment, this);
        return elements;
    }

    /**
     * Counts a change of a large list's list in this list's {@code modCount}, which the sub-lists {@code AbstractList}
     * makes of this list check, if it changed the number of elements from {@code before}.
     */
    private void counted(TrackedArrayList<E> list, int before) {
        if (list.size() != before) {
            modCount++;
        }
    }

    /** Moves a large list's elements into a list of its own, unless the store is filling it. */
    private void keepInListIfLarge() {
        if (elements == null && super.size() > ListPages.PAGING_THRESHOLD && (attachment == null || !attachment.isFilling())) {
            TrackedArrayList<E> list = new TrackedArrayList<>(this); // pages at once: no store tracks it yet
            super.clear();
            elements = list;
        }
    }

    // ---------------------------------------------------------------- queries

    @Override
    public int size() {
        return elements != null ? elements.size() : super.size();
    }

    @Override
    public E get(int index) {
        return elements != null ? elements.get(index) : super.get(index);
    }

    @Override
    public E getFirst() {
        if (elements == null) {
            return super.getFirst();
        }
        if (elements.isEmpty()) {
            throw new NoSuchElementException();
        }
        return elements.get(0);
    }

    @Override
    public E getLast() {
        if (elements == null) {
            return super.getLast();
        }
        if (elements.isEmpty()) {
            throw new NoSuchElementException();
        }
        return elements.get(elements.size() - 1);
    }

    @Override
    public E element() {
        return getFirst();
    }

    @Override
    public E peek() {
        return peekFirst();
    }

    @Override
    public E peekFirst() {
        if (elements == null) {
            return super.peekFirst();
        }
        return elements.isEmpty() ? null : elements.get(0);
    }

    @Override
    public E peekLast() {
        if (elements == null) {
            return super.peekLast();
        }
        return elements.isEmpty() ? null : elements.get(elements.size() - 1);
    }

    @Override
    public boolean contains(Object o) {
        return elements != null ? elements.contains(o) : super.contains(o);
    }

    @Override
    public int indexOf(Object o) {
        return elements != null ? elements.indexOf(o) : super.indexOf(o);
    }

    @Override
    public int lastIndexOf(Object o) {
        return elements != null ? elements.lastIndexOf(o) : super.lastIndexOf(o);
    }

    @Override
    public Object[] toArray() {
        return elements != null ? elements.toArray() : super.toArray();
    }

    @Override
    public <T> T[] toArray(T[] a) {
        return elements != null ? elements.toArray(a) : super.toArray(a);
    }

    @Override
    public void forEach(Consumer<? super E> action) {
        Objects.requireNonNull(action);
        if (elements != null) {
            elements.forEach(action);
        } else {
            super.forEach(action);
        }
    }

    // ---------------------------------------------------------------- changes

    @Override
    public boolean add(E e) {
        if (elements != null) {
            TrackedArrayList<E> list = live();
            int before = list.size();
            try {
                return list.add(e);
            } finally {
                counted(list, before);
            }
        }
        changed();
        super.add(e);
        keepInListIfLarge();
        return true;
    }

    @Override
    public void add(int index, E element) {
        if (elements != null) {
            TrackedArrayList<E> list = live();
            int before = list.size();
            try {
                list.add(index, element);
            } finally {
                counted(list, before);
            }
            return;
        }
        changed();
        super.add(index, element);
        keepInListIfLarge();
    }

    @Override
    public boolean addAll(Collection<? extends E> c) {
        return addAll(size(), c);
    }

    @Override
    public boolean addAll(int index, Collection<? extends E> c) {
        if (elements != null) {
            TrackedArrayList<E> list = live();
            int before = list.size();
            try {
                return list.addAll(index, c);
            } finally {
                counted(list, before);
            }
        }
        changed();
        boolean added = super.addAll(index, c);
        keepInListIfLarge();
        return added;
    }

    @Override
    public void addFirst(E e) {
        add(0, e);
    }

    @Override
    public void addLast(E e) {
        add(e);
    }

    @Override
    public boolean offer(E e) {
        return add(e);
    }

    @Override
    public boolean offerFirst(E e) {
        add(0, e);
        return true;
    }

    @Override
    public boolean offerLast(E e) {
        return add(e);
    }

    @Override
    public void push(E e) {
        add(0, e);
    }

    @Override
    public E pop() {
        return removeFirst();
    }

    @Override
    public E poll() {
        return pollFirst();
    }

    @Override
    public E pollFirst() {
        return isEmpty() ? null : removeFirst();
    }

    @Override
    public E pollLast() {
        return isEmpty() ? null : removeLast();
    }

    @Override
    public E remove() {
        return removeFirst();
    }

    @Override
    public E removeFirst() {
        if (elements != null) {
            if (elements.isEmpty()) {
                throw new NoSuchElementException();
            }
            return removeAt(0);
        }
        changed();
        return super.removeFirst();
    }

    @Override
    public E removeLast() {
        if (elements != null) {
            if (elements.isEmpty()) {
                throw new NoSuchElementException();
            }
            return removeAt(elements.size() - 1);
        }
        changed();
        return super.removeLast();
    }

    @Override
    public E remove(int index) {
        if (elements != null) {
            return removeAt(index);
        }
        changed();
        return super.remove(index);
    }

    @Override
    public boolean remove(Object o) {
        if (elements != null) {
            int index = elements.indexOf(o);
            if (index < 0) {
                return false;
            }
            removeAt(index);
            return true;
        }
        changed();
        return super.remove(o);
    }

    @Override
    public boolean removeFirstOccurrence(Object o) {
        return remove(o);
    }

    @Override
    public boolean removeLastOccurrence(Object o) {
        if (elements != null) {
            int index = elements.lastIndexOf(o);
            if (index < 0) {
                return false;
            }
            removeAt(index);
            return true;
        }
        changed();
        return super.removeLastOccurrence(o);
    }

    /** Removes element {@code index} of a large list's list. */
    private E removeAt(int index) {
        TrackedArrayList<E> list = live();
        int before = list.size();
        try {
            return list.remove(index);
        } finally {
            counted(list, before);
        }
    }

    /** Runs {@code change}, which may remove elements, on a large list's list. */
    private boolean removing(Predicate<TrackedArrayList<E>> change) {
        TrackedArrayList<E> list = live();
        int before = list.size();
        try {
            return change.test(list);
        } finally {
            counted(list, before);
        }
    }

    @Override
    public boolean removeAll(Collection<?> c) {
        if (elements != null) {
            return removing(list -> list.removeAll(c));
        }
        changed();
        return super.removeAll(c);
    }

    @Override
    public boolean retainAll(Collection<?> c) {
        if (elements != null) {
            return removing(list -> list.retainAll(c));
        }
        changed();
        return super.retainAll(c);
    }

    @Override
    public boolean removeIf(Predicate<? super E> filter) {
        if (elements != null) {
            return removing(list -> list.removeIf(filter));
        }
        changed();
        try {
            return super.removeIf(filter);
        } finally {
            changedAgain();
        }
    }

    @Override
    protected void removeRange(int fromIndex, int toIndex) {
        if (elements != null) {
            removing(list -> {
                list.subList(fromIndex, toIndex).clear();
                return true;
            });
            return;
        }
        changed();
        super.removeRange(fromIndex, toIndex);
    }

    @Override
    public E set(int index, E element) {
        if (elements != null) {
            return live().set(index, element);
        }
        changed();
        return super.set(index, element);
    }

    @Override
    public void replaceAll(UnaryOperator<E> operator) {
        if (elements != null) {
            live().replaceAll(operator);
            return;
        }
        changed();
        try {
            super.replaceAll(operator);
        } finally {
            changedAgain();
        }
    }

    @Override
    public void sort(Comparator<? super E> c) {
        if (elements != null) {
            live().sort(c);
            return;
        }
        changed();
        try {
            super.sort(c);
        } finally {
            changedAgain();
        }
    }

    /** Empties the list into its own nodes again: its list is no longer stored once the list's next image is. */
    @Override
    public void clear() {
        changed();
        elements = null;
        super.clear();
    }

    // ---------------------------------------------------------------- iterators and views

    @Override
    public Iterator<E> iterator() {
        return listIterator(0);
    }

    @Override
    public ListIterator<E> listIterator(int index) {
        return elements != null ? new ElementIterator(index) : new TrackedListIterator<>(this, super.listIterator(index));
    }

    @Override
    public Iterator<E> descendingIterator() {
        if (elements == null) {
            return new TrackedIterator<>(this, super.descendingIterator());
        }
        ListIterator<E> backwards = new ElementIterator(elements.size());
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return backwards.hasPrevious();
            }

            @Override
            public E next() {
                return backwards.previous();
            }

            @Override
            public void remove() {
                backwards.remove();
            }
        };
    }

    /**
     * Binds to the list when traversal starts, through its iterator: {@code LinkedList}'s own walks its nodes, which a
     * large list leaves empty.
     */
    @Override
    public Spliterator<E> spliterator() {
        return Spliterators.spliterator(this, Spliterator.ORDERED);
    }

    /**
     * A view of a large list is {@code AbstractList}'s, over this list's own methods; a small list's goes through its
     * nodes, noting each change first.
     */
    @Override
    public List<E> subList(int fromIndex, int toIndex) {
        return elements != null ? super.subList(fromIndex, toIndex) : new TrackedListView<>(this, super.subList(fromIndex, toIndex));
    }

    /** A copy that belongs to no object, as a clone of a plain list would; a large one gets a list of its own. */
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

    /**
     * An iterator over a large list's list, which notes the changes made through it; it fails fast once this list no
     * longer keeps its elements there (cleared).
     */
    private final class ElementIterator implements ListIterator<E> {

        private final TrackedArrayList<E> list = elements;
        private final ListIterator<E> iterator;

        ElementIterator(int index) {
            iterator = list.listIterator(index);
        }

        @Override
        public boolean hasNext() {
            return iterator.hasNext();
        }

        @Override
        public E next() {
            requireSameList();
            return iterator.next();
        }

        @Override
        public boolean hasPrevious() {
            return iterator.hasPrevious();
        }

        @Override
        public E previous() {
            requireSameList();
            return iterator.previous();
        }

        @Override
        public int nextIndex() {
            return iterator.nextIndex();
        }

        @Override
        public int previousIndex() {
            return iterator.previousIndex();
        }

        @Override
        public void remove() {
            requireSameList();
            live();
            int before = list.size();
            try {
                iterator.remove();
            } finally {
                counted(list, before);
            }
        }

        @Override
        public void set(E e) {
            requireSameList();
            live();
            iterator.set(e);
        }

        @Override
        public void add(E e) {
            requireSameList();
            live();
            int before = list.size();
            try {
                iterator.add(e);
            } finally {
                counted(list, before);
            }
        }

        @Override
        public void forEachRemaining(Consumer<? super E> action) {
            requireSameList();
            iterator.forEachRemaining(action);
        }

        private void requireSameList() {
            if (elements != list) {
                throw new ConcurrentModificationException();
            }
        }
    }
}
