package org.swizzle.internal;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Gives a map the application made its committed entries back in place ({@code abort()}), keeping the entry of every
 * key it still holds, so that a {@code Map.Entry} the application took from it before the abort is the map's after,
 * as it was before the aborted change, and a value set through it is committed.
 */
final class MapRestore {

    private MapRestore() {
    }

    /**
     * Makes {@code map} hold what {@code committed} holds, in {@code committed}'s order where {@code map} keeps one: the
     * keys of both keep their entries, with the committed values; the others are removed or put. A map that cannot
     * find one of its own keys (their hash changed since it placed them: abort reverted them) is filled again from
     * empty.
     */
    static <K, V> void restore(Map<K, V> map, Map<K, V> committed) {
        if (!findsItsKeys(map)) {
            map.clear();
            map.putAll(committed);
            return;
        }
        map.keySet().removeIf(key -> !committed.containsKey(key));
        map.putAll(committed); // an access-ordered map moves each entry to its end, so ends in committed's order
        if (map instanceof LinkedHashMap && !sameOrder(map, committed)) {
            putInOrderFromFirstMisplaced(map, committed);
        }
    }

    private static boolean findsItsKeys(Map<?, ?> map) {
        for (Object key : map.keySet()) {
            if (!map.containsKey(key)) {
                return false;
            }
        }
        return true;
    }

    private static boolean sameOrder(Map<?, ?> map, Map<?, ?> committed) {
        Iterator<?> keys = map.keySet().iterator();
        for (Object key : committed.keySet()) {
            if (!keys.hasNext() || !Objects.equals(keys.next(), key)) {
                return false;
            }
        }
        return !keys.hasNext();
    }

    /** Puts again, in committed order, the keys from the first that is not where {@code committed} has it (new entries). */
    private static <K, V> void putInOrderFromFirstMisplaced(Map<K, V> map, Map<K, V> committed) {
        Iterator<K> keys = map.keySet().iterator();
        boolean misplaced = false;
        for (Map.Entry<K, V> entry : committed.entrySet()) {
            misplaced = misplaced || !keys.hasNext() || !Objects.equals(keys.next(), entry.getKey());
            if (misplaced) {
                map.remove(entry.getKey());
                map.put(entry.getKey(), entry.getValue());
            }
        }
    }
}
