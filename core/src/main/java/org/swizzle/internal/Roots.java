package org.swizzle.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToIntFunction;

import org.agrona.collections.LongArrayList;
import org.swizzle.store.LittleEndianBuffer;

/**
 * The root directory of one store, itself a stored object: names bound to persistent objects. A
 * root is resolved to its Java object only when asked for, so opening a store loads no class of
 * the application.
 *
 * <pre>
 *  int count | per root: string value (name), long OID, int class id
 * </pre>
 */
final class Roots {

    private static final class Root {
        final long oid;
        final int classId;
        Object value;

        Root(long oid, int classId, Object value) {
            this.oid = oid;
            this.classId = classId;
            this.value = value;
        }
    }

    /** A root as the store holds it: its name, and the OID and class id of the object it is bound to. */
    record Binding(String name, long oid, int classId) {
    }

    private final Map<String, Root> roots = new LinkedHashMap<>();
    /** The OIDs the roots were bound to when the directory was last read or committed, however they are bound now. */
    private final LongArrayList committed = new LongArrayList();
    private boolean dirty;

    void read(ObjectReader reader, LittleEndianBuffer buffer, int length) {
        roots.clear();
        reader.reset(buffer, length);
        int count = reader.readInt();
        for (int i = 0; i < count; i++) {
            Object name = reader.readValue();
            if (!(name instanceof String)) {
                throw new ObjectReader.MalformedObjectException("root " + i + " has no name");
            }
            roots.put((String) name, new Root(reader.readLong(), reader.readInt(), null));
        }
        dirty = false;
        committed.clear();
        bound(committed);
    }

    void write(ObjectWriter writer) {
        writer.reset();
        writer.writeInt(roots.size());
        for (Map.Entry<String, Root> entry : roots.entrySet()) {
            Root root = entry.getValue();
            writer.field(Roots.class, "root '" + entry.getKey() + "'");
            writer.writeValue(entry.getKey());
            if (root.value != null) {
                writer.writeReference(root.value);
            } else {
                writer.writeLong(root.oid);
                writer.writeInt(root.classId);
            }
        }
    }

    /** The object bound to {@code name}, swizzled on first use, or {@code null}. */
    Object get(String name, ObjectReader.ReferenceSwizzler swizzler) {
        Root root = roots.get(name);
        if (root == null) {
            return null;
        }
        if (root.value == null) {
            root.value = swizzler.swizzle(root.oid, root.classId);
        }
        return root.value;
    }

    void set(String name, Object value) {
        if (value == null) {
            dirty |= roots.remove(name) != null;
        } else {
            Root old = roots.get(name);
            if (old == null || old.value != value) {
                roots.put(name, new Root(0, 0, value));
                dirty = true;
            }
        }
    }

    /**
     * The OIDs of the objects bound now and of those the last commit stored as bound: a root unbound or bound again
     * since then is bound as it was until a commit stores the change, and again after an {@code abort()}.
     */
    void oids(LongArrayList into) {
        bound(into);
        into.addAll(committed);
    }

    private void bound(LongArrayList into) {
        for (Root root : roots.values()) {
            long oid = root.value != null ? ((Persistable) root.value).$swz_oid() : root.oid;
            if (oid != 0) {
                into.addLong(oid);
            }
        }
    }

    /** The roots as {@link #read} read them, in stored order (none bound since then). */
    List<Binding> stored() {
        List<Binding> stored = new ArrayList<>();
        roots.forEach((name, root) -> stored.add(new Binding(name, root.oid, root.classId)));
        return stored;
    }

    Set<String> names() {
        return Collections.unmodifiableSet(new LinkedHashSet<>(roots.keySet()));
    }

    /**
     * Marks the directory changed where a root read from it names another class id than the store has for its
     * object's class now: the class was renamed, and the store has its new name (a commit wrote an object under it,
     * the root's own object included), so that the directory stops naming the old one. {@code registeredId} gives a
     * class's id, or -1 while the store does not have its name; returns whether a root was renamed.
     */
    boolean renameClasses(ToIntFunction<Class<?>> registeredId) {
        boolean renamed = false;
        for (Map.Entry<String, Root> entry : roots.entrySet()) {
            Root root = entry.getValue();
            if (root.classId != 0 && root.value instanceof Persistable) {
                int id = registeredId.applyAsInt(root.value.getClass());
                if (id >= 0 && id != root.classId) {
                    entry.setValue(new Root(root.oid, id, root.value));
                    renamed = true;
                }
            }
        }
        dirty |= renamed;
        return renamed;
    }

    boolean isDirty() {
        return dirty;
    }

    /** The directory as it is now was committed. */
    void clean() {
        if (dirty) {
            committed.clear();
            bound(committed);
        }
        dirty = false;
    }
}
