package org.swizzle.it.paged;

import java.util.HashMap;

import org.swizzle.Persistent;

/** The root: large maps, stored in pages where their keys allow. */
@Persistent
public class Catalogue {
    HashMap<Long, Item> items = new HashMap<>();
    HashMap<Object, Item> mixed = new HashMap<>();
    HashMap<Code, Integer> codes = new HashMap<>();
    /** Arrays are not tracked: a map of them is compared at commit until it is paged, then its pages are. */
    HashMap<Long, int[]> arrays = new HashMap<>();
    /** A map stored again after abort() detached it. */
    HashMap<Long, Item> restored;
    /** A map of values only, which another store can hold too. */
    HashMap<Long, String> names = new HashMap<>();
    /** The same map as {@link #items}: sharing survives a reload. */
    HashMap<Long, Item> alias;
    Token token;
    /** A map whose entries are kept while puts split their pages. */
    HashMap<Long, Item> kept = new HashMap<>();
    /** Arrays keyed by persistent objects, whose identity hash codes order the map differently in each session. */
    HashMap<Item, int[]> arraysByItem = new HashMap<>();
}
