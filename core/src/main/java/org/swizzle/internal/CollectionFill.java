package org.swizzle.internal;

import java.util.Collection;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

import org.swizzle.IncompatibleSchemaException;
import org.swizzle.internal.tracked.Backed;
import org.swizzle.internal.tracked.Tracked;

/**
 * Reads the elements (or entries) of one stored collection into the collection {@link ContainerCodec#newCollection}
 * made, a step at a time: it stops at an element that must be read before it goes in (a collection that must hold its own
 * elements, a hollow persistent key whose hash reads its state) and goes on from there once the reader has read it. A
 * set's element and a map's key are hashed or compared as they go in, and so is everything in them; filling such a
 * collection by recursion ran out of stack for keys nested a few thousand deep, or linked a few hundred deep through
 * their sets, which a commit had stored and no read could get back.
 */
final class CollectionFill {

    /** For {@link #next}: no element waits for a collection to be filled first (the nested ones are read at once). */
    static final UnaryOperator<Object> NOTHING_WAITS = value -> null;

    private final Object collection;
    private final ValueKind kind;
    private final int size;
    private final ObjectReader in;
    /** What the field that holds the collection declares its elements (keys, values) as, or null: see {@link DeclaredElements}. */
    private final Class<?>[] declared;
    private final String field;
    /** Whether the collection is a page of a paged one, whose keys are placed by the hashes they were stored with. */
    private final boolean page;
    private int read;
    private boolean started;
    /** For a map: the key of the entry being read, once it is in ({@link #hasKey}). */
    private Object key;
    private boolean hasKey;
    /** A value read and waiting for the collection it is to be filled before it goes in. */
    private Object held;
    private boolean holding;
    /** The arrays a set or a map with array keys read again after {@code abort()} keeps, or null. */
    private KeptArrays.ImagePlaces keep;
    /** Where the set or map filled holds arrays, or null. */
    private KeptArrays.ImagePlaces places;

    /** The fill of {@code size} elements of {@code kind} from {@code in}, positioned after the count, into {@code collection}. */
    CollectionFill(Object collection, ValueKind kind, int size, ObjectReader in) {
        this(collection, kind, size, in, null, null, false);
    }

    /**
     * As {@link #CollectionFill(Object, ValueKind, int, ObjectReader)}, for the collection {@code field} holds (or a
     * {@code page} of it), which declares its elements (or keys and values) as {@code declared}: an element of another
     * class is refused, a box Java widens to the declared one converted (see {@link DeclaredElements}).
     */
    CollectionFill(Object collection, ValueKind kind, int size, ObjectReader in, Class<?>[] declared, String field, boolean page) {
        this.collection = collection;
        this.kind = kind;
        this.size = size;
        this.in = in;
        this.declared = declared;
        this.field = field;
        this.page = page;
    }

    /**
     * Reads on until the last element is in, and returns null, or until an element that goes where it is hashed or
     * compared (a set's element or a map's key, or anything in a collection read for one) needs a collection filled
     * first, which {@code toFillFirst} returns for it (null when it can go in; it may read the element meanwhile), and
     * returns that collection: the caller fills it, then calls this again.
     */
    Object next(UnaryOperator<Object> toFillFirst) {
        if (!started) {
            in.enter(false);
            started = true;
        }
        if (holding) {
            Object first = toFillFirst.apply(held);
            if (first != null) {
                return first;
            }
            holding = false;
            Object value = held;
            held = null;
            put(value);
        }
        while (read < size) {
            boolean keyPosition = isKeyPosition();
            boolean map = !kind.isBacked() && kind.unit() != 1;
            boolean pairs = !map && declared != null && declared.length == 2; // a large TreeMap's keys and values
            int index = map ? (hasKey ? 1 : 0) : pairs ? read & 1 : 0;
            Object value = declared == null ? in.readValue() : readDeclared(index, map || pairs);
            if (declared != null && !kind.isBacked()) { // its one value is the collection of its elements
                String role = DeclaredElements.role(index, map || pairs);
                value = pairs ? DeclaredElements.admit(declared, index, role, value, field, index == 0, false, in)
                    : DeclaredElements.admit(declared, index, role, value, field, keyPosition, page, in);
            }
            Object first = (keyPosition || in.isReadForKey()) && mustBeReadFirst(value) ? toFillFirst.apply(value) : null;
            if (first != null) {
                held = value;
                holding = true;
                return first;
            }
            put(value);
        }
        in.exit();
        return null;
    }

    /**
     * Whether {@code value}, going where it is hashed or compared, may need reading first: a collection or array, which
     * may wait to be filled, or a persistent object whose hash or order reads its state, which may be hollow.
     */
    private boolean mustBeReadFirst(Object value) {
        return value instanceof Persistable ? MisplacedKeys.readsState(collection, value) : NestedContainers.isContainer(value);
    }

    /**
     * Has the set or map filled keep, in place of the array it reads at a position, the array {@code kept} took
     * there, with the elements read ({@link KeptArrays#keep}).
     */
    void keepArrays(KeptArrays.ImagePlaces kept) {
        keep = kept;
    }

    /**
     * Where the set, or the map with array keys, filled holds arrays, in its image's order, or null: see {@link
     * KeptArrays.ImagePlaces}.
     */
    KeptArrays.ImagePlaces imagePlaces() {
        return places == null || collection instanceof Set ? places : places.withValuesByKey((Map<?, ?>) collection);
    }

    /** Whether the value this fill stopped at is a persistent object, whose collections are filled before it goes in. */
    boolean waitsForObject() {
        return holding && held instanceof Persistable;
    }

    /** The next value, an array made of the class {@link #declared} gives for it if it is an array and gives one. */
    private Object readDeclared(int index, boolean map) {
        Class<?> arrayType = DeclaredElements.arrayType(declared, index);
        if (arrayType == null) {
            return in.readValue();
        }
        in.readNextArrayAdmittedBy(arrayType);
        try {
            return in.readValue();
        } catch (ArrayStoreException e) {
            throw DeclaredElements.arrayRefused(arrayType, DeclaredElements.role(index, map), e, field, in);
        } finally {
            in.takeNextArrayType(); // a value that is no array reads none
        }
    }

    /** Whether the next value is hashed or compared where it goes: a set's element, a map's key. */
    private boolean isKeyPosition() {
        if (kind.isBacked()) {
            return false; // the collection of its elements
        }
        return kind.unit() == 1 ? collection instanceof Set : !hasKey;
    }

    @SuppressWarnings("unchecked")
    private void put(Object value) {
        if (kind.isBacked()) {
            if (!((Backed) collection).backWith(value)) {
                throw in.corrupt(kind.backedName() + " refers to " + described(value) + " where the "
                    + kind.backingClass().getSimpleName() + " of its " + (kind == ValueKind.TREE_MAP_ENTRIES
                    ? "keys and values, in turn," : "elements") + " should be");
            }
            read++;
        } else if (kind.unit() == 1) {
            if (collection instanceof Set && KeptArrays.isArray(value)) {
                value = keep != null ? KeptArrays.keep(keep.at(read), value) : value;
                places = KeptArrays.ImagePlaces.add(places, read, value);
            }
            boolean added;
            try {
                added = ((Collection<Object>) collection).add(value);
            } catch (RuntimeException e) {
                throw in.applicationThrew(e);
            }
            if (added) {
                noteKey(value);
            } else if (!in.keptAside(collection, value, null, read)) {
                throw keysNowEqual(collection, value, fieldName(), false);
            }
            read++;
        } else if (!hasKey) {
            key = keep != null ? KeptArrays.keep(keep.at(2 * read), value) : value;
            hasKey = true;
        } else {
            value = keep != null ? KeptArrays.keep(keep.valueOf(read, key), value) : value;
            places = KeptArrays.ImagePlaces.addEntry(places, read, key, value);
            Map<Object, Object> map = (Map<Object, Object>) collection;
            int before = map.size();
            Object replaced = putEntry(map, key, value);
            if (map.size() != before) {
                noteKey(key);
            } else if (in.keptAside(collection, key, value, read)) {
                putEntry(map, key, replaced); // the equal key's own value back
            } else {
                throw keysNowEqual(collection, key, fieldName(), false);
            }
            key = null;
            hasKey = false;
            read++;
        }
    }

    /** The field that holds the collection, for messages. */
    private String fieldName() {
        return field != null ? field : in.fieldDescription();
    }

    /** Puts {@code key} and {@code value} into {@code map}, returning the value it replaced; what the application throws passes on. */
    private Object putEntry(Map<Object, Object> map, Object key, Object value) {
        try {
            return map.put(key, value);
        } catch (RuntimeException e) {
            throw in.applicationThrew(e);
        }
    }

    /**
     * Refuses {@code collection}, a set or map that {@code field} holds and that holds {@code key} twice now: two stored
     * elements or keys that were distinct when committed are equal today, and reading on would drop one of them (and,
     * for a map, its value) without a word. {@code onceWhole}: found once a read that reached it through other objects
     * was whole, which the refusal interrupts, though the objects it was for are read.
     */
    static IncompatibleSchemaException keysNowEqual(Object collection, Object key, String field, boolean onceWhole) {
        String role = collection instanceof Map ? "keys" : "elements";
        String keyClass = key == null ? "null" : key.getClass().getName();
        return new IncompatibleSchemaException("Field " + field + " holds a "
            + collection.getClass().getSuperclass().getName() + " two of whose stored " + role + " (of " + keyClass
            + ") are now equal, so reading it would drop one" + (collection instanceof Map ? " and its value" : "")
            + ". Either " + keyClass + "'s equals, hashCode or compareTo changed since they were stored: put the"
            + " former ones back, copy the " + role + " out and store them again under the new ones; or "
            + (collection instanceof Map ? "a key" : "an element") + " was changed while in the collection, which Java"
            + " leaves undefined: give " + keyClass + ", for as long as it takes, an equals and hashCode (and compareTo)"
            + " that tell the two apart (Object's own, by identity, where their fields are equal), read the collection"
            + " and set the " + role + " right. Until then the object that holds the collection cannot be read"
            + (onceWhole ? " (this refusal comes from the read that reached it through other objects, found once that read"
                + " was whole: the objects it was for are read and in use; the one that holds " + field + " is not, and"
                + " each use of it is refused so)." : "."));
    }

    /** {@code value} in a message: null, or its class (a tracked collection's JDK class) and a collection's size. */
    private static String described(Object value) {
        if (value == null) {
            return "null";
        }
        if (!(value instanceof Tracked)) {
            return "a " + value.getClass().getName();
        }
        int size = value instanceof Map ? ((Map<?, ?>) value).size() : ((Collection<?>) value).size();
        return "a " + value.getClass().getSuperclass().getName() + " of " + size;
    }

    /** Tells the reader of a persistent object or a collection hashed or compared as {@code value} went in. */
    private void noteKey(Object value) {
        if ((value instanceof Persistable || value instanceof Collection || value instanceof Map)
            && (collection instanceof Set || collection instanceof Map)) {
            in.keyPut(collection, value);
        }
    }
}
