package org.swizzle.it.collections;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import org.swizzle.Persistent;

/** Holds a set and a map keyed by {@link Fussy} keys. */
@Persistent
public class FussyHolder {
    Set<Fussy> set = new HashSet<>();
    Map<Fussy, Integer> map = new HashMap<>();
}
