package org.swizzle.it.paged;

import java.util.ArrayList;
import java.util.List;

import org.swizzle.Persistent;

/** The root of {@link PagedListTest}: large lists, stored in chunks. */
@Persistent
public class Shelf {
    ArrayList<Item> items = new ArrayList<>();
    /** Arrays are not tracked: a list of them is compared at commit until it is paged, then its chunks are. */
    ArrayList<int[]> arrays = new ArrayList<>();
    /** A list stored again after abort() detached it. */
    ArrayList<Item> restored;
    /** A list of values only, which another store can hold too. */
    ArrayList<String> names = new ArrayList<>();
    /** The same list as {@link #items}: sharing survives a reload. */
    List<Item> alias;
}
