package org.swizzle.internal.tracked;

import java.util.Collection;
import java.util.HashSet;
import java.util.Iterator;
import java.util.function.Predicate;

/** A {@link HashSet} that reports every change, through itself or its iterators, to its store. */
public final class TrackedHashSet<E> extends HashSet<E> implements Tracked {

    private static final long serialVersionUID = 1L;

    private transient Attachment attachment;

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
    public boolean addAll(Collection<? extends E> c) {
        changed();
        return super.addAll(c);
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
    public void clear() {
        changed();
        super.clear();
    }

    @Override
    public Iterator<E> iterator() {
        return new TrackedIterator<>(this, super.iterator());
    }

    /** A copy that belongs to no object, as a clone of a plain set would. */
    @Override
    public Object clone() {
        TrackedHashSet<?> copy = (TrackedHashSet<?>) super.clone();
        copy.attachment = null;
        return copy;
    }

    /** Serialized as a plain {@code HashSet}: its store does not travel. */
    private Object writeReplace() {
        return new HashSet<>(this);
    }
}
