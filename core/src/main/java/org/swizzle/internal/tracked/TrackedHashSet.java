package org.swizzle.internal.tracked;

import java.util.Collection;
import java.util.ConcurrentModificationException;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Set;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * A {@link HashSet} that reports every change, through itself or its iterators, to its store.
 *
 * <p>Beyond {@link HashPages#PAGING_THRESHOLD} elements whose hashes all survive a reload, the set keeps its
 * elements as the keys of a {@link TrackedHashMap} of its own instead of its own table, and every method of
 * {@code HashSet} goes to that map, which pages itself: a lookup reads one page, a change dirties one, and the set's
 * own stored image is then only a reference to the map, which changes when the set moves between the two forms.
 */
public final class TrackedHashSet<E> extends HashSet<E> implements Tracked, Backed {

    private static final long serialVersionUID = 1L;

    /** The mark in {@link #paging} of a set that an element without a stable hash keeps one table until cleared. */
    private static final TrackedHashMap<?, Boolean> UNPLACEABLE = new TrackedHashMap<>();

    private transient Attachment attachment;
    /**
     * The map whose keys are the elements once the set is large; null, or {@link #UNPLACEABLE}, while they are in the
     * set's own table (one field for both, as no set has both, keeps the set 8 bytes smaller).
     */
    private transient TrackedHashMap<E, Boolean> paging;

    public TrackedHashSet() {
    }

    public TrackedHashSet(int capacity) {
        super(capacity);
    }

    public TrackedHashSet(int capacity, float loadFactor) {
        super(capacity, loadFactor);
    }

    public TrackedHashSet(Collection<? extends E> elements) {
        super(elements);
    }

    /** The map whose keys are the elements, or null while they are in the set's own table. */
    public TrackedHashMap<E, Boolean> keys() {
        TrackedHashMap<E, Boolean> keys = paging;
        return keys == UNPLACEABLE ? null : keys;
    }

    @Override
    public Tracked backing() {
        return keys();
    }

    @Override
    @SuppressWarnings("unchecked")
    public boolean backWith(Object backing) {
        if (!(backing instanceof TrackedHashMap)) {
            return false;
        }
        paging = (TrackedHashMap<E, Boolean>) backing;
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

    /** A change that goes to the map of a large set: refused if the set was detached; the map notes its own change. */
    private Set<E> live() {
        Attachment.requireLive(attachment, this);
        return keys().keySet();
    }

    /** Moves a large set's elements into a map of its own, unless the store is filling it or an element has no stable hash. */
    @SuppressWarnings("unchecked")
    private void keyIfLarge() {
        if (paging == null && super.size() > HashPages.PAGING_THRESHOLD && (attachment == null || !attachment.isFilling())) {
            if (!HashPages.allPlaceable(flatElements())) {
                paging = (TrackedHashMap<E, Boolean>) UNPLACEABLE;
                return;
            }
            TrackedHashMap<E, Boolean> map = new TrackedHashMap<>(); // its own table stays small: it pages at once
            for (E element : flatElements()) {
                map.put(element, Boolean.TRUE);
            }
            super.clear();
            paging = map;
        }
    }

    private Iterable<E> flatElements() {
        return super::iterator;
    }

    @Override
    public int size() {
        TrackedHashMap<E, Boolean> keys = keys();
        return keys != null ? keys.size() : super.size();
    }

    @Override
    public boolean isEmpty() {
        return size() == 0;
    }

    @Override
    public boolean contains(Object o) {
        TrackedHashMap<E, Boolean> keys = keys();
        return keys != null ? keys.containsKey(o) : super.contains(o);
    }

    @Override
    public boolean add(E e) {
        TrackedHashMap<E, Boolean> keys = keys();
        if (keys != null) {
            Attachment.requireLive(attachment, this);
            return keys.put(e, Boolean.TRUE) == null;
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
        if (keys() != null) {
            Attachment.requireLive(attachment, this);
            boolean added = false;
            for (E e : c) {
                added |= add(e);
            }
            return added;
        }
        changed();
        boolean added = super.addAll(c);
        keyIfLarge();
        return added;
    }

    @Override
    public boolean remove(Object o) {
        if (keys() != null) {
            return live().remove(o);
        }
        changed();
        return super.remove(o);
    }

    @Override
    public boolean removeAll(Collection<?> c) {
        if (keys() != null) {
            return live().removeAll(c);
        }
        changed();
        return super.removeAll(c);
    }

    @Override
    public boolean retainAll(Collection<?> c) {
        if (keys() != null) {
            return live().retainAll(c);
        }
        changed();
        return super.retainAll(c);
    }

    @Override
    public boolean removeIf(Predicate<? super E> filter) {
        if (keys() != null) {
            return live().removeIf(filter);
        }
        changed();
        try {
            return super.removeIf(filter);
        } finally {
            changedAgain();
        }
    }

    /** Empties the set into its own table again: its map is no longer stored once the set's next image is. */
    @Override
    public void clear() {
        changed();
        paging = null;
        super.clear();
    }

    @Override
    public Iterator<E> iterator() {
        TrackedHashMap<E, Boolean> map = keys();
        if (map != null) {
            return new TrackedIterator<>(this, map.keySet().iterator()) {
                @Override
                public E next() {
                    requireSameMap();
                    return iterator.next();
                }

                @Override
                public void forEachRemaining(Consumer<? super E> action) {
                    requireSameMap();
                    iterator.forEachRemaining(action);
                }

                @Override
                public void remove() {
                    Attachment.requireLive(attachment, TrackedHashSet.this);
                    requireSameMap();
                    iterator.remove();
                }

                /** Fails fast once the set no longer keeps its elements in the map this iterator walks (cleared). */
                private void requireSameMap() {
                    if (paging != map) {
                        throw new ConcurrentModificationException();
                    }
                }
            };
        }
        return new TrackedIterator<>(this, super.iterator());
    }

    /**
     * Binds to the set when traversal starts, through its iterator: {@code HashSet}'s own reads its table alone,
     * which a large set leaves empty.
     */
    @Override
    public Spliterator<E> spliterator() {
        return Spliterators.spliterator(this, Spliterator.DISTINCT);
    }

    @Override
    public Object[] toArray() {
        TrackedHashMap<E, Boolean> keys = keys();
        return keys != null ? keys.keySet().toArray() : super.toArray();
    }

    @Override
    public <T> T[] toArray(T[] a) {
        TrackedHashMap<E, Boolean> keys = keys();
        return keys != null ? keys.keySet().toArray(a) : super.toArray(a);
    }

    /** A copy that belongs to no object, as a clone of a plain set would; a large one gets a map of its own. */
    @Override
    public Object clone() {
        @SuppressWarnings("unchecked")
        TrackedHashSet<E> copy = (TrackedHashSet<E>) super.clone();
        copy.attachment = null;
        TrackedHashMap<E, Boolean> keys = keys();
        copy.paging = null;
        if (keys != null) {
            copy.addAll(keys.keySet());
        }
        return copy;
    }

    /** Serialized as a plain {@code HashSet}: its store does not travel. */
    private Object writeReplace() {
        return new HashSet<>(this);
    }
}
