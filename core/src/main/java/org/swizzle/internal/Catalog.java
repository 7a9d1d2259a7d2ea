package org.swizzle.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.swizzle.IncompatibleSchemaException;
import org.swizzle.StoreException;

/**
 * The class registry of one store, itself a stored object: class names with their ids (used in
 * typed references, enum values and array component types) and, for persistent classes, every
 * shape their objects were written under. An object's image starts with the number of its shape,
 * so objects of an older shape still load: added fields take their defaults, removed ones are
 * skipped, and an incompatible type change is refused.
 *
 * <pre>
 *  int format | int classCount | per class: int id, string name, int shapeCount,
 *                                  per shape: int fieldCount, per field: string name, string descriptor, byte kind
 *  (strings: int length + UTF-8 bytes)
 * </pre>
 */
final class Catalog {

    private static final int FORMAT = 1;

    /** One class known to the store. */
    private static final class Entry {
        final int id;
        final String name;
        final List<Shape> shapes = new ArrayList<>();
        Class<?> type;
        /** Shape number of the running class's layout, -1 until a commit writes one of its objects. */
        int currentShape = -1;
        final List<ReadPlan> plans = new ArrayList<>();

        Entry(int id, String name) {
            this.id = id;
            this.name = name;
        }
    }

    private final List<Entry> byId = new ArrayList<>();
    private final Map<String, Entry> byName = new HashMap<>();
    private final ClassLoader loader;
    private boolean dirty;

    Catalog(ClassLoader loader) {
        this.loader = loader;
        byId.add(null);
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
        }
        return entry.id;
    }

    /** The shape number the running class's objects are written under, registering its shape if new. */
    int currentShape(ClassLayout layout) {
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
        if (entry.type == null) {
            entry.type = load(entry.name);
        }
        return entry.type;
    }

    /** The Java class with id {@code classId}, or {@code null} if no class of that name can be loaded now. */
    Class<?> typeIfPresent(int classId) {
        Entry entry = entry(classId);
        if (entry.type == null) {
            try {
                entry.type = Class.forName(entry.name, false, loader);
            } catch (ClassNotFoundException e) {
                return null;
            }
        }
        return entry.type;
    }

    /** How to read an object of {@code classId} written under shape {@code shape} into the running class. */
    ReadPlan plan(int classId, int shape, ClassLayout layout) {
        Entry entry = entry(classId);
        ReadPlan plan = entry.plans.get(shape);
        if (plan == null) {
            plan = ReadPlan.of(entry.name, shape(classId, shape), layout);
            entry.plans.set(shape, plan);
        }
        return plan;
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
    int write(MutableDirectBuffer buffer) {
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

    /** Loads the catalog written by {@link #write}; throws {@link IllegalStateException} if it does not parse. */
    void read(DirectBuffer buffer, int length) {
        int position = 0;
        int format = buffer.getInt(position);
        if (format != FORMAT) {
            throw new IllegalStateException("unknown catalog format " + format);
        }
        int count = buffer.getInt(position + 4);
        position += 8;
        FieldKind[] kinds = FieldKind.values();
        for (int i = 0; i < count; i++) {
            int id = buffer.getInt(position);
            position += 4;
            String name = buffer.getStringUtf8(position);
            position += 4 + buffer.getInt(position);
            if (id != byId.size()) {
                throw new IllegalStateException("class id " + id + " out of order at entry " + i);
            }
            Entry entry = add(name);
            int shapes = buffer.getInt(position);
            position += 4;
            for (int s = 0; s < shapes; s++) {
                int fieldCount = buffer.getInt(position);
                position += 4;
                List<Shape.Field> fields = new ArrayList<>(fieldCount);
                for (int f = 0; f < fieldCount; f++) {
                    String fieldName = buffer.getStringUtf8(position);
                    position += 4 + buffer.getInt(position);
                    String descriptor = buffer.getStringUtf8(position);
                    position += 4 + buffer.getInt(position);
                    fields.add(new Shape.Field(fieldName, descriptor, kinds[buffer.getByte(position++)]));
                }
                entry.shapes.add(new Shape(fields));
                entry.plans.add(null);
            }
            if (position > length) {
                throw new IllegalStateException("catalog runs past its length " + length);
            }
        }
        dirty = false;
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

    private Class<?> load(String name) {
        try {
            return Class.forName(name, false, loader);
        } catch (ClassNotFoundException e) {
            throw new IncompatibleSchemaException("Class " + name + " has stored objects but is not on the class path."
                + " Put it back on the class path (or restore it under that name) to read them.");
        }
    }
}
