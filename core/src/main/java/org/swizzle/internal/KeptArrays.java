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
            if (isArray(element)) {
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
            if (isArray(element)) {
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
        } else if (places instanceof ImagePlaces && collection instanceof Set) {
            return ((ImagePlaces) places).heldBy((Set<?>) collection);
        } else if (places instanceof ImagePlaces && collection instanceof Map) {
            return ((ImagePlaces) places).heldBy((Map<?, ?>) collection);
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
        return element instanceof Rows || isArray(element);
    }

    /**
     * The arrays a set, or a map with array keys, held as committed, at their positions in its committed image: such an
     * array has no index, nor a key the collection read again could look up, so the collection read again after {@code
     * abort()} keeps, in place of the array it reads at a position, the one taken there ({@link
     * CollectionFill#keepArrays}). A set's element n is at position n; a map's entry n whose key is an array has its
     * key at 2n and its value, if an array, at 2n + 1; the value arrays under the map's other keys are taken by key, as
     * a map without array keys takes them. Taken as the collection is filled (in the image's order) and as a commit
     * writes it (in the order {@link ContainerCodec#storedEntries} gives, which the image follows).
     */
    static final class ImagePlaces {
        private final IntArrayList positions = new IntArrayList();
        private final List<Object> taken = new ArrayList<>();
        /** A map's value arrays under its keys that are no arrays, by key, or null. */
        private Map<Object, Object> byKey;

        /** The arrays {@code set} holds, at their positions as it iterates, or null if it holds none. */
        static ImagePlaces of(Set<?> set) {
            ImagePlaces places = null;
            int position = 0;
            for (Object element : set) {
                places = add(places, position++, element);
            }
            return places;
        }

        /** The arrays {@code map}, which has an array key, holds, as a commit writes it. */
        static ImagePlaces of(Map<?, ?> map) {
            ImagePlaces places = null;
            int entry = 0;
            for (Map.Entry<?, ?> stored : ContainerCodec.storedEntries(map, key -> ((Persistable) key).$swz_oid())) {
                places = addEntry(places, entry++, stored.getKey(), stored.getValue());
            }
            return places.withValuesByKey(map);
        }

        /** {@code places}, or new ones if null, with {@code element} at {@code position} if it is an array. */
        static ImagePlaces add(ImagePlaces places, int position, Object element) {
            if (!isArray(element)) {
                return places;
            }
            ImagePlaces added = places != null ? places : new ImagePlaces();
            added.positions.addInt(position);
            added.taken.add(asCommitted(element));
            return added;
        }

        /**
         * {@code places}, or new ones if null, with a map's entry {@code entry} if {@code key} is an array, as a fill
         * reads it (the value arrays under other keys are taken once it is filled: {@link #withValuesByKey}).
         */
        static ImagePlaces addEntry(ImagePlaces places, int entry, Object key, Object value) {
            if (!isArray(key)) {
                return places;
            }
            ImagePlaces added = add(places, 2 * entry, key);
            return add(added, 2 * entry + 1, value);
        }

        /**
         * These places, with the value arrays {@code map} holds under its keys that are no arrays, by key: taken once
         * the map is filled, or after its array keys as a commit writes it.
         */
        ImagePlaces withValuesByKey(Map<?, ?> map) {
            byKey = valueArraysByKey(map);
            return this;
        }

        /** The value array taken for a map's entry {@code entry} of key {@code key}, or null. */
        Object valueOf(int entry, Object key) {
            return isArray(key) ? at(2 * entry + 1) : byKey != null ? byKey.get(key) : null;
        }

        /** The array (or a map's key) taken at {@code position}, or null. */
        Object at(int position) {
            int found = indexOf(position);
            return found >= 0 ? taken.get(found) : null;
        }

        private int indexOf(int position) {
            int low = 0;
            int high = positions.size() - 1;
            while (low <= high) {
                int middle = (low + high) >>> 1;
                int found = positions.getInt(middle);
                if (found == position) {
                    return middle;
                }
                if (found < position) {
                    low = middle + 1;
                } else {
                    high = middle - 1;
                }
            }
            return -1;
        }

        /** Whether {@code set} holds the arrays taken (and their rows), by identity, and no other. */
        boolean heldBy(Set<?> set) {
            Set<Object> held = Collections.newSetFromMap(new IdentityHashMap<>());
            for (Object element : set) {
                if (isArray(element)) {
                    held.add(element);
                }
            }
            if (held.size() != taken.size()) {
                return false;
            }
            for (Object array : taken) {
                Object value = heldArray(array);
                if (!held.contains(value) || !holdsAsCommitted(array, value)) {
                    return false;
                }
            }
            return true;
        }

        /**
         * Whether {@code map} holds the key arrays taken (and their rows), by identity, and no other, and under each
         * key taken (or other key) the value array taken there.
         */
        boolean heldBy(Map<?, ?> map) {
            Map<Object, Object> byArray = new IdentityHashMap<>();
            map.forEach((key, value) -> {
                if (isArray(key)) {
                    byArray.put(key, value);
                }
            });
            int keysTaken = 0;
            for (int i = 0; i < positions.size(); i++) {
                int position = positions.getInt(i);
                if ((position & 1) != 0) {
                    continue; // a value, checked with its key
                }
                Object key = taken.get(i);
                Object held = heldArray(key);
                if (!byArray.containsKey(held) || !holdsAsCommitted(key, held)) {
                    return false;
                }
                keysTaken++;
                boolean valueTaken = i + 1 < positions.size() && positions.getInt(i + 1) == position + 1;
                if (valueTaken && !holdsAsCommitted(taken.get(i + 1), byArray.get(held))) {
                    return false;
                }
            }
            return keysTaken == byArray.size() && (byKey == null || holdsInPlaces(byKey, map));
        }
    }

    /**
     * The value arrays {@code map} holds under its keys that are no arrays, by key, looked up as the map looks up its
     * keys; null if it holds none.
     */
    @SuppressWarnings("unchecked")
    private static Map<Object, Object> valueArraysByKey(Map<?, ?> map) {
        Map<Object, Object> arrays = map instanceof SortedMap
            ? new TreeMap<>(((SortedMap<Object, ?>) map).comparator()) : new HashMap<>();
        map.forEach((key, value) -> {
            if (!isArray(key) && isArray(value)) {
                arrays.put(key, asCommitted(value));
            }
        });
        return arrays.isEmpty() ? null : arrays;
    }

    private static boolean hasArrayKey(Map<?, ?> map) {
        for (Object key : map.keySet()) {
            if (isArray(key)) {
                return true;
            }
        }
        return false;
    }

    static boolean isArray(Object value) {
        return value != null && value.getClass().isArray();
    }

    /** The array {@link #asCommitted} took {@code taken} of. */
    private static Object heldArray(Object taken) {
        return taken instanceof Rows ? ((Rows) taken).array : taken;
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
     * {@link #keep} (a set, or a map with array keys, keeps them as it is filled: see {@link ImagePlaces}). {@code
     * read} must not report the changes (it is being filled, or is a copy).
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
     * after {@code abort()}: a copy of the list, of the entries of the map whose values are arrays, or the arrays of a
     * set or a map with array keys at their positions ({@link ImagePlaces}); null if it holds none.
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
        if (collection instanceof Map && hasArrayKey((Map<?, ?>) collection)) {
            return ImagePlaces.of((Map<?, ?>) collection);
        }
        if (collection instanceof Map) {
            return valueArraysByKey((Map<?, ?>) collection);
        }
        if (collection instanceof Set) {
            return ImagePlaces.of((Set<?>) collection);
        }
        return null;
    }

    /**
     * {@link #committedPlaces} of {@code collection} if it holds an array of arrays holding arrays, whose rows a change
     * may replace without the collection's notice, or is a set holding arrays or a map with array keys, whose
     * positions only its image gives; else null, as the collection, unchanged, holds its arrays as committed.
     */
    static Object nestedPlaces(Object collection) {
        if (collection instanceof Set || collection instanceof Map && hasArrayKey((Map<?, ?>) collection)) {
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
        if (collection instanceof ImagePlaces) {
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
