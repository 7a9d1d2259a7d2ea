package org.swizzle.internal;

import java.lang.ref.WeakReference;

/**
 * The pages of a large array in a field ({@link ValueKind#ARRAY_PAGES}) that element stores changed since a commit
 * last compared them: a card table over the array, one byte a page, for the object whose field holds it. The agent
 * turns each element store into a primitive array that a method loaded from a field and kept to itself (indexed
 * at once, {@code o.samples[i] = v}, or through a local, across calls) into a call of {@link ArrayEdits}, which marks
 * the page here; the first mark of a page since the last commit tells the object manager ({@link PagedArrays}), whose
 * commit then writes the object and compares the marked pages alone. An array the application held in any other
 * way (returned, passed to a call) has made its object watched, and a watched object's arrays are compared whole,
 * so a store this table never saw is never missed.
 *
 * <p>Marks are found by the array's identity ({@link MarksByArray}), with no lock. Marking is a byte store, made
 * only on a page not marked yet, safe from any thread: only a commit, under its object manager's lock, clears a
 * mark, before it compares the page.
 */
final class PageMarks {

    private final WeakReference<Object> array;
    private final WeakReference<Persistable> owner;
    /**
     * Told of the first mark of a page since the last commit; held weakly, as everything here is, since the table
     * of marks is static: a closed store the application dropped is collected with its objects and arrays.
     */
    private final WeakReference<PagedArrays> store;
    private final byte[] changed;
    private final int pageShift;
    /** Whether a method kept the array to itself, so that its owner must stay resident ({@link #keep()}). */
    private volatile boolean kept;

    private PageMarks(Object array, ValueKind element, Persistable owner, PagedArrays store) {
        this.array = new WeakReference<>(array);
        this.owner = new WeakReference<>(owner);
        this.store = new WeakReference<>(store);
        this.changed = new byte[PrimitiveArrayCodec.pageCount(element, java.lang.reflect.Array.getLength(array))];
        this.pageShift = Integer.numberOfTrailingZeros(PrimitiveArrayCodec.pageLength(element));
    }

    /** The element at {@code index} of {@code array}, a large array, was stored: marks its page if a field's pages hold the array. */
    static void edited(Object array, int index) {
        PageMarks marks = MarksByArray.of(array);
        if (marks == null) {
            return; // not stored yet: the commit that stores it compares it whole
        }
        int page = index >>> marks.pageShift;
        if (marks.changed[page] == 0) {
            marks.mark(page);
        }
    }

    /** The marks of {@code array}, or null if no field's pages hold it. */
    static PageMarks of(Object array) {
        return MarksByArray.of(array);
    }

    /**
     * New marks for {@code array}, an array of {@code element}s whose pages a field of {@code owner} holds, every page
     * unchanged; {@code store} is told of each page marked first.
     */
    static PageMarks register(Object array, ValueKind element, Persistable owner, PagedArrays store) {
        PageMarks marks = new PageMarks(array, element, owner, store);
        MarksByArray.put(marks);
        return marks;
    }

    /**
     * Notes that a method keeps {@code array}, a primitive array of a field of {@code owner}, an object no commit has
     * stored yet, to itself: marks of no store, kept, which the commit that stores the owner takes for the field's
     * pages ({@link PagedArrays#put}), so that the owner is not watched for it. False, for the owner to be watched, if
     * the array is too small for pages or another object's field is known to hold it.
     */
    static boolean keepUnstored(Persistable owner, Object array) {
        ValueKind element = PrimitiveArrayCodec.kindOf(array);
        if (!PrimitiveArrayCodec.isPaged(element, java.lang.reflect.Array.getLength(array))) {
            return false;
        }
        PageMarks marks = of(array);
        if (marks != null && marks.owner() != owner) {
            return false;
        }
        if (marks == null) {
            marks = register(array, element, owner, null);
        }
        if (!marks.isKept()) { // the keeper runs at each load: no volatile store once kept
            marks.keep();
        }
        return true;
    }

    /** Whether no store registered these marks: see {@link #keepUnstored}. */
    boolean isUnstored() {
        return store.get() == null;
    }

    /** The array, or null if the garbage collector took it. */
    Object array() {
        return array.get();
    }

    /** The object whose field's pages hold the array, or null if it is gone. */
    Persistable owner() {
        return owner.get();
    }

    /** Whether a method kept the array to itself since it was registered. */
    boolean isKept() {
        return kept;
    }

    /** Notes that a method kept the array to itself. */
    void keep() {
        kept = true;
    }

    /** Whether page {@code page} was marked since it was last cleared. */
    boolean isChanged(int page) {
        return changed[page] != 0;
    }

    /** Clears the mark of page {@code page}, which a commit is about to compare. */
    void clear(int page) {
        changed[page] = 0;
    }

    /** Marks page {@code page}, and tells the store: a store changed it, or the commit that cleared it failed. */
    void mark(int page) {
        changed[page] = 1;
        tellStore();
    }

    /** Clears every mark: the array holds its committed elements again. */
    void clearAll() {
        java.util.Arrays.fill(changed, (byte) 0);
    }

    /** Marks every page: the commit that registered these marks failed, so no page is as committed. */
    void markAll() {
        java.util.Arrays.fill(changed, (byte) 1);
        tellStore();
    }

    /** Whether {@code store} registered these marks. */
    boolean belongsTo(PagedArrays store) {
        return this.store.get() == store;
    }

    private void tellStore() {
        PagedArrays told = store.get();
        if (told != null) {
            told.changed(this);
        }
    }
}
