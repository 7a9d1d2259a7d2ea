package org.swizzle.it.paged;

import java.util.HashMap;

import org.swizzle.Persistent;

/** The root: large maps, stored in pages where their keys allow. */
@Persistent
public class Catalogue {
    HashMap<Long, Item> items = new HashMap<>();
    HashMap<Object, Item> mixed = new HashMap<>();
    HashMap<Code, Integer> codes = new HashMap<>();
    /** The same map as {@link #items}: sharing survives a reload. */
    HashMap<Long, Item> alias;
    Token token;
}
