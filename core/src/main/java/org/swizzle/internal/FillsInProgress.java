package org.swizzle.internal;

import java.util.Arrays;

/**
 * The fills of persistent objects in progress, outermost first. A fault nested in a fill (a key's hashCode) fills
 * others, or the same object again; if that nested read fails, its cleanup makes hollow again, clearing their fields,
 * the objects it read, and one of them may be an object whose fill is in progress further out. That fill must not go
 * on and publish the object with the fields it read before as null: it finds here what cleared it.
 */
final class FillsInProgress {

    private Persistable[] objects = new Persistable[16];
    /** For each fill in progress, the failure whose cleanup cleared its object, or null. */
    private Throwable[] clearedBy = new Throwable[16];
    private int depth;
    /** How many fills in progress a failure cleared: while none, a fill that ends has nothing to look for. */
    private int cleared;

    /** Notes that a fill of {@code object} starts, at level {@link #depth()}, which {@link #leave} takes. */
    void enter(Persistable object) {
        if (depth == objects.length) {
            objects = Arrays.copyOf(objects, depth * 2);
            clearedBy = Arrays.copyOf(clearedBy, depth * 2);
        }
        objects[depth] = object;
        clearedBy[depth] = null;
        depth++;
    }

    /** The fill at {@code level} ended, and those a failure left above it. */
    void leave(int level) {
        while (depth > level) {
            depth--;
            if (clearedBy[depth] != null) {
                cleared--;
                clearedBy[depth] = null;
            }
            objects[depth] = null;
        }
    }

    int depth() {
        return depth;
    }

    /** A failed read's cleanup cleared {@code object}, which {@code failure} failed: every fill of it in progress is spoilt. */
    void cleared(Persistable object, Throwable failure) {
        for (int i = 0; i < depth; i++) {
            if (objects[i] == object && clearedBy[i] == null && failure != null) {
                clearedBy[i] = failure;
                cleared++;
            }
        }
    }

    /**
     * The fill at {@code level} read its object whole: a fill of it further out that a failure cleared before is whole
     * again, as the fields it writes from here on are the committed ones too.
     */
    void readWhole(int level) {
        for (int i = 0; cleared > 0 && i < level; i++) {
            if (objects[i] == objects[level] && clearedBy[i] != null) {
                clearedBy[i] = null;
                cleared--;
            }
        }
    }

    /** What cleared the object of the fill at {@code level} while it was in progress, or null. */
    Throwable clearedBy(int level) {
        return clearedBy[level];
    }

    /** Whether a fill below {@code level}, further out, had its object cleared. */
    boolean anyCleared(int level) {
        for (int i = 0; cleared > 0 && i < level; i++) {
            if (clearedBy[i] != null) {
                return true;
            }
        }
        return false;
    }

    /** Whether a fill of {@code object} is in progress. */
    boolean contains(Persistable object) {
        for (int i = 0; i < depth; i++) {
            if (objects[i] == object) {
                return true;
            }
        }
        return false;
    }
}
