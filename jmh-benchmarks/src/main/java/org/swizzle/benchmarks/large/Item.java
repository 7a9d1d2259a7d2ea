package org.swizzle.benchmarks.large;

import org.swizzle.Persistent;

/** An entry of the large collections: a persistent object with a key and a value. */
@Persistent
public class Item {
    long id;
    int value;

    public Item(long id, int value) {
        this.id = id;
        this.value = value;
    }
}
