package org.swizzle.internal;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

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
     * Whether list or map {@code collection} holds, at each place {@link #committedPlaces} {@code places} took, the
     * array held there as committed (and its rows): false for an array stored in its place, which its bytes hide when
     * it holds the same elements. True if {@code places} is the collection itself, as nothing was taken.
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
     * The arrays a set held as committed, each with a copy of its committed elements: a set's array has no index or
     * key, so the set read again after {@code abort()} keeps, in place of each array it reads, the one that held the
     * same elements (any of them, among arrays of equal elements), found with {@link #keepIn}.
     */
    private static final class SetPlaces {
        final List<Object> arrays = new ArrayList<>();
        final List<Object> elements = new ArrayList<>();

        /** The arrays {@code set} holds, with their elements as they are now, or null if it holds none. */
        static SetPlaces of(Set<?> set) {
            SetPlaces places = new SetPlaces();
            for (Object element : set) {
                if (element != null && element.getClass().isArray()) {
                    places.arrays.add(asCommitted(element));
                    places.elements.add(deepCopy(element));
                }
            }
            return places.arrays.isEmpty() ? null : places;
        }

        /** Puts into {@code read}, in place of each array it holds, the array taken that held its elements. */
        void keepIn(Set<Object> read) {
            boolean[] taken = new boolean[arrays.size()];
            List<Object> reads = new ArrayList<>(read);
            for (Object element : reads) {
                if (element == null || !element.getClass().isArray()) {
                    continue;
                }
                for (int i = 0; i < taken.length; i++) {
                    if (!taken[i] && elements.get(i).getClass() == element.getClass()
                        && Objects.deepEquals(elements.get(i), element)) {
                        taken[i] = true;
                        Object kept = keep(arrays.get(i), element);
                        if (kept != element) {
                            read.remove(element);
                            read.add(kept);
                        }
                        break;
                    }
                }
            }
        }

        /** Whether {@code set} holds every array taken (and its rows), and as many arrays. */
        boolean heldBy(Set<?> set) {
            int held = 0;
            for (Object element : set) {
                if (element != null && element.getClass().isArray()) {
                    held++;
                }
            }
            if (held != arrays.size()) {
                return false;
            }
            for (Object array : arrays) {
                Object value = array instanceof Rows ? ((Rows) array).array : array;
                if (!set.contains(value) || !holdsAsCommitted(array, value)) {
                    return false;
                }
            }
            return true;
        }

        private static Object deepCopy(Object array) {
            if (!(array instanceof Object[])) {
                int length = Array.getLength(array);
                Object copy = Array.newInstance(array.getClass().getComponentType(), length);
                System.arraycopy(array, 0, copy, 0, length);
                return copy;
            }
            Object[] copy = ((Object[]) array).clone();
            for (int i = 0; i < copy.length; i++) {
                if (copy[i] != null && copy[i].getClass().isArray()) {
                    copy[i] = deepCopy(copy[i]);
                }
            }
            return copy;
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
     * Keeps in {@code read}, a list, map or set just read from the store, the arrays {@code old} (its instance before
     * {@code abort()}, or {@link #committedPlaces} of it) held at the same index, under an equal key, or (a set) with
     * the same committed elements, by {@link #keep}. {@code read} must not report the changes (it is being filled, or is a copy).
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
        } else if (old instanceof SetPlaces && read instanceof Set) {
            ((SetPlaces) old).keepIn((Set<Object>) read);
        }
    }

    /**
     * Where {@code collection}, a list, map or set read whole (not paged), holds arrays, for {@link #keepElements} after
     * {@code abort()}: a copy of the list, of the entries of the map whose values are arrays, or the set's arrays with
     * their elements (which must be taken as committed: see {@link #nestedPlaces}); null if it holds none.
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
     * may replace without the collection's notice, or is a set holding arrays, whose elements a change may write
     * without its notice; else null, as the collection, unchanged, holds its arrays as committed.
     */
    static Object nestedPlaces(Object collection) {
        if (collection instanceof Set) {
            return SetPlaces.of((Set<?>) collection); // its arrays have no place: known by their committed elements
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
     * Whether list or map {@code collection}, or {@link #committedPlaces} of one, holds an array (a map, as a value),
     * which {@link #keepElements} would keep.
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
