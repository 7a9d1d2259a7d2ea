package org.swizzle.it.identity;

import org.swizzle.Persistent;

/** A persistent element of the lists of {@link Holder#parts}. */
@Persistent
public class Part {
    int id;

    Part(int id) {
        this.id = id;
    }
}
