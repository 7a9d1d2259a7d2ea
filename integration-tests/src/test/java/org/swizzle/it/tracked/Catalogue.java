package org.swizzle.it.tracked;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;

import org.swizzle.Persistent;

/** A large insertion-ordered map and set: on Java 21 and later the store compares them at every commit. */
@Persistent
public class Catalogue {
    LinkedHashMap<String, Integer> prices = new LinkedHashMap<>();
    LinkedHashSet<String> tags = new LinkedHashSet<>();
}
