package org.swizzle.it.collections;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.swizzle.Persistent;

/** Holds a set, a map and a sorted map of {@link Named} keys, and two of the keys themselves. */
@Persistent
public class NamedHolder {
    Set<Named> set = new HashSet<>();
    Map<Named, Integer> map = new HashMap<>();
    TreeMap<Named, Integer> sorted = new TreeMap<>();
    Named first;
    Named second;
}
