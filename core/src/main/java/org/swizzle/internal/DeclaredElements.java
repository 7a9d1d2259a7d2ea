package org.swizzle.internal;

import java.lang.reflect.Field;
import java.lang.reflect.GenericSignatureFormatError;
import java.lang.reflect.MalformedParameterizedTypeException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.util.Collection;
import java.util.Map;

import org.swizzle.IncompatibleSchemaException;

/**
 * The persistent types a collection field declares its elements as ({@code List<Part>}, {@code Map<String, Part>}),
 * which a collection read from the store for that field must hold: a class changed since the collection was stored
 * (the field made {@code List<Other>}) would otherwise hand out objects that fail with a {@code ClassCastException}
 * where the application uses them. Only persistent classes and application interfaces are checked, and arrays of them,
 * which are read as arrays of the declared class: boxes, strings and collections are read as what they were stored as.
 */
final class DeclaredElements {

    private DeclaredElements() {
    }

    /**
     * For collection field {@code field}: its element type, or its key and value types, each null unless it is a
     * persistent class or an application interface; null if it declares none of those.
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
     * Refuses {@code value}, read as the {@code role} ("element", "key" or "value") of the collection {@code field} holds,
     * if it is not of the type {@code declared} gives at {@code index}.
     *
     * @throws IncompatibleSchemaException it is not
     */
    static void require(Class<?>[] declared, int index, String role, Object value, String field) {
        Class<?> expected = index < declared.length ? declared[index] : null;
        if (expected != null && !expected.isInstance(value)) {
            throw new IncompatibleSchemaException("Field " + field + " holds a collection stored with " + role + " "
                + value.getClass().getName() + ", which its declared " + role + " type " + expected.getName() + " does not"
                + " admit: the field's type, or the class of what it holds, changed since it was stored. Change the field's"
                + " type back to one its stored " + role + "s are, or give the field a new name (the old values are then"
                + " dropped).");
        }
    }

    /**
     * The array class {@code declared} gives at {@code index}, of which an array read there is made (see
     * {@link ObjectReader#readNextArrayAs}); null if it gives none.
     */
    static Class<?> arrayType(Class<?>[] declared, int index) {
        Class<?> type = declared != null && index < declared.length ? declared[index] : null;
        return type != null && type.isArray() ? type : null;
    }

    /** The refusal of an array read as the {@code role} of collection {@code field}, whose element {@code e} names. */
    static IncompatibleSchemaException arrayRefused(Class<?> declared, String role, ArrayStoreException e, String field) {
        return new IncompatibleSchemaException("Field " + field + " holds a collection stored with an " + role + " that is"
            + " an array holding a " + ReadPlan.storedElementName(e) + ", which its declared " + role + " type " + declared.getTypeName()
            + " does not admit. Change the field's type back to one its stored " + role + "s are, or give the field a new"
            + " name (the old values are then dropped).");
    }

    /** The class {@code argument} names when it is a persistent class or an application interface (or an array of one), else null. */
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
            return checkedType(component) != null ? declared : null;
        }
        boolean persistent = Persistable.class.isAssignableFrom(declared) || declared.isAnnotationPresent(org.swizzle.Persistent.class);
        boolean applicationInterface = declared.isInterface() && !declared.getName().startsWith("java.");
        return persistent || applicationInterface ? declared : null;
    }
}
