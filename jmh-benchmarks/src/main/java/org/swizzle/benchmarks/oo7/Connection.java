package org.swizzle.benchmarks.oo7;

import org.swizzle.Persistent;

/** A directed connection between two atomic parts of the same composite part. */
@Persistent
public class Connection {
    String type;
    int length;
    AtomicPart from;
    AtomicPart to;

    Connection(String type, int length, AtomicPart from, AtomicPart to) {
        this.type = type;
        this.length = length;
        this.from = from;
        this.to = to;
    }
}
