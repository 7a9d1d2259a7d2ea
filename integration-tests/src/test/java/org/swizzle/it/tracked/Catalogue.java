package org.swizzle.it.tracked;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;

import org.swizzle.Persistent;

/**
 * A large insertion-ordered map and set, which on Java 21 and later the store compares at every commit, and a small
 * map in access order, whose lookups reorder it; and a list another class made.
 */
@Persistent
public class Catalogue {
    LinkedHashMap<String, Integer> prices = new LinkedHashMap<>();
    LinkedHashSet<String> tags = new LinkedHashSet<>();
    LinkedHashMap<String, Integer> recent = new LinkedHashMap<>(16, 0.75f, true);
    /** Set from outside the class: a plain list, which reports no change, so the store compares it at every commit. */
    List<String> notes;
    int visits;
}
