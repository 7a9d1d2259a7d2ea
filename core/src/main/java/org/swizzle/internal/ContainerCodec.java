package org.swizzle.internal;

import java.lang.reflect.Array;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;

import org.swizzle.UnsupportedFieldTypeException;
import org.swizzle.internal.tracked.Tracked;
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
 * {@link ValueKind#ARRAY_LIST} to {@link ValueKind#TREE_MAP}): a count, then the elements as values. Each
 * collection is stored as the kind of the JDK class it is or extends, and read back as the tracked
 * subclass of that class; how the collections are tracked is the writer's and the reader's business.
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

    static void write(ObjectWriter out, Collection<?> collection) {
        ValueKind kind;
        if (collection instanceof List) {
            kind = collection instanceof LinkedList ? ValueKind.LINKED_LIST : ValueKind.ARRAY_LIST;
        } else if (collection instanceof SortedSet) {
            requireNaturalOrder(out, ((SortedSet<?>) collection).comparator(), collection);
            kind = ValueKind.TREE_SET;
        } else if (collection instanceof Set) {
            boolean unordered = collection instanceof HashSet && !(collection instanceof LinkedHashSet);
            kind = unordered ? ValueKind.HASH_SET : ValueKind.LINKED_HASH_SET;
        } else {
            kind = ValueKind.ARRAY_LIST;
        }
        begin(out, kind, collection, collection.size());
        int written = 0;
        for (Object element : collection) {
            out.writeValue(element);
            written++;
        }
        end(out, collection.size(), written, collection);
    }

    static void write(ObjectWriter out, Map<?, ?> map) {
        ValueKind kind;
        if (map instanceof SortedMap) {
            requireNaturalOrder(out, ((SortedMap<?, ?>) map).comparator(), map);
            kind = ValueKind.TREE_MAP;
        } else if (map instanceof HashMap && !(map instanceof LinkedHashMap)) {
            kind = ValueKind.HASH_MAP;
        } else {
            kind = ValueKind.LINKED_HASH_MAP;
        }
        begin(out, kind, map, map.size());
        int written = 0;
        for (Map.Entry<?, ?> entry : map.entrySet()) {
            out.writeValue(entry.getKey());
            out.writeValue(entry.getValue());
            written++;
        }
        end(out, map.size(), written, map);
    }

    private static void begin(ObjectWriter out, ValueKind kind, Object container, int size) {
        out.noteContainer(container);
        out.writeKind(kind);
        out.writeInt(size);
        out.enter();
    }

    /** Ends a collection or map of {@code size} elements, refusing it if {@code written} were seen instead. */
    private static void end(ObjectWriter out, int size, int written, Object container) {
        out.exit();
        if (size != written) {
            throw new IllegalStateException("The " + container.getClass().getName() + " in field " + out.fieldDescription()
                + " changed size while it was written (" + size + " expected, " + written
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

    static Object read(ValueKind kind, ObjectReader in) {
        if (kind == ValueKind.OBJECT_ARRAY) {
            return readArray(kind, in);
        }
        int size = in.readCount(kind);
        return kind.unit() == 1 ? readCollection(kind, size, in) : readMap(kind, size, in);
    }

    private static Object[] readArray(ValueKind kind, ObjectReader in) {
        Class<?> component = in.classOf(in.readInt());
        int length = in.readCount(kind);
        Object[] array = (Object[]) Array.newInstance(component, length);
        in.enter(true);
        for (int i = 0; i < length; i++) {
            array[i] = in.readValue();
        }
        in.exit(true);
        return array;
    }

    private static Collection<Object> readCollection(ValueKind kind, int size, ObjectReader in) {
        Collection<Object> collection;
        switch (kind) {
            case ARRAY_LIST: collection = new TrackedArrayList<>(size); break;
            case LINKED_LIST: collection = new TrackedLinkedList<>(); break;
            case HASH_SET: collection = new TrackedHashSet<>(capacity(size)); break;
            case LINKED_HASH_SET: collection = new TrackedLinkedHashSet<>(capacity(size)); break;
            default: collection = new TrackedTreeSet<>(); break;
        }
        in.enter(false);
        for (int i = 0; i < size; i++) {
            collection.add(in.readValue());
        }
        in.exit(false);
        in.attach((Tracked) collection);
        return collection;
    }

    private static Map<Object, Object> readMap(ValueKind kind, int size, ObjectReader in) {
        Map<Object, Object> map;
        switch (kind) {
            case HASH_MAP: map = new TrackedHashMap<>(capacity(size)); break;
            case LINKED_HASH_MAP: map = new TrackedLinkedHashMap<>(capacity(size)); break;
            default: map = new TrackedTreeMap<>(); break;
        }
        in.enter(false);
        for (int i = 0; i < size; i++) {
            Object key = in.readValue();
            map.put(key, in.readValue());
        }
        in.exit(false);
        in.attach((Tracked) map);
        return map;
    }

    /** A hash table capacity that holds {@code count} entries without rehashing. */
    private static int capacity(int count) {
        return (int) Math.min(Integer.MAX_VALUE, count * 4L / 3 + 1);
    }
}
