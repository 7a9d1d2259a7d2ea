package org.swizzle.internal.tracked;

import java.util.Collection;
import java.util.Comparator;
import java.util.Iterator;
import java.util.NavigableSet;
import java.util.SortedSet;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * A {@link TreeSet} (natural ordering) that reports every change, through itself, its sub-sets and descending
 * set and their views, or its iterators, to its store.
 *
 * <p>Beyond {@link TrackedTreeMap#PAGING_THRESHOLD} elements a set in natural order keeps them as the keys of a
 * {@link TrackedTreeMap} of its own, which keeps them in a list that chunks itself, and every method of {@code
 * TreeSet} goes to that map: a lookup reads the chunks its binary search passes, a change dirties one, and the set's
 * own stored image is then only a reference to the map. It stays so once cleared. Its views are found again at each
 * use, so one taken while the set was small goes on working once the set keeps its elements in the map.
 */
public final class TrackedTreeSet<E> extends TreeSet<E> implements Tracked, Backed {

    private static final long serialVersionUID = 1L;

    private transient Attachment attachment;
    /** The map whose keys are the elements once the set is large; null while they are in the set's own tree. */
    private transient TrackedTreeMap<E, Boolean> keys;

    public TrackedTreeSet() {
    }

    public TrackedTreeSet(Comparator<? super E> comparator) {
        super(comparator);
    }

    public TrackedTreeSet(Collection<? extends E> elements) {
        super(elements);
        keyIfLarge();
    }

    public TrackedTreeSet(SortedSet<E> elements) {
        super(elements);
        keyIfLarge();
    }

    @Override
    public Tracked backing() {
        return keys;
    }

    @Override
    @SuppressWarnings("unchecked")
    public boolean backWith(Object backing) {
        if (!(backing instanceof TrackedTreeMap)) {
            return false;
        }
        keys = (TrackedTreeMap<E, Boolean>) backing;
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

    /** Notes a change; a large set only refuses one if it was detached, as its map notes its own. */
    @Override
    public void changed() {
        if (keys != null) {
            Attachment.requireLive(attachment, this);
        } else {
            Attachment.changed(attachment, this);
        }
    }

    @Override
    public void changedAgain() {
        if (keys == null) {
            Attachment.changedAgain(attachment, null);
        }
    }

    /** Moves a large set's elements into a map of its own, unless the store is filling it or it has a comparator. */
    private void keyIfLarge() {
        if (keys == null && comparator() == null && super.size() > TrackedTreeMap.PAGING_THRESHOLD
            && (attachment == null || !attachment.isFilling())) {
            TrackedTreeMap<E, Boolean> map = new TrackedTreeMap<>(); // keeps its entries in a list at once
            for (E element : flatElements()) {
                map.put(element, Boolean.TRUE);
            }
            Attachment.changed(attachment, this);
            super.clear();
            keys = map;
        }
    }

    private Iterable<E> flatElements() {
        return super::iterator;
    }

    /** The elements of a large set, in its map. */
    private NavigableSet<E> elements() {
        return keys.elements();
    }

    /** The elements of a large set, for a change: refused if the set was detached; its map notes the change. */
    private NavigableSet<E> changing() {
        Attachment.requireLive(attachment, this);
        return keys.elements();
    }

    // ---------------------------------------------------------------- queries

    @Override
    public int size() {
        return keys != null ? keys.size() : super.size();
    }

    @Override
    public boolean isEmpty() {
        return size() == 0;
    }

    @Override
    public boolean contains(Object o) {
        return keys != null ? keys.containsKey(o) : super.contains(o);
    }

    @Override
    public E first() {
        return keys != null ? keys.firstKey() : super.first();
    }

    @Override
    public E last() {
        return keys != null ? keys.lastKey() : super.last();
    }

    @Override
    public E lower(E e) {
        return keys != null ? keys.lowerKey(e) : super.lower(e);
    }

    @Override
    public E floor(E e) {
        return keys != null ? keys.floorKey(e) : super.floor(e);
    }

    @Override
    public E ceiling(E e) {
        return keys != null ? keys.ceilingKey(e) : super.ceiling(e);
    }

    @Override
    public E higher(E e) {
        return keys != null ? keys.higherKey(e) : super.higher(e);
    }

    @Override
    public Object[] toArray() {
        return keys != null ? elements().toArray() : super.toArray();
    }

    @Override
    public <T> T[] toArray(T[] a) {
        return keys != null ? elements().toArray(a) : super.toArray(a);
    }

    // ---------------------------------------------------------------- changes

    @Override
    public boolean add(E e) {
        if (keys != null) {
            return changing().add(e);
        }
        changed();
        boolean added = super.add(e);
        if (added) {
            keyIfLarge();
        }
        return added;
    }

    @Override
    public boolean addAll(Collection<? extends E> c) {
        if (keys != null) {
            return changing().addAll(c);
        }
        changed();
        boolean added = super.addAll(c);
        keyIfLarge();
        return added;
    }

    @Override
    public boolean remove(Object o) {
        if (keys != null) {
            return changing().remove(o);
        }
        changed();
        return super.remove(o);
    }

    @Override
    public boolean removeAll(Collection<?> c) {
        if (keys != null) {
            return changing().removeAll(c);
        }
        changed();
        return super.removeAll(c);
    }

    @Override
    public boolean retainAll(Collection<?> c) {
        if (keys != null) {
            return changing().retainAll(c);
        }
        changed();
        return super.retainAll(c);
    }

    @Override
    public boolean removeIf(Predicate<? super E> filter) {
        if (keys != null) {
            return changing().removeIf(filter);
        }
        changed();
        try {
            return super.removeIf(filter);
        } finally {
            changedAgain();
        }
    }

    /** Empties the set; a large one stays in its map, which its views and iterators go on using. */
    @Override
    public void clear() {
        if (keys != null) {
            changing().clear();
            return;
        }
        changed();
        super.clear();
    }

    @Override
    public E pollFirst() {
        if (keys != null) {
            return changing().pollFirst();
        }
        changed();
        return super.pollFirst();
    }

    @Override
    public E pollLast() {
        if (keys != null) {
            return changing().pollLast();
        }
        changed();
        return super.pollLast();
    }

    // ---------------------------------------------------------------- iterators and views

    @Override
    public Iterator<E> iterator() {
        return new TrackedIterator<>(this, keys != null ? elements().iterator() : super.iterator());
    }

    @Override
    public Iterator<E> descendingIterator() {
        return new TrackedIterator<>(this, keys != null ? elements().descendingIterator() : super.descendingIterator());
    }

    /**
     * Binds to the set when traversal starts, through its iterator: {@code TreeSet}'s own walks its tree alone, which a
     * set that moves into a map leaves empty. A set with a comparator never moves, and keeps {@code TreeSet}'s.
     */
    @Override
    public Spliterator<E> spliterator() {
        if (comparator() != null) {
            return super.spliterator();
        }
        return Spliterators.spliterator(this, Spliterator.DISTINCT | Spliterator.SORTED | Spliterator.ORDERED);
    }

    /**
     * This set as it keeps its elements now, which every view goes to at each use: a large set's map's keys, or a
     * full-range view of its tree.
     */
    private NavigableSet<E> current() {
        return keys != null ? elements() : super.descendingSet().descendingSet();
    }

    /** A view of this set that {@code view} makes of it as it is at each use; bounds out of range are refused now. */
    private NavigableSet<E> view(UnaryOperator<NavigableSet<E>> view) {
        view.apply(current());
        return new TrackedNavigableSetView<>(this, () -> view.apply(current()));
    }

    @Override
    public NavigableSet<E> descendingSet() {
        return view(NavigableSet::descendingSet);
    }

    @Override
    public NavigableSet<E> subSet(E fromElement, boolean fromInclusive, E toElement, boolean toInclusive) {
        return view(set -> set.subSet(fromElement, fromInclusive, toElement, toInclusive));
    }

    @Override
    public NavigableSet<E> headSet(E toElement, boolean inclusive) {
        return view(set -> set.headSet(toElement, inclusive));
    }

    @Override
    public NavigableSet<E> tailSet(E fromElement, boolean inclusive) {
        return view(set -> set.tailSet(fromElement, inclusive));
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

    /** A copy that belongs to no object, as a clone of a plain set would; a large one gets a map of its own. */
    @Override
    public Object clone() {
        @SuppressWarnings("unchecked")
        TrackedTreeSet<E> copy = (TrackedTreeSet<E>) super.clone();
        copy.attachment = null;
        if (keys != null) {
            copy.keys = null;
            copy.addAll(this);
        }
        return copy;
    }

    /** Serialized as a plain {@code TreeSet}: its store does not travel. */
    private Object writeReplace() {
        return new TreeSet<>(this);
    }
}
