package org.swizzle.benchmarks.large;

import java.util.LinkedList;
import java.util.TreeMap;

import org.swizzle.Persistent;

/**
 * One persistent object holding a large sorted map and a large queue of the same items: a {@code TreeMap<Long, Item>}
 * keyed by even numbers, so that an odd key goes between two, and a {@code LinkedList<Item>} taken from the front and
 * added to at the back.
 */
@Persistent
public class Ledger {
    TreeMap<Long, Item> byKey = new TreeMap<>();
    LinkedList<Item> queue = new LinkedList<>();

    /** A ledger of {@code entries} items, keyed 0, 2, ... {@code 2 * (entries - 1)}, queued in that order. */
    static Ledger of(int entries) {
        Ledger ledger = new Ledger();
        for (int i = 0; i < entries; i++) {
            Item item = new Item(2L * i, i % 1000);
            ledger.byKey.put(2L * i, item);
            ledger.queue.add(item);
        }
        return ledger;
    }
}
