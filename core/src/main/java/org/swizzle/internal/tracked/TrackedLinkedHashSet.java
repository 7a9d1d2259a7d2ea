package org.swizzle.internal.tracked;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Iterator;
import java.util.function.Predicate;

import org.swizzle.internal.OutOfLine;

/**
 * A {@link LinkedHashSet} that reports every change, through itself or its iterators, to its store. On Java 21
 * and later its {@code reversed()} view is not tracked, so an object holding one is compared at every commit
 * instead (see {@link Sequenced}).
 */
public final class TrackedLinkedHashSet<E> extends LinkedHashSet<E> implements Tracked {

    private static final long serialVersionUID = 1L;

    /** {@code LinkedHashSet.addFirst} and {@code addLast} where the runtime has them (Java 21), else null. */
    private static final MethodHandle ADD_FIRST = superMethod("addFirst");
    private static final MethodHandle ADD_LAST = superMethod("addLast");

    private transient Attachment attachment;

    public TrackedLinkedHashSet() {
    }

    public TrackedLinkedHashSet(int capacity) {
        super(capacity);
    }

    public TrackedLinkedHashSet(int capacity, float loadFactor) {
        super(capacity, loadFactor);
    }

    public TrackedLinkedHashSet(Collection<? extends E> elements) {
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
        try {
            return super.removeIf(filter);
        } finally {
            changedAgain();
        }
    }

    @Override
    public void clear() {
        changed();
        super.clear();
    }

    /** {@code SequencedCollection.addFirst} of Java 21: moves or adds {@code e} to the front, tracked. */
    public void addFirst(E e) {
        changed();
        invokeSuper(ADD_FIRST, "addFirst", e);
    }

    /** {@code SequencedCollection.addLast} of Java 21: moves or adds {@code e} to the end, tracked. */
    public void addLast(E e) {
        changed();
        invokeSuper(ADD_LAST, "addLast", e);
    }

    /** {@code SequencedCollection.removeFirst} of Java 21. */
    public E removeFirst() {
        Iterator<E> first = iterator();
        E e = first.next();
        first.remove();
        return e;
    }

    /** {@code SequencedCollection.removeLast} of Java 21. */
    public E removeLast() {
        E last = null;
        for (Iterator<E> i = super.iterator(); i.hasNext(); ) {
            last = i.next();
        }
        if (isEmpty()) {
            throw new java.util.NoSuchElementException();
        }
        remove(last);
        return last;
    }

    private static MethodHandle superMethod(String name) {
        return NewerSuperMethods.find(MethodHandles.lookup(), LinkedHashSet.class, name,
            MethodType.methodType(void.class, Object.class));
    }

    private void invokeSuper(MethodHandle method, String name, E e) {
        NewerSuperMethods.requirePresent(method, "LinkedHashSet." + name);
        try {
            method.invoke(this, e);
        } catch (Throwable failure) {
            throw OutOfLine.rethrow(failure);
        }
    }

    @Override
    public Iterator<E> iterator() {
        return new TrackedIterator<>(this, super.iterator());
    }

    /** A copy that belongs to no object, as a clone of a plain set would. */
    @Override
    public Object clone() {
        TrackedLinkedHashSet<?> copy = (TrackedLinkedHashSet<?>) super.clone();
        copy.attachment = null;
        return copy;
    }

    /** Serialized as a plain {@code LinkedHashSet}: its store does not travel. */
    private Object writeReplace() {
        return new LinkedHashSet<>(this);
    }
}
