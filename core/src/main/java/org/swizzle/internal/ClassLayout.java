package org.swizzle.internal;

import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.InaccessibleObjectException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.TypeVariable;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.swizzle.NotEnhancedException;
import org.swizzle.Persistent;
import org.swizzle.PreviousNames;
import org.swizzle.StoreException;
import org.swizzle.UnsupportedFieldTypeException;

/**
 * The stored shape of one enhanced class, worked out once per class: its stored fields in storage
 * order (fixed-size fields first, so that an update of a primitive changes bytes at a fixed offset)
 * and a prototype to make hollow instances from. Reflection is used here, once, never on the hot path.
 */
public final class ClassLayout {

    private static final ClassValue<ClassLayout> LAYOUTS = new ClassValue<>() {
        @Override
        protected ClassLayout computeValue(Class<?> type) {
            return new ClassLayout(type);
        }
    };

    private final Class<?> type;
    private final Shape shape;
    /** Hierarchy-global field index of each stored field, in storage order. */
    private final int[] fieldIndexes;
    /** The position in storage order of each stored field, by hierarchy-global index: {@link #fieldIndexes} inverted. */
    private final int[] positionsByIndex;
    /** {@code Owner.field} of each stored field, in storage order. */
    private final String[] fieldDescriptions;
    /** The {@link PreviousNames} of each stored field, in storage order. */
    private final String[][] previousNames;
    private final Persistable prototype;
    /** This class's ids in the catalog of the store that wrote one of its objects last. */
    private volatile CatalogIds catalogIds;
    /** The stored fields of the hierarchy that hold arrays, for {@link #arrays} and {@link #keepArrays}. */
    private final Field[] arrayFields;
    /** Whether {@link #arrayFields} were made accessible (once; {@link #arrays} throws where they cannot be). */
    private volatile boolean arrayFieldsAccessible;
    /** The stored fields of the hierarchy that hold collections or maps, for {@link #collections}. */
    private final Field[] collectionFields;
    /** Whether {@link #collectionFields} were made accessible, as {@link #arrayFieldsAccessible} says of the arrays'. */
    private volatile boolean collectionFieldsAccessible;
    /** The declared type of each stored field, by position in {@link #shape}. */
    private final Class<?>[] fieldTypes;
    /** By name, the collection fields whose declarations give their elements (or keys and values) persistent types. */
    private final Map<String, Class<?>[]> declaredElements = new HashMap<>();
    /** The same by position in {@link #shape}: null for a field that declares none. */
    private final Class<?>[][] declaredElementsByPosition;

    /**
     * A class's id and current shape number (-1 until known) in one store's catalog, cached so that a commit
     * looks them up once per class rather than once per object and reference.
     */
    record CatalogIds(int catalog, int classId, int shape) {
    }

    private ClassLayout(Class<?> type) {
        this.type = type;
        List<Class<?>> hierarchy = hierarchy(type);
        List<Shape.Field> fixed = new ArrayList<>();
        List<Shape.Field> variable = new ArrayList<>();
        List<Integer> fixedIndexes = new ArrayList<>();
        List<Integer> variableIndexes = new ArrayList<>();
        List<String[]> fixedPrevious = new ArrayList<>();
        List<String[]> variablePrevious = new ArrayList<>();
        List<Class<?>> fixedTypes = new ArrayList<>();
        List<Class<?>> variableTypes = new ArrayList<>();
        List<Class<?>[]> fixedElements = new ArrayList<>();
        List<Class<?>[]> variableElements = new ArrayList<>();
        int index = 0;
        List<Field> arrays = new ArrayList<>();
        List<Field> collections = new ArrayList<>();
        for (Class<?> level : hierarchy) {
            Enhancement.requireOpen(level);
            Enhancement.checkOptions(level);
            for (String name : declaredFieldNames(level)) {
                Field declared = declaredField(level, name);
                Shape.Field field = describe(level, declared);
                if (declared.getType().isArray()) {
                    arrays.add(declared);
                } else if (Collection.class.isAssignableFrom(declared.getType())
                    || Map.class.isAssignableFrom(declared.getType())) {
                    collections.add(declared);
                }
                Class<?>[] elements = DeclaredElements.of(declared);
                if (elements != null) {
                    declaredElements.put(name, elements);
                }
                PreviousNames previous = declared.getAnnotation(PreviousNames.class);
                String[] previousNames = previous == null ? new String[0] : previous.value();
                if (field.kind().isFixedSize()) {
                    fixed.add(field);
                    fixedIndexes.add(index);
                    fixedPrevious.add(previousNames);
                    fixedTypes.add(declared.getType());
                    fixedElements.add(elements);
                } else {
                    variable.add(field);
                    variableIndexes.add(index);
                    variablePrevious.add(previousNames);
                    variableTypes.add(declared.getType());
                    variableElements.add(elements);
                }
                index++;
            }
        }
        this.arrayFields = arrays.toArray(new Field[0]);
        this.collectionFields = collections.toArray(new Field[0]);
        List<Shape.Field> all = new ArrayList<>(fixed);
        all.addAll(variable);
        this.shape = new Shape(all);
        fixedPrevious.addAll(variablePrevious);
        this.previousNames = fixedPrevious.toArray(new String[0][]);
        fixedTypes.addAll(variableTypes);
        this.fieldTypes = fixedTypes.toArray(new Class<?>[0]);
        fixedElements.addAll(variableElements);
        this.declaredElementsByPosition = fixedElements.toArray(new Class<?>[0][]);
        this.fieldIndexes = new int[all.size()];
        int i = 0;
        for (int fieldIndex : fixedIndexes) {
            fieldIndexes[i++] = fieldIndex;
        }
        for (int fieldIndex : variableIndexes) {
            fieldIndexes[i++] = fieldIndex;
        }
        this.positionsByIndex = new int[fieldIndexes.length];
        for (int position = 0; position < fieldIndexes.length; position++) {
            positionsByIndex[fieldIndexes[position]] = position;
        }
        this.fieldDescriptions = new String[all.size()];
        for (int position = 0; position < all.size(); position++) {
            fieldDescriptions[position] = type.getName() + "." + all.get(position).name();
        }
        this.prototype = java.lang.reflect.Modifier.isAbstract(type.getModifiers()) ? null : newPrototype(type);
    }

    /** The layout of an enhanced class; a {@link NotEnhancedException} or the agent's refusal otherwise. */
    public static ClassLayout of(Class<?> type) {
        return LAYOUTS.get(type);
    }

    /** Throws the right exception unless {@code type} was enhanced by the agent. */
    public static void requireEnhanced(Class<?> type) {
        // first: a refused subclass of an enhanced class is Persistable through its superclass
        StoreException refusal = Enhancement.refusalException(type.getName());
        if (refusal != null) {
            throw refusal;
        }
        if (Persistable.class.isAssignableFrom(type)) {
            return;
        }
        if (type.isAnnotationPresent(Persistent.class)) {
            throw NotEnhancedException.of(type, Enhancement.isAgentInstalled());
        }
        boolean annotatable = !type.isArray() && !type.isEnum() && !StoredTypes.isPlatform(type);
        throw new org.swizzle.NotPersistentException("Class " + type.getName()
            + " is not @Persistent, so its instances cannot be stored as objects of their own (roots and index entries)."
            + (annotatable ? " Annotate it with @org.swizzle.Persistent."
                : isStoredValue(type) ? " It is a value: hold it in a field of a @Persistent class, and store an object of that class."
                : " Nor is it a value Swizzle stores (README lists them): hold what it holds in fields of a @Persistent class"
                    + " of your own."));
    }

    /** Whether a field of a persistent class may hold a {@code type}: a value the store writes with its holder. */
    private static boolean isStoredValue(Class<?> type) {
        return StoredTypes.classify(type.descriptorString(), new LoadedTypeFacts(type.getClassLoader())) != null;
    }

    public Class<?> type() {
        return type;
    }

    public Shape shape() {
        return shape;
    }

    /** Hierarchy-global index (as the generated {@code $swz_write}/{@code $swz_read} take it) of stored field {@code i}. */
    public int fieldIndex(int i) {
        return fieldIndexes[i];
    }

    CatalogIds catalogIds() {
        return catalogIds;
    }

    void catalogIds(CatalogIds ids) {
        catalogIds = ids;
    }

    /** The name of the stored field with hierarchy-global index {@code index}. */
    public String fieldName(int index) {
        return field(index).name();
    }

    /** The declared type of the stored field at {@code position} in {@link #shape()}. */
    Class<?> fieldType(int position) {
        return fieldTypes[position];
    }

    /** The stored field with hierarchy-global index {@code index}. */
    Shape.Field field(int index) {
        return shape.field(positionOfIndex(index));
    }

    /**
     * {@code Owner.field} of the stored field with hierarchy-global index {@code index}, made once: the origin of
     * every collection stored from that field.
     */
    String fieldDescription(int index) {
        return fieldDescriptions[positionOfIndex(index)];
    }

    private int positionOfIndex(int index) {
        if (index < 0 || index >= positionsByIndex.length) {
            throw new IllegalArgumentException("no stored field " + index + " in " + type.getName());
        }
        return positionsByIndex[index];
    }

    /**
     * The position in {@link #shape()} of the field that holds what was stored as field {@code storedName}:
     * the field of that name, else the one that names it in its {@link PreviousNames}; -1 if none does.
     */
    public int positionOf(String storedName) {
        int position = shape.indexOf(storedName);
        if (position >= 0) {
            return position;
        }
        for (int i = 0; i < previousNames.length; i++) {
            for (String previous : previousNames[i]) {
                if (previous.equals(storedName)) {
                    return i;
                }
            }
        }
        return -1;
    }

    /** Whether the class is abstract: it has no instances of its own, hollow or not. */
    boolean isAbstract() {
        return prototype == null;
    }

    /** A new hollow instance; for abstract classes an error, as no stored object can have one. */
    public Persistable newHollow() {
        if (prototype == null) {
            throw new IllegalStateException("Abstract class " + type.getName() + " has no instances");
        }
        return prototype.$swz_newHollow();
    }

    private static List<Class<?>> hierarchy(Class<?> type) {
        requireEnhanced(type);
        Deque<Class<?>> levels = new ArrayDeque<>();
        for (Class<?> level = type; level != Object.class; level = level.getSuperclass()) {
            levels.addFirst(level);
        }
        return new ArrayList<>(levels);
    }

    private static String[] declaredFieldNames(Class<?> level) {
        try {
            Method fields = level.getDeclaredMethod("$swz_fields");
            fields.setAccessible(true);
            return (String[]) fields.invoke(null);
        } catch (NoSuchMethodException e) {
            throw NotEnhancedException.of(level, Enhancement.isAgentInstalled());
        } catch (IllegalAccessException | InaccessibleObjectException e) {
            throw Enhancement.unreachable(level, "read the stored fields", e);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException("Cannot read the stored fields of " + level.getName(), e);
        }
    }

    /** Whether the class has stored array fields. */
    boolean holdsArrays() {
        return arrayFields.length > 0;
    }

    /**
     * The arrays the array fields of {@code object} hold, for {@link #keepArrays}. Never quietly nothing: without them
     * {@code abort()} would give the object new arrays, and a change to one the application held would be lost.
     */
    Object[] arrays(Object object) {
        if (!arrayFieldsAccessible) {
            makeAccessible(arrayFields, "read the array fields");
            arrayFieldsAccessible = true;
        }
        return values(arrayFields, object, "read the array fields");
    }

    /** Whether the class has stored collection (or map) fields. */
    boolean holdsCollections() {
        return collectionFields.length > 0;
    }

    /** The collections (and maps) the collection fields of {@code object} hold, null where a field holds none. */
    Object[] collections(Object object) {
        if (!collectionFieldsAccessible) {
            makeAccessible(collectionFields, "read the collection fields");
            collectionFieldsAccessible = true;
        }
        return values(collectionFields, object, "read the collection fields");
    }

    private void makeAccessible(Field[] fields, String what) {
        try {
            for (Field field : fields) {
                field.setAccessible(true);
            }
        } catch (RuntimeException e) {
            throw Enhancement.unreachable(type, what, e);
        }
    }

    private Object[] values(Field[] fields, Object object, String what) {
        try {
            Object[] values = new Object[fields.length];
            for (int i = 0; i < fields.length; i++) {
                values[i] = fields[i].get(object);
            }
            return values;
        } catch (IllegalAccessException | RuntimeException e) {
            throw Enhancement.unreachable(type, what, e);
        }
    }

    /**
     * Puts the arrays {@code kept} (from {@link #arrays}) back into {@code object}, just filled from its committed
     * bytes, each with the elements the fill read into its field, where the array read is of the same class and
     * length; elsewhere the array read stays.
     */
    void keepArrays(Object[] kept, Object object) {
        try {
            for (int i = 0; i < arrayFields.length; i++) {
                Object read = arrayFields[i].get(object);
                Object keptOrRead = KeptArrays.keep(kept[i], read);
                if (keptOrRead != read) {
                    arrayFields[i].set(object, keptOrRead);
                }
            }
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("The array fields of " + type.getName() + " were read and cannot be written back", e);
        }
    }

    /**
     * The types collection field {@code fieldName} declares its elements as (a map's keys and values), each a
     * persistent class or an application interface, or null where it declares another; null if it declares none.
     */
    Class<?>[] declaredElements(String fieldName) {
        return declaredElements.get(fieldName);
    }

    /** What the stored field with hierarchy-global index {@code index} declares, as {@link #declaredElements(String)}. */
    Class<?>[] declaredElements(int index) {
        return declaredElementsByPosition[positionOfIndex(index)];
    }

    private static Field declaredField(Class<?> level, String name) {
        try {
            return level.getDeclaredField(name);
        } catch (NoSuchFieldException e) {
            throw new IllegalStateException("Enhanced class " + level.getName() + " lists missing field " + name, e);
        }
    }

    /** Whether the JVM made {@code type} (a lambda's class, a hidden or synthetic one): no annotation makes it persistent. */
    static boolean isGenerated(Class<?> type) {
        return type.isHidden() || type.isSynthetic();
    }

    /** The advice of a refusal of an object of a class the JVM made ({@link #isGenerated}), to {@code store} it. */
    static String generatedClassAdvice(String store) {
        return "It is a lambda or another class the JVM made, which cannot be stored: " + store + " an object of a"
            + " @Persistent class that holds what it needs";
    }

    /**
     * The advice of a refusal of an object of anonymous {@code type}, not persistent, to {@code store} it: no
     * annotation can be put on an anonymous class.
     */
    static String anonymousClassAdvice(Class<?> type, String store) {
        return type.getName() + " is an anonymous class, which cannot be annotated: " + store + " an object of a named"
            + " @Persistent class instead";
    }

    /** Whether field {@code field} of {@code level} is of a type that can be stored (the agent refuses its class if not). */
    static boolean isStorable(Class<?> level, Field field) {
        return kind(level, field) != null;
    }

    private static FieldKind kind(Class<?> level, Field field) {
        return StoredTypes.classify(field.getType().descriptorString(), new LoadedTypeFacts(level.getClassLoader()));
    }

    /** The type variable {@code type} is ({@code T}), or an array of ({@code T[]}); null for any other type. */
    private static String typeVariable(java.lang.reflect.Type type) {
        if (type instanceof GenericArrayType array) {
            String component = typeVariable(array.getGenericComponentType());
            return component == null ? null : component + "[]";
        }
        return type instanceof TypeVariable<?> variable ? variable.getName() : null;
    }

    private static Shape.Field describe(Class<?> level, Field field) {
        String name = field.getName();
        String descriptor = field.getType().descriptorString();
        FieldKind kind = kind(level, field);
        if (kind == null) {
            String erased = field.getType().getTypeName();
            Class<?> element = field.getType();
            while (element.isArray()) {
                element = element.getComponentType();
            }
            throw new UnsupportedFieldTypeException(StoredTypes.refusal(level.getName(), name,
                StoredTypes.declaredTypeName(typeVariable(field.getGenericType()), erased), erased, element.isRecord()));
        }
        return new Shape.Field(name, descriptor, kind);
    }

    private static Persistable newPrototype(Class<?> type) {
        try {
            Constructor<?> hollow = type.getDeclaredConstructor(Hollow.class);
            hollow.setAccessible(true);
            return (Persistable) hollow.newInstance((Object) null);
        } catch (ReflectiveOperationException | InaccessibleObjectException e) {
            throw Enhancement.unreachable(type, "make a hollow instance", e);
        }
    }

    /** {@link StoredTypes.TypeFacts} over loaded classes. */
    private static final class LoadedTypeFacts implements StoredTypes.TypeFacts {
        private final ClassLoader loader;

        LoadedTypeFacts(ClassLoader loader) {
            this.loader = loader;
        }

        @Override
        public boolean isPersistent(String internalName) {
            Class<?> type = load(internalName);
            return type != null && type.isAnnotationPresent(Persistent.class);
        }

        @Override
        public boolean isEnum(String internalName) {
            Class<?> type = load(internalName);
            return type != null && type.isEnum();
        }

        @Override
        public boolean isInterface(String internalName) {
            Class<?> type = load(internalName);
            return type != null && type.isInterface();
        }

        private Class<?> load(String internalName) {
            try {
                return Class.forName(internalName.replace('/', '.'), false, loader);
            } catch (ClassNotFoundException e) {
                return null;
            }
        }
    }
}
