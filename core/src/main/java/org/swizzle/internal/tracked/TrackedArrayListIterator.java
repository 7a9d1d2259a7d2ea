package org.swizzle.internal.tracked;

import java.util.ConcurrentModificationException;
import java.util.List;
import java.util.ListIterator;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The iterator of a {@link TrackedArrayList} and of its {@linkplain TrackedSubList sub-lists}, fail-fast as
 * {@code ArrayList}'s are, whose changes are reported first (so a detached list refuses them before anything else
 * is checked) and made through the list or the sub-list. It is a class of its own rather than the wrapper every
 * other tracked collection shares, so that a loop over a list sees one iterator type at each call and compiles as
 * a loop over an {@code ArrayList} does; it reads through a window, the list or the chunk of a paged list it is in,
 * so that a step goes to the list's directory only at a chunk's end.
 */
final class TrackedArrayListIterator<E> implements ListIterator<E> {

    private final TrackedArrayList<E> list;
    /** The sub-list iterated, or null for the whole list. */
    private final TrackedSubList<E> view;
    /** Where the sub-list starts in the list; 0 for the whole list. */
    private final int offset;
    private int cursor;
    private int lastReturned = -1;
    private int expectedModifications;
    /**
     * The list that holds the list's elements from {@link #windowStart} to {@link #windowEnd}: the list itself,
     * or the chunk of a paged list the iterator is in, read without going through the list's directory.
     */
    private TrackedArrayList<E> window;
    private int windowStart;
    private int windowEnd;

    /**
     * An iterator of the whole list. It does not delegate to the sub-list constructor: C2 inlines no method whose
     * signature names a class not loaded yet, and a constructor not inlined keeps the iterator off the stack.
     */
    TrackedArrayListIterator(TrackedArrayList<E> list, int index) {
        this.list = list;
        this.view = null;
        this.offset = 0;
        this.cursor = index;
        this.expectedModifications = list.modifications();
        if (!list.isPaged()) { // the window is the whole list from the start: a short list pays no move into it
            this.window = list;
            this.windowEnd = list.size();
        }
    }

    /** An iterator of {@code view}, a sub-list of {@code list} starting at {@code offset}, from its {@code index}. */
    TrackedArrayListIterator(TrackedArrayList<E> list, TrackedSubList<E> view, int offset, int index) {
        this.list = list;
        this.view = view;
        this.offset = offset;
        this.cursor = index;
        this.expectedModifications = list.modifications();
    }

    /** The size of what is iterated, read without a check, as {@code ArrayList}'s iterators read theirs. */
    private int size() {
        return view == null ? list.size() : view.sizeAsIterated();
    }

    /** The list or sub-list iterated, whose changes adjust its size. */
    private List<E> target() {
        return view == null ? list : view;
    }

    /**
     * {@code cursor != size()}, as {@code ArrayList}'s iterator answers: one comparison with a field the loop does
     * not write, which C2 keeps out of the loop of a list that is not paged.
     */
    @Override
    public boolean hasNext() {
        return cursor != size();
    }

    @Override
    public E next() {
        checkForModification();
        int i = cursor;
        if (!inWindow(offset + i) && i >= size()) {
            throw new NoSuchElementException();
        }
        cursor = i + 1;
        lastReturned = i;
        return element(offset + i);
    }

    /**
     * Whether element {@code i} of the list is in the window. The window ends where what is iterated ends, so
     * that an element in it, of an unchanged list, is one the iteration has.
     */
    private boolean inWindow(int i) {
        return i >= windowStart && i < windowEnd;
    }

    /**
     * Element {@code i} of the list, which holds it, read through the window (moved to the chunk that holds it
     * first). The move asks the list's chunks, never handing them this iterator, so that a loop that makes the
     * iterator keeps it in registers, and finds the chunk out of line, so that this step stays small enough for C2
     * to inline into the loop even once it compiled the step on its own.
     */
    private E element(int i) {
        if (!inWindow(i)) {
            ListPages<E> pages = list.pages();
            if (pages == null) {
                window = list;
                windowStart = 0;
            } else {
                int k = ListPages.chunkIndex(pages, i); // reads the chunk, out of line
                TrackedArrayList<E> chunk = pages.chunkInMemory(k);
                window = chunk != null ? chunk : pages.chunk(k);
                windowStart = pages.start(k);
            }
            windowEnd = Math.min(windowStart + window.size(), offset + size());
        }
        return window.element(i - windowStart);
    }

    /** The list changed through this iterator: the window is found again at the next step. */
    private void moved() {
        windowEnd = 0;
        expectedModifications = list.modifications();
    }

    @Override
    public boolean hasPrevious() {
        return cursor != 0;
    }

    @Override
    public E previous() {
        checkForModification();
        int i = cursor - 1;
        if (i < 0) {
            throw new NoSuchElementException();
        }
        if (offset + i >= list.size()) {
            throw new ConcurrentModificationException();
        }
        cursor = i;
        lastReturned = i;
        return element(offset + i);
    }

    @Override
    public int nextIndex() {
        return cursor;
    }

    @Override
    public int previousIndex() {
        return cursor - 1;
    }

    @Override
    public void remove() {
        list.beforeChange();
        if (lastReturned < 0) {
            throw new IllegalStateException();
        }
        checkForModification();
        try {
            target().remove(lastReturned);
        } catch (IndexOutOfBoundsException e) {
            throw new ConcurrentModificationException();
        }
        cursor = lastReturned;
        lastReturned = -1;
        moved();
    }

    @Override
    public void set(E element) {
        list.beforeChange();
        if (lastReturned < 0) {
            throw new IllegalStateException();
        }
        checkForModification();
        try {
            list.set(offset + lastReturned, element);
        } catch (IndexOutOfBoundsException e) {
            throw new ConcurrentModificationException();
        }
    }

    @Override
    public void add(E element) {
        list.beforeChange();
        checkForModification();
        try {
            target().add(cursor, element);
        } catch (IndexOutOfBoundsException e) {
            throw new ConcurrentModificationException();
        }
        cursor++;
        lastReturned = -1;
        moved();
    }

    @Override
    public void forEachRemaining(Consumer<? super E> action) {
        Objects.requireNonNull(action);
        int size = size();
        int i = cursor;
        if (i < size) {
            for (; i < size && list.modifications() == expectedModifications; i++) {
                action.accept(element(offset + i));
            }
            cursor = i;
            lastReturned = i - 1;
            checkForModification();
        }
    }

    private void checkForModification() {
        if (list.modifications() != expectedModifications) {
            throw new ConcurrentModificationException();
        }
    }
}
