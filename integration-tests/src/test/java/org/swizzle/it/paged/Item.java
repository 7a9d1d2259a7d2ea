package org.swizzle.it.paged;

import org.swizzle.Persistent;

/** A value of the large maps: equal only to itself. */
@Persistent
public class Item {
    long id;
    String name;

    Item(long id, String name) {
        this.id = id;
        this.name = name;
    }

    @Override
    public String toString() {
        return id + ":" + name;
    }
}
