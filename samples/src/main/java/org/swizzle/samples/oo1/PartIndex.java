package org.swizzle.samples.oo1;

import org.swizzle.Persistent;

/** The root: parts by id (index {@code id - 1}). */
@Persistent
public class PartIndex {
    Part[] parts;

    PartIndex(int size) {
        parts = new Part[size];
    }

    public Part get(int id) {
        return parts[id - 1];
    }

    public int size() {
        return parts.length;
    }
}
