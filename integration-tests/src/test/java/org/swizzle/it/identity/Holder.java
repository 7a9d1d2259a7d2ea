package org.swizzle.it.identity;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.swizzle.Persistent;

/**
 * An object whose collection fields the scenarios of {@link IdentityWorkload} share with other holders. The
 * factories make their collections here, in a persistent class, so they are the tracked subclasses a persistent
 * class's {@code new ArrayList<>()} makes; {@link Plain} makes plain ones.
 */
@Persistent
public class Holder {
    String name;
    List<String> list;
    Map<String, Integer> map;
    Set<String> set;
    Map<String, List<String>> byKey;
    Map<String, List<Part>> parts;

    Holder(String name) {
        this.name = name;
    }

    static List<String> newList(String... elements) {
        return new ArrayList<>(Arrays.asList(elements));
    }

    static Map<String, Integer> newMap() {
        return new HashMap<>();
    }

    static Set<String> newSortedSet(String... elements) {
        return new TreeSet<>(Arrays.asList(elements));
    }

    static Map<String, List<String>> newListMap() {
        return new HashMap<>();
    }

    static Map<String, List<Part>> newPartMap() {
        return new HashMap<>();
    }

    static List<Part> newPartList(Part... parts) {
        return new ArrayList<>(Arrays.asList(parts));
    }
}
