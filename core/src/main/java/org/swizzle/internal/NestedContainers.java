package org.swizzle.internal;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

import org.swizzle.internal.tracked.Backed;
import org.swizzle.internal.tracked.Tracked;

/**
 * Finds a collection (or array) that another holds, however deep, without recursing: a read asks it whether a
 * collection about to be hashed as a key holds one that is not filled yet. Persistent objects are not entered: one
 * that is filled has its collections filled too, and a hollow one fills them when it is read. Nor are collections a
 * read did not make now, which hold all theirs (and a paged one would read its pages to be searched).
 */
final class NestedContainers {

    private NestedContainers() {
    }

    /** Whether {@code value} is a collection, map or array of references, which a read fills rather than faults. */
    static boolean isContainer(Object value) {
        return (value instanceof Collection || value instanceof Map || value instanceof Object[]) && !(value instanceof Persistable);
    }

    /**
     * The first container {@code container} holds, directly or through the containers it holds, for which
     * {@code wanted} holds; null if there is none. Each container is looked into once; a collection only if
     * {@code enter} holds for it (an array always: it is a value of what holds it).
     */
    static Object find(Object container, Predicate<Object> wanted, Predicate<Object> enter) {
        ArrayDeque<Object> toSearch = new ArrayDeque<>();
        Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        toSearch.push(container);
        seen.add(container);
        while (!toSearch.isEmpty()) {
            Object searched = toSearch.pop();
            Tracked backing = searched instanceof Backed ? ((Backed) searched).backing() : null;
            if (backing != null) { // holds its elements there, which it may not be able to hand out before it is filled
                Object found = visit(backing, wanted, enter, seen, toSearch);
                if (found != null) {
                    return found;
                }
            } else if (searched instanceof Map) {
                for (Map.Entry<?, ?> entry : ((Map<?, ?>) searched).entrySet()) {
                    Object found = visit(entry.getKey(), wanted, enter, seen, toSearch);
                    if (found == null) {
                        found = visit(entry.getValue(), wanted, enter, seen, toSearch);
                    }
                    if (found != null) {
                        return found;
                    }
                }
            } else {
                Collection<?> elements = searched instanceof Object[] ? Arrays.asList((Object[]) searched) : (Collection<?>) searched;
                for (Object element : elements) {
                    Object found = visit(element, wanted, enter, seen, toSearch);
                    if (found != null) {
                        return found;
                    }
                }
            }
        }
        return null;
    }

    /**
     * {@code value} if it is a container {@code wanted} holds for; otherwise null, and a container not seen yet that
     * may be entered is to be searched.
     */
    private static Object visit(Object value, Predicate<Object> wanted, Predicate<Object> enter, Set<Object> seen,
                                ArrayDeque<Object> toSearch) {
        if (!isContainer(value) || !seen.add(value)) {
            return null;
        }
        if (wanted.test(value)) {
            return value;
        }
        if (value instanceof Object[] || enter.test(value)) {
            toSearch.push(value);
        }
        return null;
    }
}
