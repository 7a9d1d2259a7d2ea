package org.swizzle.it.paged;

import java.util.ArrayList;
import java.util.HashMap;

import org.swizzle.Persistent;

/** The root of {@link ReleasedPagesTest}: a large map and a large list, more entries than the resident budget. */
@Persistent
public class Archive {
    HashMap<Long, Item> byId = new HashMap<>();
    ArrayList<Item> log = new ArrayList<>();
    /** Its pages hold arrays, so every commit compares them, and the budget never lets them go. */
    HashMap<Long, int[]> blobs = new HashMap<>();
}
