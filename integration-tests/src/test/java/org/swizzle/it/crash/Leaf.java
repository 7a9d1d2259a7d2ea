package org.swizzle.it.crash;

import org.swizzle.Persistent;

/**
 * A persistent object reachable only through a {@link Cell}'s chain: it becomes persistent by
 * reachability and garbage when the chain is popped.
 */
@Persistent
class Leaf {
    int id;
    String text;
    long stamp;
    Leaf next;

    Leaf(int id) {
        this.id = id;
    }
}
