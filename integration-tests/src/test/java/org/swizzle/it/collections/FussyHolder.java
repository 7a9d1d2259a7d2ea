package org.swizzle.it.collections;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.swizzle.Persistent;

/** Holds a set, a map and a sorted set of {@link Fussy} keys. */
@Persistent
public class FussyHolder {
    Set<Fussy> set = new HashSet<>();
    Map<Fussy, Integer> map = new HashMap<>();
    Set<Fussy> sorted = new TreeSet<>();
}
