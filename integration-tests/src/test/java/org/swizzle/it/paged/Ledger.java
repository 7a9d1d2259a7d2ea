package org.swizzle.it.paged;

import java.util.ArrayList;
import java.util.TreeMap;
import java.util.TreeSet;

import org.swizzle.Persistent;

/** The root of {@link PagedTreeMapTest}: a large sorted map and set, each kept in a chunked list of its own. */
@Persistent
public class Ledger {
    TreeMap<Long, String> entries = new TreeMap<>();
    TreeSet<String> accounts = new TreeSet<>();
    /** The same map as {@link #entries}: sharing survives a reload. */
    TreeMap<Long, String> alias;
    /** A large set, then a hash set holding it, which hashes it as it is read: the set's map must be read first. */
    ArrayList<Object> nested = new ArrayList<>();
    /** The large set of {@link #nested}, made here so that it is tracked at once. */
    TreeSet<String> large = new TreeSet<>();
}
