package org.swizzle.internal;

import java.lang.reflect.Field;
import java.lang.reflect.GenericSignatureFormatError;
import java.lang.reflect.MalformedParameterizedTypeException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.util.Collection;
import java.util.List;
import java.util.Map;

import org.swizzle.IncompatibleSchemaException;
import org.swizzle.UnsupportedFieldTypeException;

/**
 * The types a collection field declares its elements as ({@code List<Part>}, {@code Map<String, Long>}), which a
 * collection read from the store for that field is read as: a value of a class the declaration does not admit (the
 * field made {@code List<Other>}, {@code List<Integer>} made {@code List<String>}) is refused, where it would have
 * failed with a {@code ClassCastException} where the application used it, far from the field, or a lookup would have
 * missed it; a box Java widens to the declared one ({@code Map<String, Integer>} made {@code Map<String, Long>}) is
 * converted, as a field's is. Arrays of persistent classes or interfaces are read as arrays of the declared class;
 * arrays of primitives and of values are checked, never converted. Other types (type variables, {@code Object},
 * {@code Number} and other JDK supertypes, nested collections) declare nothing, so reading their collections checks
 * nothing. A collection two fields hold is read as the first declares it, and checked against the other's
 * declaration when the other field meets it ({@link #requireShareable}).
 *
 * <p>A large {@code TreeMap} keeps its keys and values in turn in a list, which is read as declaring the two types,
 * key and value, in turn: a list declared with two types holds pairs ({@link #ofBacking}).
 */
final class DeclaredElements {

    private DeclaredElements() {
    }

    /**
     * For collection field {@code field}: its element type, or its key and value types, each null unless it is one
     * that is checked; null if it declares none of those.
     */
    static Class<?>[] of(Field field) {
        Class<?> raw = field.getType();
        if (!Collection.class.isAssignableFrom(raw) && !Map.class.isAssignableFrom(raw)) {
            return null;
        }
        Type generic;
        try {
            generic = field.getGenericType();
        } catch (TypeNotPresentException | MalformedParameterizedTypeException | GenericSignatureFormatError e) {
            return null; // a declaration that names a class no longer there: the elements are read as stored
        }
        if (!(generic instanceof ParameterizedType)) {
            return null;
        }
        Type[] arguments = ((ParameterizedType) generic).getActualTypeArguments();
        Class<?>[] checked = new Class<?>[arguments.length];
        boolean any = false;
        for (int i = 0; i < arguments.length; i++) {
            checked[i] = checkedType(arguments[i]);
            any |= checked[i] != null;
        }
        return any ? checked : null;
    }

    /**
     * What the collection a {@link ValueKind#isBacked} collection of {@code kind} keeps its elements in is read as, for
     * a collection read as {@code declared}: the same types, but for a large {@code TreeMap}'s list, whose keys and
     * values alternate: its key and value types (a {@code TreeSet}'s map declares its keys only).
     */
    static Class<?>[] ofBacking(ValueKind kind, Class<?>[] declared) {
        if (declared == null || kind != ValueKind.TREE_MAP_ENTRIES || declared.length == 2) {
            return declared;
        }
        return new Class<?>[] {declared[0], null};
    }

    /**
     * What a chunk of a large list read as {@code declared} is read as, given the index of its {@code first} element:
     * the list's types, but none for a chunk of a list of pairs that starts with a value, which only a store written
     * before chunks split at even indexes holds (see {@code ListPages}).
     */
    static Class<?>[] ofChunk(Class<?>[] declared, int first) {
        return declared != null && declared.length == 2 && (first & 1) != 0 ? null : declared;
    }

    /**
     * {@code value}, read as the {@code role} ("element", "key" or "value") at {@code index} of the collection
     * {@code field} holds, which {@code in} reads: as it is, if it is of the type {@code declared} gives there (or there
     * is none); converted, if it is a box Java widens to the declared one. A {@code key} (a
     * set's element, a map's key) is not widened in a {@code page} of a large collection, placed by the hashes of the
     * stored keys. No value is widened where the conversion rounds (int or long to float, long to double): the value read
     * would differ from the one committed, and two keys could merge.
     *
     * @throws IncompatibleSchemaException a value of a class the declaration does not admit, or a key that cannot be
     *                                     widened
     */
    static Object admit(Class<?>[] declared, int index, String role, Object value, String field, boolean key, boolean page,
                        ObjectReader in) {
        Class<?> expected = index < declared.length ? declared[index] : null;
        if (expected == null || value == null || expected.isInstance(value)) {
            return value;
        }
        Object widened = value instanceof Persistable ? null : Widening.widenBox(value, expected);
        if (widened == null) {
            throw refused(role, value, expected, field, "", in);
        }
        if (key && page) {
            throw refused(role, value, expected, field, " here: a large map or set is stored in pages placed by its keys'"
                + " hashes, so its keys keep the class they were stored with", in);
        }
        if (!Widening.isExact(value, widened)) {
            throw refused(role, value, expected, field, " here: " + value + " is not exactly a " + expected.getSimpleName()
                + (key ? ", and keys that round to one would be merged" : " (it would read " + widened + ", and a commit"
                + " would store that)"), in);
        }
        return widened;
    }

    /**
     * Refuses {@code shared}, read as field {@code firstField} declares it ({@code first}) and now met through field
     * {@code secondField}, if it holds a value {@code second} does not admit: the two declarations disagree (one of them
     * changed since the collection was stored, or it was shared through an unchecked cast), and code using the second
     * field would fail with a {@code ClassCastException}, or its lookups miss. Values are looked at only where the
     * second declaration is narrower than the first, or unrelated to it.
     */
    static void requireShareable(Object shared, Class<?>[] first, String firstField, Class<?>[] second, String secondField) {
        if (first == second || first == null || second == null) {
            return;
        }
        boolean keysAndValues = shared instanceof Map;
        for (int i = 0; i < second.length; i++) {
            Class<?> wanted = second[i];
            Class<?> had = i < first.length ? first[i] : null;
            if (wanted == null || had != null && wanted.isAssignableFrom(had)) {
                continue;
            }
            for (Object value : valuesAt(shared, i)) {
                if (value != null && !wanted.isInstance(value)) {
                    String role = role(i, keysAndValues);
                    throw new IncompatibleSchemaException("Field " + secondField + " holds the collection that field "
                        + firstField + " holds too, and declares its " + role + "s as " + wanted.getTypeName()
                        + ", which its " + value.getClass().getTypeName() + " is not (" + firstField + " declares "
                        + (had == null ? "no class the store checks" : had.getTypeName()) + "): the declaration of one of"
                        + " them changed since the collection was stored. Declare the two fields alike, or give one of"
                        + " them a collection of its own.");
                }
            }
        }
    }

    private static Iterable<?> valuesAt(Object collection, int index) {
        if (collection instanceof Map) {
            return index == 0 ? ((Map<?, ?>) collection).keySet() : ((Map<?, ?>) collection).values();
        }
        return index == 0 ? (Collection<?>) collection : List.of();
    }

    /**
     * Refuses {@code value}, the {@link #role} at {@code index} of the collection {@code out} writes, if {@code declared}
     * does not admit it: put there through a raw type or an unchecked cast, it would be committed, then refused by
     * {@link #admit} on every read of the collection.
     *
     * @throws UnsupportedFieldTypeException naming the field, the value's class and the declared one
     */
    static void requireAdmitted(Class<?>[] declared, int index, boolean keysAndValues, Object value, ObjectWriter out) {
        Class<?> expected = index < declared.length ? declared[index] : null;
        if (expected != null && value != null && !expected.isInstance(value)) {
            String role = role(index, keysAndValues);
            throw new UnsupportedFieldTypeException("Cannot store a " + value.getClass().getName() + " as "
                + (keysAndValues ? "a " : "an ") + role + " of the collection in field " + out.fieldDescription()
                + ", whose declared " + role + " type is " + expected.getName() + ": it got there through a raw type or an"
                + " unchecked cast, and would be refused when the collection is read. Take it out, or declare the field"
                + " with a type that admits it; the commit wrote nothing.");
        }
    }

    /**
     * What the value at {@code index} of a declaration is called in messages: a key or a value of a map, or of a list
     * of keys and values in turn ({@code keysAndValues}), else an element.
     */
    static String role(int index, boolean keysAndValues) {
        return keysAndValues ? (index == 1 ? "value" : "key") : "element";
    }

    private static IncompatibleSchemaException refused(String role, Object value, Class<?> expected, String field, String why,
                                                       ObjectReader in) {
        return new IncompatibleSchemaException("Field " + field + " holds a collection stored with " + role + " "
            + value.getClass().getTypeName() + ", which its declared " + role + " type " + expected.getTypeName() + " does not"
            + " admit" + why + ": the field's type, or the class of what it holds, changed since it was stored. Change the"
            + " field's type back to one its stored " + role + "s are, or give the field a new name (the old values are"
            + " then dropped). " + metReading(in));
    }

    /** Where a refusal was met, for its message: the collection (or object) {@code in} was reading, and its store. */
    private static String metReading(ObjectReader in) {
        return "(Met reading " + in.describe() + ".)";
    }

    /**
     * The array class {@code declared} gives at {@code index}, of which an array read there is made (see
     * {@link ObjectReader#readNextArrayAs}); null if it gives none.
     */
    static Class<?> arrayType(Class<?>[] declared, int index) {
        Class<?> type = declared != null && index < declared.length ? declared[index] : null;
        return type != null && type.isArray() ? type : null;
    }

    /**
     * The refusal of an array read by {@code in} as the {@code role} of collection {@code field}, whose element {@code e}
     * names.
     */
    static IncompatibleSchemaException arrayRefused(Class<?> declared, String role, ArrayStoreException e, String field,
                                                    ObjectReader in) {
        return new IncompatibleSchemaException("Field " + field + " holds a collection stored with an " + role + " that is"
            + " an array holding a " + ReadPlan.storedElementName(e) + ", which its declared " + role + " type " + declared.getTypeName()
            + " does not admit. Change the field's type back to one its stored " + role + "s are, or give the field a new"
            + " name (the old values are then dropped). " + metReading(in));
    }

    /**
     * The class {@code argument} names when it is checked: a persistent class, an application interface, a stored
     * value class (a box, {@code String}, an enum, {@code java.time}, {@code BigInteger}, {@code BigDecimal},
     * {@code UUID}), or an array of any of those or of a primitive type; else null.
     */
    private static Class<?> checkedType(Type argument) {
        Type type = argument instanceof WildcardType ? ((WildcardType) argument).getUpperBounds()[0] : argument;
        if (!(type instanceof Class)) {
            return null; // a type variable, or a parameterized type such as List<Part>: read as stored
        }
        Class<?> declared = (Class<?>) type;
        if (declared.isArray()) { // read as an array of this class (Named[] from Part[]), as an array field is
            Class<?> component = declared;
            while (component.isArray()) {
                component = component.getComponentType();
            }
            return component.isPrimitive() || isStoredValue(component) || isPersistentOrApplicationInterface(component)
                ? declared : null;
        }
        return isPersistentOrApplicationInterface(declared) || isStoredValue(declared) ? declared : null;
    }

    /** Whether {@code type} is a class whose instances are stored as immutable values. */
    private static boolean isStoredValue(Class<?> type) {
        ValueKind kind = ValueKind.ofType(type.getName().replace('.', '/'));
        return type.isEnum() || kind != null && !kind.isMutable();
    }

    private static boolean isPersistentOrApplicationInterface(Class<?> type) {
        boolean persistent = Persistable.class.isAssignableFrom(type) || type.isAnnotationPresent(org.swizzle.Persistent.class);
        return persistent || type.isInterface() && !type.getName().startsWith("java.");
    }
}
