package org.swizzle.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The fills of persistent objects in progress, outermost first. A fault nested in a fill (a key's hashCode) fills
 * others, or the same object again; if that nested read fails, its cleanup makes hollow again, clearing their fields,
 * the objects it read, and one of them may be an object whose fill is in progress further out. That fill must not go
 * on and publish the object with the fields it read before as null: it finds here what cleared it, and the collections
 * it read for its fields, which a hash that caught the failure may have filled with keys it placed wrongly.
 */
final class FillsInProgress {

    private Persistable[] objects = new Persistable[16];
    /** For each fill in progress, the failure whose cleanup cleared its object, or null. */
    private Throwable[] clearedBy = new Throwable[16];
    /** For each fill in progress, the collections read for its object's fields, or null for none yet. */
    private List<Object>[] collectionsRead = newLists(16);
    private int depth;

    @SuppressWarnings("unchecked")
    private static List<Object>[] newLists(int length) {
        return (List<Object>[]) new List<?>[length];
    }

    /** Notes that a fill of {@code object} starts; returns its level, which {@link #leave} takes. */
    int enter(Persistable object) {
        if (depth == objects.length) {
            objects = Arrays.copyOf(objects, depth * 2);
            clearedBy = Arrays.copyOf(clearedBy, depth * 2);
            collectionsRead = Arrays.copyOf(collectionsRead, depth * 2);
        }
        objects[depth] = object;
        clearedBy[depth] = null;
        return depth++;
    }

    /** The fill at {@code level} ended, and those a failure left above it. */
    void leave(int level) {
        while (depth > level) {
            depth--;
            objects[depth] = null;
            clearedBy[depth] = null;
            if (collectionsRead[depth] != null) {
                collectionsRead[depth].clear();
            }
        }
    }

    /** Notes that {@code collection} was read, not found resident, for a field of {@code holder}, if its fill is the last. */
    void collectionRead(Object holder, Object collection) {
        if (depth > 0 && objects[depth - 1] == holder) {
            if (collectionsRead[depth - 1] == null) {
                collectionsRead[depth - 1] = new ArrayList<>(4);
            }
            collectionsRead[depth - 1].add(collection);
        }
    }

    /** The collections read for the fields of the object of the fill at {@code level}. */
    List<Object> collectionsRead(int level) {
        return collectionsRead[level] == null ? List.of() : collectionsRead[level];
    }

    int depth() {
        return depth;
    }

    /** A failed read's cleanup cleared {@code object}, which {@code failure} failed: every fill of it in progress is spoilt. */
    void cleared(Persistable object, Throwable failure) {
        for (int i = 0; i < depth; i++) {
            if (objects[i] == object && clearedBy[i] == null) {
                clearedBy[i] = failure;
            }
        }
    }

    /** What cleared the object of the fill at {@code level} while it was in progress, or null. */
    Throwable clearedBy(int level) {
        return clearedBy[level];
    }

    /** Whether a fill below {@code level}, further out, had its object cleared. */
    boolean anyCleared(int level) {
        for (int i = 0; i < level; i++) {
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
