package org.swizzle.internal;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;

import org.agrona.collections.IntArrayList;

import org.swizzle.store.LittleEndianBuffer;
import org.swizzle.store.SegmentStore;
import org.swizzle.store.Transaction;

/**
 * The pages of the large primitive arrays that fields of objects hold ({@link ValueKind#ARRAY_PAGES}): read whole
 * when their object is, and compared at a commit one page at a time with their committed bytes, so that only the
 * pages that differ are put; when no code but the element stores the agent rewrote changed the array since it was
 * stored ({@link PageMarks}), only the pages they marked are compared. Pages belong to their field, as the array's
 * value does: an array assigned to the field anew is stored in the field's pages, and pages that no directory lists
 * any more are garbage, which the collector frees. Used under the object manager's lock.
 */
final class PagedArrays {

    /** The directory of an array whose pages differ from the committed ones: it matches no committed directory. */
    static final long[] CHANGED = new long[0];

    private final SegmentStore store;
    private final Catalog catalog;
    private final Counters counters;
    private final ObjectReader directories = new ObjectReader(ObjectReader.ReferenceSwizzler.none("a committed object"));
    private final LittleEndianBuffer objectView = LittleEndianBuffer.empty();
    private final LittleEndianBuffer pageView = LittleEndianBuffer.empty();
    private final LittleEndianBuffer pageImage = LittleEndianBuffer.growable(PrimitiveArrayCodec.PAGE_BYTES + 16);
    /** The marks the commit in progress cleared, each with its page: marked again if the commit fails. */
    private final List<PageMarks> clearedMarks = new ArrayList<>();
    private final IntArrayList clearedPages = new IntArrayList();
    /** The marks the commit in progress made for arrays it stores whole: every page marked if it fails. */
    private final List<PageMarks> registered = new ArrayList<>();
    /** Marks with a page marked first since the commit took the last ones: element stores add to it from any thread. */
    private final List<PageMarks> changed = new ArrayList<>();
    /** The marks the commit in progress took: given back if it fails. */
    private final List<PageMarks> taken = new ArrayList<>();
    /**
     * Kept marks of arrays the commit in progress stores for objects it stores first: a method kept the array before
     * any commit stored its owner ({@link PageMarks#keepUnstored}), which then keeps it as a stored one does.
     */
    private final List<PageMarks> keptByNew = new ArrayList<>();

    PagedArrays(SegmentStore store, Catalog catalog, Counters counters) {
        this.store = store;
        this.catalog = catalog;
        this.counters = counters;
    }

    /** The array {@code directory} lists, each page read from the store (its checksum checked) into it. */
    Object read(PrimitiveArrayCodec.Directory directory, ObjectReader from) {
        ValueKind element = directory.element();
        Object array = PrimitiveArrayCodec.newArray(element, directory.length());
        Class<?> type = array.getClass();
        int perPage = PrimitiveArrayCodec.pageLength(element);
        long[] pages = directory.pages();
        for (int i = 0; i < pages.length; i++) {
            long oid = pages[i];
            if (!store.contains(oid) || catalog.typeIfPresent(store.classId(oid)) != type) {
                throw from.corrupt("page " + i + " of its " + type.getSimpleName() + " of " + directory.length()
                    + " elements, OID " + oid + ", is not a page of a " + type.getSimpleName() + " in the store");
            }
            int first = i * perPage;
            String problem = PrimitiveArrayCodec.readPage(store.read(oid, pageView), store.length(oid), element, array, first,
                Math.min(perPage, directory.length() - first));
            if (problem != null) {
                throw from.corrupt("page " + i + " of its " + type.getSimpleName() + ", OID " + oid + ", " + problem);
            }
        }
        PageMarks.register(array, element, from.owner(), this);
        return array;
    }

    /** Notes that {@code marks} has a page marked first since the last commit. */
    void changed(PageMarks marks) {
        synchronized (changed) {
            changed.add(marks);
        }
    }

    /** The marks with a page marked first since the last commit took them, for the commit in progress to write. */
    List<PageMarks> takeChanged() {
        synchronized (changed) {
            taken.addAll(changed);
            changed.clear();
        }
        return taken;
    }

    /**
     * The directory that the committed image of {@code owner}, a persistent object, holds in its field
     * {@code fieldIndex}; null if it holds none there (the field held a small array or none, or the image is of
     * another class). An image stored under an older shape of the class holds it where the read of that shape took
     * the field's value from ({@link ReadPlan#storedPositionOf}), so that a change to the class does not store its
     * arrays' pages anew.
     */
    PrimitiveArrayCodec.Directory committed(Persistable owner, int fieldIndex) {
        long oid = owner.$swz_oid();
        ClassLayout layout = ClassLayout.of(owner.getClass());
        int classId = catalog.classId(layout);
        if (!store.contains(oid) || store.classId(oid) != classId) {
            return null;
        }
        directories.reset(store.view(oid, objectView), store.length(oid)); // checked when it was faulted or written
        int stored = directories.readShort() & 0xFFFF;
        boolean current = stored == catalog.currentShape(layout);
        Shape shape = current ? layout.shape() : catalog.shape(classId, stored);
        int position = current ? -1 : catalog.plan(classId, stored, layout).storedPositionOf(fieldIndex);
        for (int i = 0; i < shape.size(); i++) {
            if (current ? layout.fieldIndex(i) == fieldIndex : i == position) {
                return directories.readKind() == ValueKind.ARRAY_PAGES ? PrimitiveArrayCodec.readDirectory(directories) : null;
            }
            directories.skip(shape.field(i).kind());
        }
        return null;
    }

    /** Whether {@code array}, of {@code element}s, holds what the pages of {@code committed} hold, compared a page at a time. */
    boolean unchanged(Object array, ValueKind element, PrimitiveArrayCodec.Directory committed) {
        if (committed == null || committed.element() != element || committed.length() != Array.getLength(array)) {
            return false;
        }
        int classId = catalog.classId(array.getClass());
        long[] pages = committed.pages();
        for (int i = 0; i < pages.length; i++) {
            if (!sameAsCommitted(pages[i], classId, writePage(array, element, i))) {
                return false;
            }
        }
        return true;
    }

    /**
     * Puts each page of {@code array} that differs from the page of the same index in {@code committed}, under that
     * page's OID, or a new one if {@code committed} has no such page; tells {@code written} the OID of each page put.
     * If {@code committed} is of an array as long, the array's marks are {@code owner}'s, and {@code watched} does not
     * say that the array may have changed without its marks, only the pages marked since the last commit are
     * compared. An array another object's marks follow (one array in two objects, both watched) is compared whole,
     * and its marks are left to that object. Returns the OIDs of the array's pages, in order.
     */
    long[] put(Object array, ValueKind element, PrimitiveArrayCodec.Directory committed, Persistable owner,
               boolean watched, Transaction transaction, LongConsumer written) {
        int length = Array.getLength(array);
        long[] before = committed != null && committed.element() == element ? committed.pages() : CHANGED;
        PageMarks found = PageMarks.of(array);
        PageMarks marks = found == null || found.owner() == owner ? found : null;
        boolean markedOnly = marks != null && !watched && committed != null && committed.element() == element
            && committed.length() == length;
        if (found == null || marks != null && marks.isUnstored()) {
            marks = PageMarks.register(array, element, owner, this); // before the pages are compared: later stores mark them
            registered.add(marks);
            if (found != null) {
                marks.keep();
            }
        }
        if (marks != null && marks.isKept() && committed == null) {
            keptByNew.add(marks);
        }
        long[] pages = new long[PrimitiveArrayCodec.pageCount(element, length)];
        int classId = catalog.classId(array.getClass());
        for (int i = 0; i < pages.length; i++) {
            boolean marked = marks != null && marks.isChanged(i);
            if (marked) {
                marks.clear(i);
                clearedMarks.add(marks);
                clearedPages.addInt(i);
            }
            if (i < before.length && markedOnly && !marked) {
                pages[i] = before[i];
                continue;
            }
            int imageLength = writePage(array, element, i);
            long oid = i < before.length ? before[i] : transaction.newObject();
            // a marked page is put at once: the put compares it with its committed bytes, and logs only what differs
            if (i >= before.length || marked || !sameAsCommitted(oid, classId, imageLength)) {
                transaction.put(oid, classId, pageImage, 0, imageLength, true); // read, or put by this session, checked
                written.accept(oid);
            }
            pages[i] = oid;
        }
        return pages;
    }

    /** The store is closed: the marks of its arrays are dropped, and stores into them mark nothing. */
    void close() {
        MarksByArray.removeAll(this);
    }

    /** {@code abort()} reverted the objects of the marks it took. */
    void reverted() {
        taken.clear();
    }

    /**
     * The objects the commit that succeeded stored first, and whose arrays a method keeps, each once per array; then
     * forgets them.
     */
    List<Persistable> takeKeepingOwners() {
        List<Persistable> owners = new ArrayList<>(keptByNew.size());
        for (PageMarks marks : keptByNew) {
            Persistable owner = marks.owner();
            if (owner != null) {
                owners.add(owner);
            }
        }
        keptByNew.clear();
        return owners;
    }

    /** The commit in progress succeeded: the marks it cleared stay clear. */
    void committed() {
        clearedMarks.clear();
        clearedPages.clear();
        registered.clear();
        taken.clear();
    }

    /**
     * The commit in progress failed: the pages it compared are marked again, and those of arrays it stored whole, and
     * the marks it took are left for the next commit.
     */
    void abandoned() {
        for (int i = 0; i < clearedMarks.size(); i++) {
            clearedMarks.get(i).mark(clearedPages.getInt(i));
        }
        for (PageMarks marks : registered) {
            marks.markAll();
        }
        taken.forEach(this::changed);
        keptByNew.clear();
        committed();
    }

    /** Writes the image of page {@code page} of {@code array} into {@link #pageImage}; returns its length. */
    private int writePage(Object array, ValueKind element, int page) {
        int perPage = PrimitiveArrayCodec.pageLength(element);
        int first = page * perPage;
        return PrimitiveArrayCodec.writePage(pageImage, element, array, first, Math.min(perPage, Array.getLength(array) - first));
    }

    private boolean sameAsCommitted(long oid, int classId, int imageLength) {
        counters.bytesCompared += imageLength;
        return store.contains(oid) && store.classId(oid) == classId && store.length(oid) == imageLength
            && pageImage.mismatch(0, store.view(oid, pageView), 0, imageLength) == imageLength;
    }
}
