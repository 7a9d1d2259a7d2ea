package org.swizzle.it.paged;

import java.util.HashSet;

import org.swizzle.Persistent;

/** The root of {@link PagedSetTest}: large sets, kept as the keys of a paged map where their elements allow. */
@Persistent
public class Tags {
    HashSet<Long> ids = new HashSet<>();
    HashSet<String> names = new HashSet<>();
    /** Persistent elements hash by identity: the set stays one image, as small sets are. */
    HashSet<Item> items = new HashSet<>();
    /** The same set as {@link #ids}: sharing survives a reload. */
    HashSet<Long> alias;
}
