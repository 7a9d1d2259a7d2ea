package org.swizzle.internal.tracked;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
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
 * An {@link ArrayList} that reports every change, through itself, its sub-lists or its iterators, to its store.
 *
 * <p>Beyond {@link ListPages#PAGING_THRESHOLD} elements the list keeps them in {@link ListPages chunks} instead
 * of its own array, and every method of {@code ArrayList} goes to them: an index reads one chunk, a change
 * dirties one. The chunks are lists of this class themselves, which never page.
 */
public final class TrackedArrayList<E> extends ArrayList<E> implements Tracked, Paged {

    private static final long serialVersionUID = 1L;

    private transient Attachment attachment;
    /**
     * The list's part in paging, in one field so that a list is 8 bytes smaller: its {@link ListPages} once its
     * elements are in chunks; for a chunk, which never pages itself, the paged list it is a chunk of; null for any
     * other list.
     */
    private transient Object paging;

    public TrackedArrayList() {
    }

    public TrackedArrayList(int capacity) {
        super(capacity);
    }

    public TrackedArrayList(Collection<? extends E> elements) {
        super(elements);
        pageIfLarge();
    }

    /** A new, empty chunk of {@code owner}. */
    static <E> TrackedArrayList<E> pageOf(Tracked owner) {
        TrackedArrayList<E> page = new TrackedArrayList<>();
        page.paging = owner;
        return page;
    }

    /** Makes this list, read from the store, a chunk of {@code owner}. */
    void asPageOf(Tracked owner) {
        paging = owner;
    }

    /**
     * A stored paged list whose chunks are read when an index leads to them (see {@link ListPages#stored}); its
     * directory is stored in sections of {@code sectionChunks[i]} chunks stored as {@code sectionOids[i]}, or, in a
     * store written before directories had sections, whole ({@code sectionChunks} null).
     */
    public static <E> TrackedArrayList<E> paged(int size, int[] counts, long[] oids, int[] sectionChunks, long[] sectionOids) {
        TrackedArrayList<E> list = new TrackedArrayList<>();
        list.paging = ListPages.stored(list, size, counts, oids, Sections.of(oids.length, sectionChunks, sectionOids));
        return list;
    }

    /**
     * Has {@code check} look at each chunk of this list read from the store from now on. Only the chunks of a list
     * paged when read need it: those of one paged since, in this JVM, were ordered here.
     */
    void checkChunksWith(ChunkCheck check) {
        ListPages<E> pages = pages();
        if (pages != null) {
            pages.checkChunksWith(check);
        }
    }

    /** Whether the elements are in chunks. */
    public boolean isPaged() {
        return paging instanceof ListPages;
    }

    @Override
    public int pageCount() {
        return pages().chunkCount();
    }

    @Override
    public int firstIndexOfPage(int page) {
        return pages().start(page);
    }

    @Override
    public void readPage(int index) {
        pages().chunk(index);
    }

    /** Hands chunks {@code from} to {@code to}, in order, to {@code action}, with the number of elements each holds. */
    @Override
    public void forEachPage(int from, int to, PageAction action) {
        pages().forEachChunk(from, to, action);
    }

    @Override
    public Sections sections() {
        return pages().sections();
    }

    @Override
    public boolean pagedIn(Attachment writing) {
        return isPaged() && attachment == writing;
    }

    @Override
    public Attachment attachment() {
        return attachment;
    }

    /**
     * A paged list that moves to another attachment (stored again after abort() detached it) takes fresh chunks:
     * its stored ones belong to the list it was. Its iterators then fail fast, rather than read the chunks left.
     */
    @Override
    public void attach(Attachment next) {
        ListPages<E> pages = pages();
        if (pages != null && attachment != null && next != null && next != attachment) {
            Object[] elements = pages.toArray();
            pages.retire();
            attachment = null;
            paging = ListPages.of(this, elements);
            modCount++;
        }
        this.attachment = next;
    }

    @Override
    public void changed() {
        Attachment.changed(attachment, this, pageOf());
    }

    @Override
    public void changedAgain() {
        Attachment.changedAgain(attachment, pageOf());
    }

    /** Refuses a change of a paged list that abort() detached; its chunks report the change themselves. */
    private void requireLive() {
        Attachment.requireLive(attachment, this);
    }

    /**
     * Runs first in a change made through a view or an iterator, before anything else is checked: reports it,
     * or for a paged list only refuses it if the list was detached (the chunk that changes reports it).
     */
    void beforeChange() {
        if (isPaged()) {
            requireLive();
        } else {
            changed();
        }
    }

    /** The size or the chunks of a paged list changed: its directory is written at the next commit. */
    void directoryChanged() {
        changed();
    }

    private void pageIfLarge() {
        if (paging == null && super.size() > ListPages.PAGING_THRESHOLD
            && (attachment == null || !attachment.isFilling())) {
            ListPages<E> paged = ListPages.of(this, super.toArray());
            super.clear();
            super.trimToSize();
            paging = paged;
        }
    }

    // ---------------------------------------------------------------- queries

    @Override
    public int size() {
        ListPages<E> pages = pages();
        return pages != null ? pages.size() : super.size();
    }

    @Override
    public boolean isEmpty() {
        return size() == 0;
    }

    @Override
    public E get(int index) {
        ListPages<E> pages = pages();
        return pages != null ? pages.get(index) : super.get(index);
    }

    /** The list that holds element {@code index}, which is within the list: this list, or a chunk of a paged one. */
    TrackedArrayList<E> holderOf(int index) {
        ListPages<E> pages = pages();
        return pages != null ? pages.chunkHolding(index) : this;
    }

    /** The chunks of a paged list, or null. */
    @SuppressWarnings("unchecked")
    ListPages<E> pages() {
        return paging instanceof ListPages ? (ListPages<E>) paging : null;
    }

    /** The paged list this list is a chunk of, or null. */
    private Tracked pageOf() {
        return paging instanceof Tracked ? (Tracked) paging : null;
    }

    /** Where the list that holds element {@code index} (see {@link #holderOf}) starts in this list. */
    int holderStart(int index) {
        ListPages<E> pages = pages();
        return pages != null ? pages.startOfChunkHolding(index) : 0;
    }

    /** The number of lists that hold the elements, in order: the chunks of a paged list, else this list alone. */
    int holderCount() {
        ListPages<E> pages = pages();
        return pages != null ? pages.chunkCount() : 1;
    }

    /** The {@code k}th list that holds the elements (see {@link #holderCount}), read if it is a chunk not in memory. */
    TrackedArrayList<E> holder(int k) {
        ListPages<E> pages = pages();
        return pages != null ? pages.chunk(k) : this;
    }

    /** Where the {@code k}th list that holds the elements starts in this list. */
    int startOfHolder(int k) {
        ListPages<E> pages = pages();
        return pages != null ? pages.start(k) : 0;
    }

    /** Element {@code index} of a list that is not paged (a chunk): no way back into the chunks, for the JIT. */
    E element(int index) {
        return super.get(index);
    }

    /** {@code SequencedCollection.getFirst} of Java 21, whose {@code ArrayList} version reads the array. */
    public E getFirst() {
        if (isEmpty()) {
            throw new NoSuchElementException();
        }
        return get(0);
    }

    /** {@code SequencedCollection.getLast} of Java 21. */
    public E getLast() {
        if (isEmpty()) {
            throw new NoSuchElementException();
        }
        return get(size() - 1);
    }

    @Override
    public boolean contains(Object o) {
        return indexOf(o) >= 0;
    }

    @Override
    public int indexOf(Object o) {
        ListPages<E> pages = pages();
        return pages != null ? pages.indexOf(o) : super.indexOf(o);
    }

    @Override
    public int lastIndexOf(Object o) {
        ListPages<E> pages = pages();
        return pages != null ? pages.lastIndexOf(o) : super.lastIndexOf(o);
    }

    @Override
    public Object[] toArray() {
        ListPages<E> pages = pages();
        return pages != null ? pages.toArray() : super.toArray();
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T[] toArray(T[] a) {
        ListPages<E> pages = pages();
        if (pages == null) {
            return super.toArray(a);
        }
        Object[] elements = pages.toArray();
        if (a.length < elements.length) {
            return (T[]) Arrays.copyOf(elements, elements.length, a.getClass());
        }
        System.arraycopy(elements, 0, a, 0, elements.length);
        if (a.length > elements.length) {
            a[elements.length] = null;
        }
        return a;
    }

    @Override
    public void forEach(Consumer<? super E> action) {
        ListPages<E> pages = pages();
        Objects.requireNonNull(action);
        if (pages != null) {
            pages.forEach(action);
        } else {
            super.forEach(action);
        }
    }

    @Override
    public boolean equals(Object o) {
        if (!isPaged()) {
            return super.equals(o);
        }
        if (o == this) {
            return true;
        }
        if (!(o instanceof List)) {
            return false;
        }
        Iterator<E> mine = iterator();
        Iterator<?> theirs = ((List<?>) o).iterator();
        while (mine.hasNext() && theirs.hasNext()) {
            if (!Objects.equals(mine.next(), theirs.next())) {
                return false;
            }
        }
        return !(mine.hasNext() || theirs.hasNext());
    }

    @Override
    public int hashCode() {
        if (!isPaged()) {
            return super.hashCode();
        }
        int hash = 1;
        for (E element : this) {
            hash = 31 * hash + Objects.hashCode(element);
        }
        return hash;
    }

    // ---------------------------------------------------------------- changes

    @Override
    public boolean add(E e) {
        ListPages<E> pages = pages();
        if (pages != null) {
            requireLive();
            pages.add(e);
            modCount++;
            return true;
        }
        changed();
        super.add(e);
        pageIfLarge();
        return true;
    }

    @Override
    public void add(int index, E element) {
        ListPages<E> pages = pages();
        if (pages != null) {
            requireLive();
            rangeCheckForAdd(index);
            pages.add(index, element);
            modCount++;
            return;
        }
        changed();
        super.add(index, element);
        pageIfLarge();
    }

    @Override
    public boolean addAll(Collection<? extends E> c) {
        return addAll(size(), c);
    }

    @Override
    public boolean addAll(int index, Collection<? extends E> c) {
        ListPages<E> pages = pages();
        if (pages != null) {
            requireLive();
            rangeCheckForAdd(index);
            Object[] elements = c.toArray();
            modCount++;
            if (elements.length == 0) {
                return false;
            }
            pages.addAll(index, elements);
            return true;
        }
        changed();
        boolean added = super.addAll(index, c);
        pageIfLarge();
        return added;
    }

    @Override
    public E set(int index, E element) {
        ListPages<E> pages = pages();
        if (pages != null) {
            requireLive();
            return pages.set(index, element);
        }
        changed();
        return super.set(index, element);
    }

    @Override
    public E remove(int index) {
        ListPages<E> pages = pages();
        if (pages != null) {
            requireLive();
            E removed = pages.remove(index);
            modCount++;
            return removed;
        }
        changed();
        return super.remove(index);
    }

    @Override
    public boolean remove(Object o) {
        ListPages<E> pages = pages();
        if (pages != null) {
            requireLive();
            int index = pages.indexOf(o);
            if (index < 0) {
                return false;
            }
            remove(index);
            return true;
        }
        changed();
        return super.remove(o);
    }

    @Override
    public boolean removeAll(Collection<?> c) {
        ListPages<E> pages = pages();
        if (pages != null) {
            requireLive();
            return removedSome(pages.removeAll(c, true));
        }
        changed();
        return super.removeAll(c);
    }

    @Override
    public boolean retainAll(Collection<?> c) {
        ListPages<E> pages = pages();
        if (pages != null) {
            requireLive();
            return removedSome(pages.removeAll(c, false));
        }
        changed();
        return super.retainAll(c);
    }

    @Override
    public boolean removeIf(Predicate<? super E> filter) {
        ListPages<E> pages = pages();
        if (pages != null) {
            requireLive();
            return removedSome(pages.removeIf(Objects.requireNonNull(filter)));
        }
        changed();
        try {
            return super.removeIf(filter);
        } finally {
            changedAgain();
        }
    }

    private boolean removedSome(boolean removed) {
        if (removed) {
            modCount++;
        }
        return removed;
    }

    @Override
    protected void removeRange(int fromIndex, int toIndex) {
        ListPages<E> pages = pages();
        if (pages != null) {
            requireLive();
            if (fromIndex < 0 || fromIndex > toIndex || toIndex > size()) {
                throw new IndexOutOfBoundsException("From Index: " + fromIndex + " To Index: " + toIndex + ", Size: " + size());
            }
            modCount++;
            pages.removeRange(fromIndex, toIndex);
            return;
        }
        changed();
        super.removeRange(fromIndex, toIndex);
    }

    @Override
    public void replaceAll(UnaryOperator<E> operator) {
        ListPages<E> pages = pages();
        if (pages != null) {
            requireLive();
            pages.replaceAll(operator);
            modCount++;
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
        ListPages<E> pages = pages();
        if (pages != null) {
            requireLive();
            pages.sort(c);
            modCount++;
            return;
        }
        changed();
        try {
            sortACopy(c);
        } finally {
            changedAgain();
        }
    }

    /**
     * {@code ArrayList.sort} made on a copy of the elements, put back once sorted: a sort in place keeps some elements
     * outside the list while it merges, so a commit made from the comparator would write a list that lacks them and
     * holds others twice. Sorting a copy, it writes the list as it was before the sort, as a large list's does.
     */
    @SuppressWarnings("unchecked")
    private void sortACopy(Comparator<? super E> c) {
        int expected = modCount;
        Object[] sorted = super.toArray();
        Arrays.sort((E[]) sorted, c);
        if (modCount != expected) {
            throw new ConcurrentModificationException();
        }
        if (!isLive()) {
            return; // an abort made from the comparator detached the list: the sort goes with it
        }
        for (int i = 0; i < sorted.length; i++) {
            super.set(i, (E) sorted[i]);
        }
        modCount++;
    }

    @Override
    public void clear() {
        ListPages<E> pages = pages();
        changed();
        if (pages != null) {
            pages.retire();
            paging = null;
            modCount++;
        }
        super.clear();
    }

    @Override
    public void trimToSize() {
        if (!isPaged()) {
            super.trimToSize();
        }
    }

    @Override
    public void ensureCapacity(int minCapacity) {
        if (!isPaged()) {
            super.ensureCapacity(minCapacity);
        }
    }

    private void rangeCheckForAdd(int index) {
        if (index < 0 || index > size()) {
            throw new IndexOutOfBoundsException("Index: " + index + ", Size: " + size());
        }
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

    // ---------------------------------------------------------------- views

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
        rangeCheckForAdd(index);
        return new TrackedArrayListIterator<>(this, index);
    }

    /** How many times the list changed its structure, for its iterators' fail-fast checks. */
    int modifications() {
        return modCount;
    }

    /**
     * Notes a change about to run the application's code (a filter, operator or comparator) before it changes
     * anything: a commit made from that code writes the list as it was, and an abort detaches the list, which
     * {@link #isLive} then tells, so that the change stops there rather than reach chunks the list read again shares.
     */
    void callingApplication() {
        changed();
    }

    /** Whether the list still belongs to its store (or to none yet): false once {@code abort()} detached it. */
    boolean isLive() {
        return Attachment.isLive(attachment);
    }

    /** A view through the list's own methods, so that it follows the list between its array and its chunks. */
    @Override
    public List<E> subList(int fromIndex, int toIndex) {
        return new TrackedSubList<>(this, fromIndex, toIndex);
    }

    /**
     * Binds to the list when traversal starts, through its iterator: {@code ArrayList}'s own spliterator would
     * bind to the array, which a list that has since moved to chunks no longer uses.
     */
    @Override
    public Spliterator<E> spliterator() {
        return Spliterators.spliterator(this, Spliterator.ORDERED);
    }

    /** A flat copy that belongs to no object, as a clone of a plain list would. */
    @Override
    @SuppressWarnings("unchecked")
    public Object clone() {
        ListPages<E> pages = pages();
        TrackedArrayList<E> copy = (TrackedArrayList<E>) super.clone();
        copy.attachment = null;
        copy.paging = null;
        if (pages != null) {
            copy.addAll(Arrays.asList((E[]) pages.toArray()));
        }
        return copy;
    }

    /** Serialized as a plain {@code ArrayList}: its store does not travel. */
    private Object writeReplace() {
        return new ArrayList<>(this);
    }
}
