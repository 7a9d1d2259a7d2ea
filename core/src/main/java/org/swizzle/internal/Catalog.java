package org.swizzle.internal;

import java.lang.System.Logger.Level;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

import org.swizzle.store.LittleEndianBuffer;
import org.swizzle.IncompatibleSchemaException;
import org.swizzle.Persistent;
import org.swizzle.StoreCorruptedException;
import org.swizzle.StoreException;

/**
 * The class registry of one store, itself a stored object: class names with their ids (used in
 * typed references, enum values and array component types) and, for persistent classes, every
 * shape their objects were written under. An object's image starts with the number of its shape,
 * so objects of an older shape still load (see {@link ReadPlan}). A stored class name is resolved to
 * the class of that name, else to the class that names it in its {@link org.swizzle.PreviousNames},
 * else, if the application asked for it ({@code StoreOptions.dropMissingClasses}), to nothing: its
 * objects are dropped and references to them read as {@code null}. Classes are loaded without being
 * initialized.
 *
 * <pre>
 *  int format | int classCount | per class: int id, string name, int shapeCount,
 *                                  per shape: int fieldCount, per field: string name, string descriptor, byte kind
 *  (strings: int length + UTF-8 bytes)
 * </pre>
 */
final class Catalog {

    private static final int FORMAT = 1;
    private static final System.Logger LOG = System.getLogger("org.swizzle");

    /** One class known to the store. */
    private static final class Entry {
        final int id;
        final String name;
        final List<Shape> shapes = new ArrayList<>();
        Class<?> type;
        /** Shape number of the running class's layout, -1 until a commit writes one of its objects. */
        int currentShape = -1;
        final List<ReadPlan> plans = new ArrayList<>();
        /** The stored fields reported as dropped, so that each is reported once. */
        final Set<String> reportedDropped = new HashSet<>();
        /** The class is missing and its objects are dropped. */
        boolean dropped;

        Entry(int id, String name) {
            this.id = id;
            this.name = name;
        }
    }

    private static final AtomicInteger SERIALS = new AtomicInteger();

    /** Tells this catalog's ids cached in a {@link ClassLayout} from another store's. */
    private final int serial = SERIALS.incrementAndGet();
    private final List<Entry> byId = new ArrayList<>();
    private final Map<String, Entry> byName = new HashMap<>();
    /** The ids of the {@code java.util} classes stored collections are filed under, by kind; 0 until asked for. */
    private final int[] collectionIds = new int[ValueKind.values().length];
    private final ClassLoader loader;
    private final RenamedClasses renamed = new RenamedClasses();
    private final Set<String> dropMissing;
    private final Function<String, StoreCorruptedException> damaged;
    private boolean dirty;

    /**
     * @param dropMissing names of classes whose objects are dropped if the class is missing
     * @param damaged     makes the exception that reports a damaged catalog, given what is wrong
     */
    Catalog(ClassLoader loader, Set<String> dropMissing, Function<String, StoreCorruptedException> damaged) {
        this.loader = loader;
        this.dropMissing = Set.copyOf(dropMissing);
        this.damaged = damaged;
        byId.add(null);
    }

    /** Learns the previous names of {@code type} and of the classes it refers to (see {@link RenamedClasses}). */
    void learn(Class<?> type) {
        renamed.learn(type);
    }

    boolean isDirty() {
        return dirty;
    }

    void clean() {
        dirty = false;
    }

    /** The id of {@code type}, registering its name if it is new. */
    int classId(Class<?> type) {
        Entry entry = byName.get(type.getName());
        if (entry == null) {
            entry = add(type.getName());
            entry.type = type;
            renamed.learn(type);
            if (type.isAnonymousClass() && !Enum.class.isAssignableFrom(type)) {
                LOG.log(Level.WARNING, anonymousClassStored(type));
            }
        }
        return entry.id;
    }

    /**
     * The warning that objects of anonymous {@code type} are stored under the name the compiler made for it, which
     * another anonymous class declared before it takes.
     */
    private static String anonymousClassStored(Class<?> type) {
        String outer = type.getEnclosingClass() == null ? "its enclosing class" : type.getEnclosingClass().getName();
        return "Objects of " + type.getName() + ", an anonymous class (persistent as its superclass "
            + type.getSuperclass().getName() + " is), are stored under the name the compiler gave it from its place in "
            + outer + ": an anonymous class declared before it in a later version takes that name, and the objects"
            + " stored now would be read as that class (no @PreviousNames can be put on an anonymous class). Make it a"
            + " named class to store it safely.";
    }

    /** The id of {@code type}'s name if the store has it (a commit wrote an object of it, or read one), else -1. */
    int registeredId(Class<?> type) {
        Entry entry = byName.get(type.getName());
        return entry == null ? -1 : entry.id;
    }

    /** The id of the {@code java.util} class a stored collection of {@code kind} is filed under, registering it if new. */
    int classId(ValueKind kind) {
        int id = collectionIds[kind.ordinal()];
        if (id == 0) {
            id = classId(ContainerCodec.jdkClass(kind));
            collectionIds[kind.ordinal()] = id;
        }
        return id;
    }

    /** The id of an enhanced class, from its layout's cache once known. */
    int classId(ClassLayout layout) {
        ClassLayout.CatalogIds ids = layout.catalogIds();
        if (ids == null || ids.catalog() != serial) {
            ids = new ClassLayout.CatalogIds(serial, classId(layout.type()), -1);
            layout.catalogIds(ids);
        }
        return ids.classId();
    }

    /** The shape number the running class's objects are written under, registering its shape if new. */
    int currentShape(ClassLayout layout) {
        ClassLayout.CatalogIds ids = layout.catalogIds();
        if (ids == null || ids.catalog() != serial || ids.shape() < 0) {
            ids = new ClassLayout.CatalogIds(serial, classId(layout.type()), findShape(layout));
            layout.catalogIds(ids);
        }
        return ids.shape();
    }

    private int findShape(ClassLayout layout) {
        Entry entry = byId.get(classId(layout.type()));
        if (entry.currentShape < 0) {
            int found = entry.shapes.indexOf(layout.shape());
            if (found < 0) {
                if (entry.shapes.size() == 0xFFFF) {
                    throw new StoreException("Class " + entry.name + " has had 65535 shapes; no more can be stored");
                }
                entry.shapes.add(layout.shape());
                entry.plans.add(null);
                found = entry.shapes.size() - 1;
                dirty = true;
            }
            entry.currentShape = found;
        }
        return entry.currentShape;
    }

    /** The Java class with id {@code classId}, loaded on first use. */
    Class<?> type(int classId) {
        Entry entry = entry(classId);
        Class<?> type = resolve(entry);
        if (type == null) {
            throw missing(entry.name);
        }
        return type;
    }

    /**
     * The class of the stored objects of {@code classId}, or {@code null} if the class is missing and
     * its objects are dropped. A class that cannot have stored objects is a damaged catalog.
     */
    Class<?> objectType(int classId) {
        Entry entry = entry(classId);
        Class<?> type = resolve(entry);
        if (type == null) {
            if (!entry.dropped) {
                throw missing(entry.name);
            }
            return null;
        }
        if (type.isInterface()) {
            throw new IncompatibleSchemaException("Class " + type.getName() + " has stored objects but is now an interface,"
                + " which has no objects. Make it a @Persistent class again, or move @PreviousNames(\"" + type.getName()
                + "\") to the persistent class that replaces it.");
        }
        if (!Persistable.class.isAssignableFrom(type) && !type.isAnnotationPresent(Persistent.class)) {
            if (StoredTypes.isPlatform(type.getName().replace('.', '/')) || type.isPrimitive() || type.isArray()) {
                throw damaged.apply("the class catalog names " + type.getName() + " (class id " + classId
                    + ") for stored objects, which cannot be of that class");
            }
            throw new IncompatibleSchemaException("Class " + type.getName() + " has stored objects but is not @Persistent."
                + " Annotate it with @org.swizzle.Persistent again, or move @PreviousNames(\"" + type.getName()
                + "\") to the persistent class that replaces it.");
        }
        return type;
    }

    /**
     * What to throw for {@code refusal}, the agent's of {@code type}, a class of stored objects: an
     * {@link IncompatibleSchemaException} if it or a superclass declares a field the agent cannot store of a class
     * this store holds objects of, with fields (a class that was persistent and is no longer), whose advice to make the
     * field transient would drop what the field refers to; else {@code refusal}.
     */
    StoreException refusalOfStored(Class<?> type, StoreException refusal) {
        for (Class<?> level = type; level != null && level != Object.class; level = level.getSuperclass()) {
            for (Field field : level.getDeclaredFields()) {
                Class<?> fieldType = field.getType();
                while (fieldType.isArray()) {
                    fieldType = fieldType.getComponentType();
                }
                boolean stored = (field.getModifiers() & (Modifier.STATIC | Modifier.TRANSIENT)) == 0;
                Entry entry = byName.get(fieldType.getName());
                if (!stored || entry == null || entry.shapes.isEmpty() || ClassLayout.isStorable(level, field)) {
                    continue; // a field the agent did not refuse, or of a class whose objects were never stored
                }
                String why = Enhancement.refusal(fieldType.getName());
                return new IncompatibleSchemaException("Field " + level.getName() + "." + field.getName() + " is of class "
                    + fieldType.getName() + ", which this store holds objects of, but which is no longer persistent ("
                    + (why != null ? why : "it is not annotated @org.swizzle.Persistent") + "). Make "
                    + fieldType.getName() + " a @org.swizzle.Persistent class again, or move @PreviousNames(\""
                    + fieldType.getName() + "\") to the persistent class that replaces it: making the field transient"
                    + " would drop what it refers to.");
            }
        }
        return refusal;
    }

    /** Whether the stored objects of {@code classId} are collections (see {@link ValueKind#COLLECTION}). */
    boolean isCollection(int classId) {
        Class<?> type = typeIfPresent(classId);
        return type != null && (Collection.class.isAssignableFrom(type) || Map.class.isAssignableFrom(type));
    }

    /** Whether the stored things of {@code classId} are pages of large primitive arrays (see {@link ValueKind#ARRAY_PAGES}). */
    boolean isArrayPage(int classId) {
        Class<?> type = typeIfPresent(classId);
        return type != null && type.isArray() && type.getComponentType().isPrimitive();
    }

    /**
     * Whether the stored things of {@code classId} are values an object or collection holds, a collection or an array's
     * page, rather than persistent objects: their images are one value, with no shape.
     */
    boolean isValue(int classId) {
        return isCollection(classId) || isArrayPage(classId);
    }

    /** The Java class with id {@code classId}, or {@code null} if its class is missing now. */
    Class<?> typeIfPresent(int classId) {
        return resolve(entry(classId));
    }

    /** The class of {@code entry}: its own name's, else the one renamed from it; {@code null} if missing. */
    private Class<?> resolve(Entry entry) {
        if (entry.type == null && !entry.dropped) {
            try {
                entry.type = Class.forName(entry.name, false, loader);
            } catch (ClassNotFoundException e) {
                entry.type = renamed.find(entry.name, loader);
                if (entry.type == null && dropMissing.contains(entry.name)) {
                    entry.dropped = true;
                    LOG.log(Level.WARNING, "Class " + entry.name + " is not on the class path and StoreOptions.dropMissingClasses"
                        + " names it: its stored objects are dropped and references to them read as null.");
                }
            }
        }
        return entry.type;
    }

    private static IncompatibleSchemaException missing(String name) {
        return new IncompatibleSchemaException("Class " + name + " has stored objects, or references stored as to objects"
            + " of it (by a version of the application that renamed a class to it), but is not on the class path. Put it"
            + " back on the class path, declare @org.swizzle.PreviousNames(\"" + name + "\") on the class that replaces"
            + " it (Swizzle finds it among the classes the store has met, as root, index and stored field types, and,"
            + " with the agent, among those loaded before this read: one reached only through Object or an interface is"
            + " found once the application has used it), or open the store with"
            + " StoreOptions.builder().dropMissingClasses(Set.of(\"" + name + "\")) to drop its objects (references"
            + " stored as to it then read as null, and a commit that writes their holders stores that null, even where"
            + " the object referred to is of a class this version has: try the other two first).");
    }

    /** How to read an object of {@code classId} written under shape {@code shape} into the running class. */
    ReadPlan plan(int classId, int shape, ClassLayout layout) {
        Entry entry = entry(classId);
        ReadPlan plan = entry.plans.get(shape);
        if (plan == null) {
            renamed.learn(layout.type());
            plan = ReadPlan.of(entry.name, shape(classId, shape), layout);
            entry.plans.set(shape, plan);
            for (String field : plan.dropped()) {
                if (entry.reportedDropped.add(field)) {
                    LOG.log(Level.WARNING, "Field " + entry.name + "." + field + " is stored but " + whyDropped(layout.type(), field));
                }
            }
        }
        return plan;
    }

    /** Why stored field {@code name} is not read into {@code type}, and how to keep its values. */
    private static String whyDropped(Class<?> type, String name) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            for (Field field : c.getDeclaredFields()) {
                int modifiers = field.getModifiers();
                if (field.getName().equals(name) && (Modifier.isStatic(modifiers) || Modifier.isTransient(modifiers))) {
                    String modifier = Modifier.isStatic(modifiers) ? "static" : "transient";
                    return c.getName() + " now declares it " + modifier + ", and such fields are not stored: its values"
                        + " are not read, and are removed from each object at the object's next commit. Remove " + modifier
                        + " from it to keep them.";
                }
                if (field.getName().equals(name)) {
                    return "field " + c.getName() + "." + name + " now reads the stored field its @PreviousNames names,"
                        + " which the same objects hold: the stored " + name + "'s values are not read, and are removed"
                        + " from each object at the object's next commit. To keep them, take that name out of its"
                        + " @PreviousNames, or give it a name of its own.";
                }
            }
        }
        return type.getName() + " has no field of that name or with it in @PreviousNames: its values are not read, and"
            + " are removed from each object at the object's next commit. Declare @PreviousNames(\"" + name + "\") on the"
            + " field it was renamed to, to keep them.";
    }

    /** The stored class names, by class id from 1. */
    List<String> names() {
        List<String> names = new ArrayList<>(byId.size() - 1);
        for (int id = 1; id < byId.size(); id++) {
            names.add(byId.get(id).name);
        }
        return names;
    }

    /** The class name stored for {@code classId}. */
    String name(int classId) {
        return entry(classId).name;
    }

    /** Shape {@code shape} of class {@code classId}, as stored. */
    Shape shape(int classId, int shape) {
        Entry entry = entry(classId);
        if (shape >= entry.shapes.size()) {
            throw new IllegalStateException("class " + entry.name + " has no shape " + shape);
        }
        return entry.shapes.get(shape);
    }

    /** Writes the catalog; returns the length. */
    int write(LittleEndianBuffer buffer) {
        int position = 0;
        buffer.putInt(position, FORMAT);
        buffer.putInt(position + 4, byId.size() - 1);
        position += 8;
        for (int id = 1; id < byId.size(); id++) {
            Entry entry = byId.get(id);
            buffer.putInt(position, id);
            position += 4;
            position += buffer.putStringUtf8(position, entry.name);
            buffer.putInt(position, entry.shapes.size());
            position += 4;
            for (Shape shape : entry.shapes) {
                buffer.putInt(position, shape.size());
                position += 4;
                for (Shape.Field field : shape.fields()) {
                    position += buffer.putStringUtf8(position, field.name());
                    position += buffer.putStringUtf8(position, field.descriptor());
                    buffer.putByte(position++, (byte) field.kind().ordinal());
                }
            }
        }
        return position;
    }

    /**
     * Loads the catalog written by {@link #write}; throws {@link IllegalStateException} naming what is
     * wrong if it does not parse. Every count and length is checked against the bytes left first.
     */
    void read(LittleEndianBuffer buffer, int length) {
        Cursor in = new Cursor(buffer, length);
        int format = in.readInt();
        if (format != FORMAT) {
            throw new IllegalStateException("unknown catalog format " + format);
        }
        // the smallest class entry is an id, an empty name and a shape count: 12 bytes
        int count = in.readCount(12, "class");
        FieldKind[] kinds = FieldKind.values();
        for (int i = 0; i < count; i++) {
            int id = in.readInt();
            String name = in.readString();
            if (id != byId.size()) {
                throw new IllegalStateException("class id " + id + " out of order at entry " + i);
            }
            if (name.isEmpty() || byName.containsKey(name)) {
                throw new IllegalStateException("class id " + id + " has " + (name.isEmpty() ? "no name" : "the name of another, " + name));
            }
            Entry entry = add(name);
            int shapes = in.readCount(4, "shape");
            for (int s = 0; s < shapes; s++) {
                // the smallest field is two empty strings and a kind: 9 bytes
                int fieldCount = in.readCount(9, "field");
                List<Shape.Field> fields = new ArrayList<>(fieldCount);
                for (int f = 0; f < fieldCount; f++) {
                    String fieldName = in.readString();
                    String descriptor = in.readString();
                    int kind = in.readByte();
                    if (kind < 0 || kind >= kinds.length) {
                        throw new IllegalStateException("field " + name + "." + fieldName + " has unknown kind " + kind);
                    }
                    fields.add(new Shape.Field(fieldName, descriptor, kinds[kind]));
                }
                entry.shapes.add(new Shape(fields));
                entry.plans.add(null);
            }
        }
        dirty = false;
        for (String name : dropMissing) {
            if (!byName.containsKey(name)) {
                LOG.log(Level.WARNING, "StoreOptions.dropMissingClasses names " + name + ", but this store never held"
                    + " objects of a class of that name, so nothing is dropped for it: check the name (a class's binary"
                    + " name, with its package and a $ before a nested class's name).");
            }
        }
    }

    /** Reads the catalog's bytes, refusing any count or length that runs past its end. */
    private static final class Cursor {
        private final LittleEndianBuffer buffer;
        private final int limit;
        private int position;

        Cursor(LittleEndianBuffer buffer, int limit) {
            this.buffer = buffer;
            this.limit = limit;
        }

        int readByte() {
            need(1, "a field kind");
            return buffer.getByte(position++);
        }

        int readInt() {
            need(4, "an int");
            int value = buffer.getInt(position);
            position += 4;
            return value;
        }

        /** A count of items of at least {@code minBytes} each. */
        int readCount(int minBytes, String what) {
            int count = readInt();
            if (count < 0 || (long) count * minBytes > limit - position) {
                throw new IllegalStateException(what + " count " + count + " at offset " + (position - 4)
                    + " does not fit in the " + (limit - position) + " bytes left");
            }
            return count;
        }

        String readString() {
            int length = readInt();
            if (length < 0 || length > limit - position) {
                throw new IllegalStateException("string length " + length + " at offset " + (position - 4)
                    + " does not fit in the " + (limit - position) + " bytes left");
            }
            String value = buffer.getStringUtf8(position, length);
            position += length;
            return value;
        }

        private void need(int bytes, String what) {
            if (bytes > limit - position) {
                throw new IllegalStateException("the catalog ends at " + limit + " bytes, in " + what + " at offset " + position);
            }
        }
    }

    private Entry add(String name) {
        Entry entry = new Entry(byId.size(), name);
        byId.add(entry);
        byName.put(name, entry);
        dirty = true;
        return entry;
    }

    private Entry entry(int classId) {
        if (classId <= 0 || classId >= byId.size()) {
            throw new ReadPlan.BadClassIdException(classId);
        }
        return byId.get(classId);
    }

}
