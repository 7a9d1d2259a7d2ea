package org.swizzle.internal.tracked;

import java.util.Iterator;
import java.util.function.Consumer;

/** An iterator over a tracked collection or one of its views: {@code remove()} reports the change first. */
class TrackedIterator<E> implements Iterator<E> {

    final Tracked source;
    final Iterator<E> iterator;

    TrackedIterator(Tracked source, Iterator<E> iterator) {
        this.source = source;
        this.iterator = iterator;
    }

    @Override
    public boolean hasNext() {
        return iterator.hasNext();
    }

    @Override
    public E next() {
        return iterator.next();
    }

    @Override
    public void remove() {
        source.changed();
        iterator.remove();
    }

    @Override
    public void forEachRemaining(Consumer<? super E> action) {
        iterator.forEachRemaining(action);
    }
}
