package org.swizzle.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The remembered set of {@code barrier=remset}: the objects of one store updated since its last
 * commit. The barrier calls {@link #remember} on an object's first update of a fixed-size field only
 * (its dirty byte is still 0), and {@link #rememberAll} on its first other change; later updates cost
 * the check of that byte.
 */
public final class RememberedSet {

    private final List<Persistable> objects = new ArrayList<>();

    /** The dirty byte of an object whose updates since the last commit were all to fixed-size fields. */
    public static final byte FIXED_FIELDS = 1;
    /** The dirty byte of an object that any other change reached: a field of another kind, an array, a collection. */
    public static final byte ANY_FIELDS = 2;

    /**
     * The barrier's slow path for a store into a fixed-size field (a primitive or a reference): marks
     * {@code object} and adds it to its store's set. A commit then only rewrites its fixed-size fields
     * over its committed bytes, unless another change reaches it before the commit.
     */
    public static void remember(Persistable object) {
        note(object, FIXED_FIELDS);
    }

    /** The barrier's slow path for any other change: a store into another field, an array or a collection. */
    public static void rememberAll(Persistable object) {
        note(object, ANY_FIELDS);
    }

    /**
     * Threads may update different objects at once, so adding and raising the dirty byte are serialized:
     * the byte only rises, so a fixed-size store racing with another change cannot hide it.
     */
    private static void note(Persistable object, byte change) {
        ObjectManager manager = OpenStores.managerOf(object, OpenStores::closedToChange);
        if (manager == null) {
            StateWord.raiseDirty(object, change); // not persistent yet: only spares later stores the slow path
            return;
        }
        manager.requireOpenToChange(object);
        RememberedSet set = manager.remembered();
        synchronized (set) {
            if (StateWord.raiseDirty(object, change) == 0) {
                set.objects.add(object);
            }
        }
    }

    int size() {
        return objects.size();
    }

    void forEach(Consumer<Persistable> action) {
        objects.forEach(action);
    }

    void clear() {
        for (Persistable object : objects) {
            object.$swz_dirty((byte) 0);
        }
        objects.clear();
    }
}
