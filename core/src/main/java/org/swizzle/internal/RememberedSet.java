package org.swizzle.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The remembered set of {@code barrier=remset}: the objects of one store updated since its last
 * commit. The barrier calls {@link #remember} on an object's first update only (its dirty byte is
 * still 0); later updates cost the check of that byte.
 */
public final class RememberedSet {

    private final List<Persistable> objects = new ArrayList<>();

    /**
     * The barrier's slow path: marks {@code object} and adds it to its store's set. Threads may update
     * different objects at once, so adding is serialized; two threads that both find the same object clean
     * add it twice, which costs the commit a second look at it and nothing else.
     */
    public static void remember(Persistable object) {
        object.$swz_dirty((byte) 1);
        Object context = object.$swz_context();
        if (context != null) {
            ((ObjectManager) context).remembered().add(object);
        }
    }

    private synchronized void add(Persistable object) {
        objects.add(object);
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
