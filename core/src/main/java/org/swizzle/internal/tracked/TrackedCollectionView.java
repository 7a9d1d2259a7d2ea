package org.swizzle.internal.tracked;

import java.util.Collection;
import java.util.Iterator;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * A view of a tracked collection or map ({@code values()}, and the base of the set views): reads go
 * straight to the view it wraps, every change is reported to the tracked collection first. The view it wraps
 * may be found again at each use, for a collection that changes the way it keeps its elements (a {@code TreeMap}
 * that moves them into a list of its own).
 */
class TrackedCollectionView<E> implements Collection<E> {

    final Tracked source;
    private final Supplier<? extends Collection<E>> views;
    /** The characteristics of a spliterator bound when traversal starts; -1 to hand out the view's own. */
    private final int lateCharacteristics;

    TrackedCollectionView(Tracked source, Collection<E> view) {
        this.source = source;
        this.views = () -> view;
        this.lateCharacteristics = -1;
    }

    /**
     * A view of {@code source} that {@code views} gives at each use, whose spliterator binds to it when traversal
     * starts, with {@code characteristics} (and its size): the view it is made from then may not be the one before.
     */
    TrackedCollectionView(Tracked source, Supplier<? extends Collection<E>> views, int characteristics) {
        this.source = source;
        this.views = views;
        this.lateCharacteristics = characteristics;
    }

    /** Whether this view's spliterator binds when traversal starts, through {@link #iterator}. */
    boolean bindsLate() {
        return lateCharacteristics >= 0;
    }

    /** The view this one wraps, as it is now. */
    Collection<E> view() {
        return views.get();
    }

    @Override
    public int size() {
        return view().size();
    }

    @Override
    public boolean isEmpty() {
        return view().isEmpty();
    }

    @Override
    public boolean contains(Object o) {
        return view().contains(o);
    }

    @Override
    public boolean containsAll(Collection<?> c) {
        return view().containsAll(c);
    }

    @Override
    public Iterator<E> iterator() {
        return new TrackedIterator<>(source, view().iterator());
    }

    @Override
    public Object[] toArray() {
        return view().toArray();
    }

    @Override
    public <T> T[] toArray(T[] a) {
        return view().toArray(a);
    }

    @Override
    public <T> T[] toArray(IntFunction<T[]> generator) {
        return view().toArray(generator);
    }

    @Override
    public Spliterator<E> spliterator() {
        return bindsLate() ? Spliterators.spliterator(this, lateCharacteristics) : view().spliterator();
    }

    @Override
    public void forEach(Consumer<? super E> action) {
        view().forEach(action);
    }

    @Override
    public boolean add(E e) {
        source.changed();
        return view().add(e);
    }

    @Override
    public boolean addAll(Collection<? extends E> c) {
        source.changed();
        return view().addAll(c);
    }

    @Override
    public boolean remove(Object o) {
        source.changed();
        return view().remove(o);
    }

    @Override
    public boolean removeAll(Collection<?> c) {
        source.changed();
        return view().removeAll(c);
    }

    @Override
    public boolean retainAll(Collection<?> c) {
        source.changed();
        return view().retainAll(c);
    }

    @Override
    public boolean removeIf(Predicate<? super E> filter) {
        source.changed();
        try {
            return view().removeIf(filter);
        } finally {
            source.changedAgain();
        }
    }

    @Override
    public void clear() {
        source.changed();
        view().clear();
    }

    @Override
    public boolean equals(Object o) {
        return o == this || view().equals(o);
    }

    @Override
    public int hashCode() {
        return view().hashCode();
    }

    @Override
    public String toString() {
        return view().toString();
    }
}
