package org.swizzle.benchmarks.large;

import java.util.ArrayList;
import java.util.HashMap;

import org.swizzle.Persistent;

/** One persistent object holding the two large collections of the issue: a map by key and a list of the same items. */
@Persistent
public class Extent {
    HashMap<Long, Item> byId = new HashMap<>();
    ArrayList<Item> items = new ArrayList<>();

    /** An extent of {@code entries} items, keyed 0 to {@code entries - 1}. */
    static Extent of(int entries) {
        Extent extent = new Extent();
        extent.byId = new HashMap<>(entries * 2);
        extent.items = new ArrayList<>(entries);
        for (int i = 0; i < entries; i++) {
            Item item = new Item(i, i % 1000);
            extent.byId.put((long) i, item);
            extent.items.add(item);
        }
        return extent;
    }
}
