package org.swizzle.it.collections;

import java.util.ArrayList;
import java.util.Collection;
import java.util.ConcurrentModificationException;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

/**
 * Random elements from small pools, so that removals, lookups and duplicates hit often and the
 * collections stay small: list strings {@code s00..s19}, keys {@code k00..k23}, values 0..39.
 */
final class Draw {
    private Draw() {
    }

    static String string(Random random) {
        return String.format("s%02d", random.nextInt(20));
    }

    static String key(Random random) {
        return String.format("k%02d", random.nextInt(24));
    }

    static int value(Random random) {
        return random.nextInt(40);
    }

    /** One to three list strings. */
    static List<String> strings(Random random) {
        List<String> strings = new ArrayList<>();
        for (int i = random.nextInt(3); i >= 0; i--) {
            strings.add(string(random));
        }
        return strings;
    }

    /** One to three keys. */
    static Set<String> keys(Random random) {
        Set<String> keys = new TreeSet<>();
        for (int i = random.nextInt(3); i >= 0; i--) {
            keys.add(key(random));
        }
        return keys;
    }

    /** The size of a collection or sub-list, or 0 for a sub-list its list changed under (it throws then). */
    static int size(Collection<?> collection) {
        try {
            return collection.size();
        } catch (ConcurrentModificationException e) {
            return 0;
        }
    }

    /** An index into a collection of {@code size} elements: now and then one past the end. */
    static int index(Random random, int size) {
        return random.nextInt(size + 1);
    }

    /** The next string of the same pool ({@code s19} wraps to {@code s00}), for replaceAll. */
    static String next(String string) {
        int number = Integer.parseInt(string.substring(1));
        return String.format("%c%02d", string.charAt(0), (number + 1) % 20);
    }

    /** A predicate on pool strings that holds for about a third of them, decided by {@code seed}. */
    static boolean picked(String string, int seed) {
        return Math.floorMod(string.hashCode() + seed, 3) == 0;
    }
}
