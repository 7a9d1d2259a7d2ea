package org.swizzle.benchmarks.reclaim;

import org.swizzle.Persistent;

/** An object of the collection benchmark: a link of a list, with a payload of its own. */
@Persistent
public class ChurnItem {
    ChurnItem next;
    int id;
    String payload;

    ChurnItem(int id, ChurnItem next) {
        this.id = id;
        this.next = next;
        this.payload = "payload of item " + id + " ".repeat(64);
    }
}
