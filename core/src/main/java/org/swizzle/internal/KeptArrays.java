package org.swizzle.internal;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

import org.agrona.collections.IntArrayList;

/**
 * Puts committed contents back into the arrays an application may hold, after {@code abort()}: the arrays read again
 * from the store are copied into the old ones, which stay where they were, so that a change made through an array
 * held across the abort is a change of the object's array, and is committed.
 */
final class KeptArrays {

    private KeptArrays() {
    }

    /**
     * {@code old} with the elements of {@code read} where both are arrays of the same class and length, else
     * {@code read}; an array of arrays (or of objects that are arrays) keeps each of the arrays it held as committed
     * so too, so that a row of an {@code int[][]} an application holds is the object's again. {@code old} is an array
     * or, for one that held arrays, what {@link #asCommitted} took of it: a row the aborted change stored in its place
     * (another array's, perhaps) is dropped, not given the committed elements.
     */
    static Object keep(Object old, Object read) {
        Object[] committedRows = null;
        if (old instanceof Rows) {
            committedRows = ((Rows) old).rows;
            old = ((Rows) old).array;
        }
        if (read == null || old == null || old.getClass() != read.getClass() || !read.getClass().isArray()
            || Array.getLength(old) != Array.getLength(read)) {
            return read;
        }
        if (read instanceof Object[]) {
            Object[] olds = (Object[]) old;
            Object[] reads = (Object[]) read;
            for (int i = 0; i < reads.length; i++) {
                olds[i] = keep(committedRows != null ? committedRows[i] : olds[i], reads[i]);
            }
        } else {
            System.arraycopy(read, 0, old, 0, Array.getLength(read));
        }
        return old;
    }

    /**
     * {@code value}, an array an object or collection holds as committed, as {@link #keep} takes it after {@code
     * abort()}: the array itself, or, for an array of arrays (or of objects) holding arrays, the array with the arrays
     * it holds now, taken so however deep, since a change can store another array in a row without a barrier's notice.
     */
    static Object asCommitted(Object value) {
        if (!holdsRows(value)) {
            return value;
        }
        Object[] array = (Object[]) value;
        Object[] rows = new Object[array.length];
        for (int i = 0; i < array.length; i++) {
            Object element = array[i];
            if (element != null && element.getClass().isArray()) {
                rows[i] = asCommitted(element);
            }
        }
        return new Rows(array, rows);
    }

    /** Whether {@code value} is an array of arrays (or of objects) that holds an array now: its rows. */
    private static boolean holdsRows(Object value) {
        if (!(value instanceof Object[])) {
            return false;
        }
        Class<?> component = value.getClass().getComponentType();
        if (!component.isArray() && !component.isAssignableFrom(int[].class)) {
            return false; // an array of persistent objects, say, holds no arrays
        }
        for (Object element : (Object[]) value) {
            if (element != null && element.getClass().isArray()) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code value} is the array {@link #asCommitted} took {@code committed} of, and holds the same rows. */
    static boolean holdsAsCommitted(Object committed, Object value) {
        if (!(committed instanceof Rows)) {
            return committed == value;
        }
        Rows taken = (Rows) committed;
        if (taken.array != value) {
            return false;
        }
        for (int i = 0; i < taken.rows.length; i++) {
            Object row = taken.array[i];
            boolean same = taken.rows[i] == null ? row == null || !row.getClass().isArray()
                : holdsAsCommitted(taken.rows[i], row);
            if (!same) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether list, map or set {@code collection} holds, at each place {@link #committedPlaces} {@code places} took,
     * the array held there as committed (and its rows): false for an array stored in its place, which its bytes hide
     * when it holds the same elements. True if {@code places} is the collection itself, as nothing was taken.
     */
    static boolean holdsInPlaces(Object places, Object collection) {
        if (places instanceof List && collection instanceof List && places != collection) {
            List<?> committed = (List<?>) places;
            List<?> held = (List<?>) collection;
            if (committed.size() != held.size()) {
                return false;
            }
            for (int i = 0; i < committed.size(); i++) {
                if (isTakenArray(committed.get(i)) && !holdsAsCommitted(committed.get(i), held.get(i))) {
                    return false;
                }
            }
        } else if (places instanceof SetPlaces && collection instanceof Set) {
            return ((SetPlaces) places).heldBy((Set<?>) collection);
        } else if (places instanceof Map && collection instanceof Map && places != collection) {
            Map<?, ?> committed = (Map<?, ?>) places;
            for (Map.Entry<?, ?> entry : ((Map<?, ?>) collection).entrySet()) {
                Object taken = committed.get(entry.getKey());
                if (isTakenArray(taken) && !holdsAsCommitted(taken, entry.getValue())) {
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean isTakenArray(Object element) {
        return element instanceof Rows || element != null && element.getClass().isArray();
    }

    /**
     * The arrays a set held as committed, at their positions in its committed image: a set's array has no index or key,
     * so the set read again after {@code abort()} keeps, in place of the array it reads at a position, the one taken
     * there ({@link CollectionFill#keepArrays}). Taken as the set is filled (in the image's order) and as a commit
     * writes it (in its iteration order, which the image follows).
     */
    static final class SetPlaces {
        private final IntArrayList positions = new IntArrayList();
        private final List<Object> arrays = new ArrayList<>();

        /** The arrays {@code set} holds, at their positions as it iterates, or null if it holds none. */
        static SetPlaces of(Set<?> set) {
            SetPlaces places = null;
            int position = 0;
            for (Object element : set) {
                places = add(places, position++, element);
            }
            return places;
        }

        /** {@code places}, or new ones if null, with {@code element} at {@code position} if it is an array. */
        static SetPlaces add(SetPlaces places, int position, Object element) {
            if (element == null || !element.getClass().isArray()) {
                return places;
            }
            SetPlaces added = places != null ? places : new SetPlaces();
            added.positions.addInt(position);
            added.arrays.add(asCommitted(element));
            return added;
        }

        /** The array taken at {@code position}, or null. */
        Object at(int position) {
            int low = 0;
            int high = positions.size() - 1;
            while (low <= high) {
                int middle = (low + high) >>> 1;
                int found = positions.getInt(middle);
                if (found == position) {
                    return arrays.get(middle);
                }
                if (found < position) {
                    low = middle + 1;
                } else {
                    high = middle - 1;
                }
            }
            return null;
        }

        /** Whether {@code set} holds the arrays taken (and their rows), by identity, and no other. */
        boolean heldBy(Set<?> set) {
            Set<Object> held = Collections.newSetFromMap(new IdentityHashMap<>());
            for (Object element : set) {
                if (element != null && element.getClass().isArray()) {
                    held.add(element);
                }
            }
            if (held.size() != arrays.size()) {
                return false;
            }
            for (Object array : arrays) {
                Object value = array instanceof Rows ? ((Rows) array).array : array;
                if (!held.contains(value) || !holdsAsCommitted(array, value)) {
                    return false;
                }
            }
            return true;
        }
    }

    /** An array that held arrays, and what {@link #asCommitted} took of each of them: see {@link #keep}. */
    private static final class Rows {
        final Object[] array;
        final Object[] rows;

        Rows(Object[] array, Object[] rows) {
            this.array = array;
            this.rows = rows;
        }
    }

    /**
     * Keeps in {@code read}, a list or map just read from the store, the arrays {@code old} (its instance before
     * {@code abort()}, or {@link #committedPlaces} of it) held at the same index or under an equal key, by
     * {@link #keep} (a set keeps them as it is filled: see {@link SetPlaces}). {@code read} must not report the
     * changes (it is being filled, or is a copy).
     */
    @SuppressWarnings("unchecked")
    static void keepElements(Object old, Object read) {
        if (old instanceof List && read instanceof List) {
            List<Object> olds = (List<Object>) old;
            List<Object> reads = (List<Object>) read;
            for (int i = 0; i < reads.size() && i < olds.size(); i++) {
                Object element = reads.get(i);
                Object kept = keep(olds.get(i), element);
                if (kept != element) {
                    reads.set(i, kept);
                }
            }
        } else if (old instanceof Map && read instanceof Map) {
            Map<Object, Object> olds = (Map<Object, Object>) old;
            ((Map<Object, Object>) read).replaceAll((key, value) -> keep(olds.get(key), value));
        }
    }

    /**
     * Where {@code collection}, a list, map or set read whole (not paged), holds arrays, for {@link #keepElements}
     * after {@code abort()}: a copy of the list, of the entries of the map whose values are arrays, or the set's arrays
     * at their positions ({@link SetPlaces}); null if it holds none.
     * Taken while the collection holds what was committed (before its first change since a commit, or as a commit
     * writes it), so that a change that moved an array (an insertion before it, a value put over it) does not take its
     * place from it.
     */
    @SuppressWarnings("unchecked")
    static Object committedPlaces(Object collection) {
        if (collection instanceof List) {
            if (!holdsArrays(collection)) {
                return null;
            }
            List<Object> places = new ArrayList<>((List<?>) collection);
            places.replaceAll(KeptArrays::asCommitted);
            return places;
        }
        if (collection instanceof Map) {
            // looked up as the map looks up its keys
            Map<Object, Object> arrays = collection instanceof SortedMap
                ? new TreeMap<>(((SortedMap<Object, ?>) collection).comparator()) : new HashMap<>();
            ((Map<?, ?>) collection).forEach((key, value) -> {
                if (value != null && value.getClass().isArray()) {
                    arrays.put(key, asCommitted(value));
                }
            });
            return arrays.isEmpty() ? null : arrays;
        }
        if (collection instanceof Set) {
            return SetPlaces.of((Set<?>) collection);
        }
        return null;
    }

    /**
     * {@link #committedPlaces} of {@code collection} if it holds an array of arrays holding arrays, whose rows a change
     * may replace without the collection's notice, or is a set holding arrays, whose positions only its image gives;
     * else null, as the collection, unchanged, holds its arrays as committed.
     */
    static Object nestedPlaces(Object collection) {
        if (collection instanceof Set) {
            return committedPlaces(collection); // taken as a commit writes it: a fill takes them itself
        }
        Iterable<?> elements = collection instanceof Map ? ((Map<?, ?>) collection).values()
            : collection instanceof List ? (List<?>) collection : List.of();
        for (Object element : elements) {
            if (holdsRows(element)) {
                return committedPlaces(collection);
            }
        }
        return null;
    }

    /**
     * Whether list or map {@code collection}, or {@link #committedPlaces} of a list, map or set, holds an array (a map,
     * as a value) that abort() would keep.
     */
    static boolean holdsArrays(Object collection) {
        if (collection instanceof SetPlaces) {
            return true;
        }
        Iterable<?> elements = collection instanceof Map ? ((Map<?, ?>) collection).values()
            : collection instanceof List ? (List<?>) collection : List.of();
        for (Object element : elements) {
            if (isTakenArray(element)) {
                return true;
            }
        }
        return false;
    }
}
