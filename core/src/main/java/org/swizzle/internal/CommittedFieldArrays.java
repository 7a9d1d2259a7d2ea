package org.swizzle.internal;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The arrays the array fields of watched objects (and of objects whose large arrays a method keeps to itself) held when
 * they were last as committed. An application that took an array from an object may keep it across {@code abort()};
 * the transaction may have stored another array in the field. {@code abort()} gives the object back the array it held as committed, with its committed elements, so that a change
 * made through the array the application kept is the object's, and is committed.
 */
final class CommittedFieldArrays {

    private final Map<Persistable, Object[]> arrays = new IdentityHashMap<>();
    /** The watched objects the commit under way wrote, whose arrays are taken once it succeeds. */
    private final List<Persistable> written = new ArrayList<>();

    /**
     * Takes the arrays {@code object} holds now: as committed, or, once a field was stored into since the last commit,
     * the first the application can hold from it (it was watched when one was first handed out, or a commit wrote it).
     */
    void take(Persistable object) {
        ClassLayout layout = ClassLayout.of(object.getClass());
        if (layout.holdsArrays()) {
            Object[] held = layout.arrays(object);
            for (int i = 0; i < held.length; i++) {
                held[i] = KeptArrays.asCommitted(held[i]);
            }
            arrays.put(object, held);
        }
    }

    /** The commit under way wrote watched {@code object}: its arrays are taken if it succeeds. */
    void written(Persistable object) {
        if (ClassLayout.of(object.getClass()).holdsArrays()) {
            written.add(object);
        }
    }

    /** The commit under way succeeded. */
    void committed() {
        written.forEach(this::take);
        written.clear();
    }

    /** The commit under way failed: the objects it wrote hold what the one before committed. */
    void abandoned() {
        written.clear();
    }

    /**
     * Whether {@code object} holds another array than it held as committed in one of its array fields (or in a row of
     * one): a change its bytes hide, when the array stored holds the same elements.
     */
    boolean replaced(Persistable object) {
        Object[] committed = arrays.get(object);
        if (committed == null) {
            return false;
        }
        Object[] held = ClassLayout.of(object.getClass()).arrays(object);
        for (int i = 0; i < held.length; i++) {
            if (!KeptArrays.holdsAsCommitted(committed[i], held[i])) {
                return true;
            }
        }
        return false;
    }

    /** The arrays {@code object} held when last as committed, for {@link ClassLayout#keepArrays}, or null if not known. */
    Object[] of(Persistable object) {
        return arrays.get(object);
    }

    /** Forgets {@code object}: it was re-hollowed. */
    void forget(Persistable object) {
        if (!arrays.isEmpty()) {
            arrays.remove(object);
        }
    }
}
