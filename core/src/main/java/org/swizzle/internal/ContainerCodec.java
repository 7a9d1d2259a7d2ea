package org.swizzle.internal;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.ToLongFunction;

import org.swizzle.UnsupportedFieldTypeException;
import org.swizzle.internal.tracked.Backed;
import org.swizzle.internal.tracked.Paged;
import org.swizzle.internal.tracked.Sections;
import org.swizzle.internal.tracked.TrackedArrayList;
import org.swizzle.internal.tracked.TrackedHashMap;
import org.swizzle.internal.tracked.TrackedHashSet;
import org.swizzle.internal.tracked.TrackedLinkedHashMap;
import org.swizzle.internal.tracked.TrackedLinkedHashSet;
import org.swizzle.internal.tracked.TrackedLinkedList;
import org.swizzle.internal.tracked.TrackedTreeMap;
import org.swizzle.internal.tracked.TrackedTreeSet;

/**
 * Arrays of objects and java.util collections in the stored format ({@link ValueKind#OBJECT_ARRAY},
 * {@link ValueKind#ARRAY_LIST} to {@link ValueKind#TREE_MAP}): a count, then the elements as values. An array
 * is a value embedded where it is held; a collection is a stored thing of its own (see
 * {@link ValueKind#COLLECTION}) whose image is written by {@link #writeBody} and read back, as the tracked
 * subclass of the JDK class it is or extends, by {@link #newCollection} and {@link CollectionFill}.
 */
final class ContainerCodec {

    private ContainerCodec() {
    }

    static void write(ObjectWriter out, Object[] array) {
        out.writeKind(ValueKind.OBJECT_ARRAY);
        out.writeInt(out.classIdOf(array.getClass().getComponentType()));
        out.writeInt(array.length);
        out.enter();
        for (Object value : array) {
            out.writeValue(value);
        }
        out.exit();
    }

    /** The kind {@code collection} (a {@code Collection} or {@code Map}) is stored as; refuses what cannot be stored. */
    static ValueKind kindOf(Object collection, ObjectWriter out) {
        // the common tracked classes first: they are final, so each test compares the class, where a test of an
        // interface searches the class's interfaces
        if (collection instanceof TrackedArrayList) {
            return ((TrackedArrayList<?>) collection).pagedIn(out.collection()) ? ValueKind.ARRAY_LIST_SECTIONS : ValueKind.ARRAY_LIST;
        }
        if (collection instanceof TrackedHashMap) {
            return ((TrackedHashMap<?, ?>) collection).pagedIn(out.collection()) ? ValueKind.HASH_MAP_SECTIONS : ValueKind.HASH_MAP;
        }
        if (collection instanceof TrackedHashSet) {
            return ((TrackedHashSet<?>) collection).keys() != null ? ValueKind.HASH_SET_KEYS : ValueKind.HASH_SET;
        }
        if (collection instanceof TrackedLinkedList) {
            return ((TrackedLinkedList<?>) collection).backing() != null ? ValueKind.LINKED_LIST_ELEMENTS : ValueKind.LINKED_LIST;
        }
        if (collection instanceof TrackedTreeMap && ((TrackedTreeMap<?, ?>) collection).backing() != null) {
            return ValueKind.TREE_MAP_ENTRIES; // a map in natural order: only such maps keep their entries in a list
        }
        if (collection instanceof TrackedTreeSet && ((TrackedTreeSet<?>) collection).backing() != null) {
            return ValueKind.TREE_SET_KEYS;
        }
        if (collection instanceof Map) {
            if (collection instanceof SortedMap) {
                requireNaturalOrder(out, ((SortedMap<?, ?>) collection).comparator(), collection);
                return ValueKind.TREE_MAP;
            }
            if (!(collection instanceof LinkedHashMap)) {
                return collection instanceof HashMap ? ValueKind.HASH_MAP : ValueKind.LINKED_HASH_MAP;
            }
            return out.collection().isAccessOrdered() ? ValueKind.ACCESS_ORDER_MAP : ValueKind.LINKED_HASH_MAP;
        }
        if (collection instanceof List) {
            return collection instanceof LinkedList ? ValueKind.LINKED_LIST : ValueKind.ARRAY_LIST;
        }
        if (collection instanceof SortedSet) {
            requireNaturalOrder(out, ((SortedSet<?>) collection).comparator(), collection);
            return ValueKind.TREE_SET;
        }
        if (collection instanceof Set) {
            boolean unordered = collection instanceof HashSet && !(collection instanceof LinkedHashSet);
            return unordered ? ValueKind.HASH_SET : ValueKind.LINKED_HASH_SET;
        }
        return ValueKind.ARRAY_LIST;
    }

    /** The JDK class a collection of {@code kind} is, whose catalog id its stored image is filed under. */
    static Class<?> jdkClass(ValueKind kind) {
        switch (kind) {
            case ARRAY_LIST:
            case ARRAY_LIST_PAGES:
            case ARRAY_LIST_SECTIONS: return ArrayList.class;
            case LINKED_LIST:
            case LINKED_LIST_ELEMENTS: return LinkedList.class;
            case HASH_SET:
            case HASH_SET_KEYS: return HashSet.class;
            case LINKED_HASH_SET: return LinkedHashSet.class;
            case TREE_SET:
            case TREE_SET_KEYS: return TreeSet.class;
            case HASH_MAP:
            case HASH_MAP_PAGES:
            case HASH_MAP_SECTIONS: return HashMap.class;
            case LINKED_HASH_MAP:
            case ACCESS_ORDER_MAP: return LinkedHashMap.class;
            case TREE_MAP:
            case TREE_MAP_ENTRIES: return TreeMap.class;
            default: throw new IllegalArgumentException(kind + " is not a collection");
        }
    }

    /** The image of a stored collection of {@code kind}: the kind, the size, then the elements (or keys and values). */
    static void writeBody(ObjectWriter out, ValueKind kind, Object collection) {
        out.writeKind(kind);
        if (kind.isPaged()) {
            writePages(out, (Paged) collection);
        } else if (kind.isBacked()) {
            out.enter();
            out.writePart(((Backed) collection).backing(), DeclaredElements.ofBacking(kind, declared(out)));
            out.exit();
        } else if (collection instanceof Map) {
            Map<?, ?> map = (Map<?, ?>) collection;
            Class<?>[] declared = declared(out);
            out.writeInt(map.size());
            out.enter();
            int written = 0;
            for (Map.Entry<?, ?> entry : storedEntries(map, out::oidOf)) {
                out.writeElement(entry.getKey(), declared, 0, true);
                out.writeElement(entry.getValue(), declared, 1, true);
                written++;
            }
            end(out, map.size(), written, map);
        } else {
            Collection<?> elements = (Collection<?>) collection;
            Class<?>[] declared = declared(out);
            boolean pairs = declared != null && declared.length == 2; // a large TreeMap's keys and values in turn
            int parity = pairs ? 1 : 0;
            out.writeInt(elements.size());
            out.enter();
            int written = 0;
            if (elements instanceof List && elements instanceof RandomAccess) {
                List<?> list = (List<?>) elements;
                for (int size = list.size(); written < size; written++) {
                    out.writeElement(list.get(written), declared, written & parity, pairs);
                }
            } else {
                for (Object element : elements) {
                    out.writeElement(element, declared, written & parity, pairs);
                    written++;
                }
            }
            end(out, elements.size(), written, elements);
        }
    }

    /**
     * The entries of {@code map} in the order its image holds them: see {@link TrackedHashMap#storedEntries}, which
     * takes a persistent key's OID from {@code oidOf}.
     */
    static Iterable<? extends Map.Entry<?, ?>> storedEntries(Map<?, ?> map, ToLongFunction<Object> oidOf) {
        return map instanceof TrackedHashMap ? ((TrackedHashMap<?, ?>) map).storedEntries(oidOf) : map.entrySet();
    }

    /** What the stored collection being written declares its elements as (see {@link DeclaredElements}), or null. */
    private static Class<?>[] declared(ObjectWriter out) {
        return out.collection() != null ? out.collection().declaredElements() : null;
    }

    /**
     * The directory of a paged map or list: its size and its sections, whose OIDs the commit set when it wrote the
     * changed ones ({@link #writeSection}).
     */
    private static void writePages(ObjectWriter out, Paged collection) {
        out.writeInt(collection instanceof Map ? ((Map<?, ?>) collection).size() : ((Collection<?>) collection).size());
        Sections sections = collection.sections();
        out.writeInt(sections.count());
        out.enter();
        for (int i = 0; i < sections.count(); i++) {
            out.writeKind(ValueKind.INT);
            out.writeInt(sections.pages(i));
            out.writeKind(ValueKind.COLLECTION);
            out.writeLong(sections.oid(i));
        }
        out.exit();
    }

    /** The image of section {@code section} of {@code collection}'s directory: its pages, as a directory lists them. */
    static void writeSection(ObjectWriter out, Paged collection, int section) {
        Sections sections = collection.sections();
        int first = sections.firstPage(section);
        out.writeKind(ValueKind.PAGE_SECTION);
        out.writeInt(sections.pages(section));
        writeEntries(out, collection, first, first + sections.pages(section));
    }

    private static void writeEntries(ObjectWriter out, Paged collection, int from, int to) {
        out.enter();
        int[] page = {from};
        collection.forEachPage(from, to, (header, loaded, oid, slot) -> {
            out.writeKind(ValueKind.INT);
            out.writeInt(header);
            int first = collection.firstIndexOfPage(page[0]++);
            if (loaded != null) {
                out.writePage(slot, loaded, first);
            } else {
                out.writeKind(ValueKind.COLLECTION);
                out.writeLong(oid);
            }
        });
        out.exit();
    }

    /** Where the sections of a directory are read from. */
    @FunctionalInterface
    interface SectionSource {
        /**
         * A reader over the image of stored section {@code oid}, section {@code index} of the directory being read.
         *
         * @throws org.swizzle.StoreCorruptedException if the store holds no section as {@code oid}
         */
        ObjectReader section(int index, long oid);
    }

    /**
     * A paged map's or list's directory, read with its pages left in the store (see {@link ValueKind#isPaged}),
     * and its sections, if it has them, read from {@code sections}: the collection reads a page the first time a
     * key or an index leads to it.
     */
    static Object readPaged(ValueKind kind, ObjectReader in, SectionSource sections) {
        boolean map = kind == ValueKind.HASH_MAP_PAGES || kind == ValueKind.HASH_MAP_SECTIONS;
        String what = map ? "map" : "list";
        String header = map ? "lowest hash" : "count";
        String pagesOf = map ? "pages" : "chunks";
        int size = in.readInt();
        int[] sectionPages = null;
        long[] sectionOids = null;
        int[] headers;
        long[] oids;
        if (kind.hasSections()) {
            int count = in.readCount(kind);
            sectionPages = new int[count];
            sectionOids = new long[count];
            long pages = 0;
            for (int i = 0; i < count; i++) {
                if (in.readKind() != ValueKind.INT) {
                    throw in.corrupt("section " + i + " of a paged " + what + "'s directory has no count of " + pagesOf);
                }
                sectionPages[i] = in.readInt();
                if (sectionPages[i] <= 0 || sectionPages[i] > Sections.CAPACITY) {
                    throw in.corrupt("section " + i + " of a paged " + what + "'s directory holds " + sectionPages[i]
                        + " " + pagesOf + "; a section holds 1 to " + Sections.CAPACITY);
                }
                if (in.readKind() != ValueKind.COLLECTION) {
                    throw in.corrupt("section " + i + " of a paged " + what + "'s directory is not a stored section");
                }
                sectionOids[i] = in.readLong();
                pages += sectionPages[i];
            }
            if (pages > Integer.MAX_VALUE - 8) {
                throw in.corrupt("the sections of a paged " + what + "'s directory claim " + pages + " " + pagesOf);
            }
            headers = new int[(int) pages];
            oids = new long[(int) pages];
            int at = 0;
            for (int i = 0; i < count; i++) {
                ObjectReader section = sections.section(i, sectionOids[i]);
                String named = "section " + i + " (OID " + sectionOids[i] + ") of a paged " + what + "'s directory";
                if (section.readKind() != ValueKind.PAGE_SECTION) {
                    throw in.corrupt(named + " is not a section");
                }
                int held = section.readCount(ValueKind.PAGE_SECTION);
                if (held != sectionPages[i]) {
                    throw in.corrupt(named + " holds " + held + " " + pagesOf + " where the directory says " + sectionPages[i]);
                }
                readEntries(section, what, header, at, held, headers, oids);
                if (section.remaining() != 0) {
                    throw in.corrupt(named + " has " + section.remaining() + " bytes after its last entry");
                }
                at += held;
            }
        } else {
            int count = in.readCount(kind);
            headers = new int[count];
            oids = new long[count];
            readEntries(in, what, header, 0, count, headers, oids);
        }
        try {
            return map ? TrackedHashMap.paged(size, headers, oids, sectionPages, sectionOids)
                : TrackedArrayList.paged(size, headers, oids, sectionPages, sectionOids);
        } catch (IllegalArgumentException e) {
            throw in.corrupt("a paged " + what + "'s directory is malformed: " + e.getMessage());
        }
    }

    /** Reads {@code count} directory entries, pages {@code from} on of a paged {@code what}, each a {@code header} and a page. */
    static void readEntries(ObjectReader in, String what, String header, int from, int count, int[] headers,
                                    long[] oids) {
        for (int i = from; i < from + count; i++) {
            if (in.readKind() != ValueKind.INT) {
                throw in.corrupt("page " + i + " of a paged " + what + " has no " + header);
            }
            headers[i] = in.readInt();
            if (in.readKind() != ValueKind.COLLECTION) {
                throw in.corrupt("page " + i + " of a paged " + what + " is not a collection");
            }
            oids[i] = in.readLong();
        }
    }

    /** Ends a collection or map of {@code size} elements, refusing it if {@code written} were seen instead. */
    private static void end(ObjectWriter out, int size, int written, Object container) {
        out.exit();
        if (size != written) {
            throw new IllegalStateException("The " + container.getClass().getName() + " reached first through field "
                + out.fieldDescription() + " changed size while it was written (" + size + " expected, " + written
                + " seen): commit() must not run concurrently with updates");
        }
    }

    private static void requireNaturalOrder(ObjectWriter out, Object comparator, Object container) {
        if (comparator != null) {
            throw new UnsupportedFieldTypeException("Cannot store the " + container.getClass().getName() + " in field "
                + out.fieldDescription() + ": it has a comparator (" + comparator.getClass().getName()
                + "), and comparators are not stored. Use natural ordering, or keep the comparator in a transient field"
                + " and store the elements in a List.");
        }
    }

    /**
     * An array, or a collection embedded in its holder by a store written before collections had an identity:
     * read as a tracked collection that belongs to no store yet, so its holder is compared at every commit and
     * rewritten, with the collection as a stored thing of its own, at the first one.
     */
    static Object read(ValueKind kind, ObjectReader in) {
        if (kind == ValueKind.OBJECT_ARRAY) {
            return readArray(kind, in);
        }
        if (kind.isImageOnly()) {
            throw in.corrupt("a " + kind + " is embedded in a value; it is only ever a stored collection's image");
        }
        int size = in.readCount(kind);
        Object collection = newCollection(kind, size);
        new CollectionFill(collection, kind, size, in).next(CollectionFill.NOTHING_WAITS); // its elements are embedded too
        in.watchOwner();
        return collection;
    }

    private static Object[] readArray(ValueKind kind, ObjectReader in) {
        int component = in.readInt();
        int length = in.readCount(kind);
        boolean keepsItsClass = in.nextArrayKeepsItsClass();
        Class<?> retyped = in.takeNextArrayType();
        Object[] array;
        if (retyped == null) {
            array = in.newArray(component, length);
        } else if (keepsItsClass && retyped.isInstance(array = in.newArray(component, length))) {
            retyped = null; // a class the declaration admits, and what holds its elements
        } else {
            array = (Object[]) Array.newInstance(retyped.getComponentType(), length);
        }
        Class<?> elements = retyped == null ? null : retyped.getComponentType();
        Class<?> retypedElements = elements != null && elements.isArray() && !elements.getComponentType().isPrimitive() ? elements : null;
        in.enter(true);
        for (int i = 0; i < length; i++) {
            if (retypedElements != null && keepsItsClass) {
                in.readNextArrayAdmittedBy(retypedElements);
            } else if (retypedElements != null) {
                in.readNextArrayAs(retypedElements);
            }
            array[i] = in.readValue();
        }
        in.exit();
        return array;
    }

    /** An empty tracked collection of {@code kind}, with room for {@code size} elements. */
    static Object newCollection(ValueKind kind, int size) {
        switch (kind) {
            case ARRAY_LIST: return new TrackedArrayList<>(size);
            case LINKED_LIST: return new TrackedLinkedList<>();
            case HASH_SET: return new TrackedHashSet<>(capacity(size));
            case HASH_SET_KEYS: return new TrackedHashSet<>();
            case LINKED_LIST_ELEMENTS: return new TrackedLinkedList<>();
            case LINKED_HASH_SET: return new TrackedLinkedHashSet<>(capacity(size));
            case TREE_SET:
            case TREE_SET_KEYS: return new TrackedTreeSet<>();
            case HASH_MAP: return new TrackedHashMap<>(capacity(size));
            case LINKED_HASH_MAP: return new TrackedLinkedHashMap<>(capacity(size));
            case ACCESS_ORDER_MAP: return new TrackedLinkedHashMap<>(capacity(size), 0.75f, true);
            case TREE_MAP:
            case TREE_MAP_ENTRIES: return new TrackedTreeMap<>();
            default: throw new IllegalArgumentException(kind + " is not a collection");
        }
    }

    /** The number of elements (or entries) of a stored image of {@code kind} that {@link CollectionFill} reads, read from {@code in}. */
    static int readSize(ValueKind kind, ObjectReader in) {
        return kind.isBacked() ? 1 : in.readCount(kind);
    }

    /** A hash table capacity that holds {@code count} entries without rehashing. */
    private static int capacity(int count) {
        return (int) Math.min(Integer.MAX_VALUE, count * 4L / 3 + 1);
    }
}
