package org.swizzle.internal;

import java.lang.ref.WeakReference;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * The pages of a large array in a field ({@link ValueKind#ARRAY_PAGES}) that element stores changed since a commit
 * last compared them: a card table over the array, one byte a page. The agent turns each element store that
 * follows a load of the field at once ({@code o.samples[i] = v}, whose load runs the object's write barrier) into a
 * call of {@link ArrayEdits}, which marks the page here; a commit of the object then compares the marked pages
 * alone. An array the application held in any other way (a local, a call) has made its object watched, and a
 * watched object's arrays are compared whole, so a store this table never saw is never missed.
 *
 * <p>Marks are found by the array, in a table that holds arrays weakly (an array hashes by identity), with the
 * marks found last kept for the next store. Marking is one byte store, safe from any thread: only a commit,
 * under its object manager's lock, clears a mark, before it compares the page.
 */
final class PageMarks {

    private static final Map<Object, PageMarks> BY_ARRAY = new WeakHashMap<>();
    /** The marks an element store found last: a loop over one array looks them up once. */
    private static volatile PageMarks last;

    private final WeakReference<Object> array;
    private final byte[] changed;
    private final int pageShift;

    private PageMarks(Object array, ValueKind element, int pages) {
        this.array = new WeakReference<>(array);
        this.changed = new byte[pages];
        this.pageShift = Integer.numberOfTrailingZeros(PrimitiveArrayCodec.pageLength(element));
    }

    /** The element at {@code index} of {@code array}, a large array, was stored: marks its page if a field's pages hold the array. */
    static void edited(Object array, int index) {
        PageMarks marks = last;
        if (marks == null || marks.array.get() != array) {
            marks = of(array);
            if (marks == null) {
                return; // not stored yet: the commit that stores it compares it whole
            }
            last = marks;
        }
        marks.changed[index >>> marks.pageShift] = 1;
    }

    /** The marks of {@code array}, or null if no field's pages hold it. */
    static PageMarks of(Object array) {
        synchronized (BY_ARRAY) {
            return BY_ARRAY.get(array);
        }
    }

    /** New marks for {@code array}, an array of {@code element}s a field's pages hold, every page unchanged. */
    static PageMarks register(Object array, ValueKind element) {
        PageMarks marks = new PageMarks(array, element, PrimitiveArrayCodec.pageCount(element, java.lang.reflect.Array.getLength(array)));
        synchronized (BY_ARRAY) {
            BY_ARRAY.put(array, marks);
        }
        return marks;
    }

    /** Whether page {@code page} was marked since it was last cleared. */
    boolean isChanged(int page) {
        return changed[page] != 0;
    }

    /** Clears the mark of page {@code page}, which a commit is about to compare. */
    void clear(int page) {
        changed[page] = 0;
    }

    /** Marks page {@code page} again: the commit that cleared it failed. */
    void mark(int page) {
        changed[page] = 1;
    }

    /** Marks every page: the commit that registered these marks failed, so no page is as committed. */
    void markAll() {
        java.util.Arrays.fill(changed, (byte) 1);
    }
}
