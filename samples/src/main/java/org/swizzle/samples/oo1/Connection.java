package org.swizzle.samples.oo1;

import org.swizzle.Persistent;

/** An OO1 connection between two parts. */
@Persistent
public class Connection {
    String type;
    int length;
    Part from;
    Part to;

    Connection(String type, int length, Part from, Part to) {
        this.type = type;
        this.length = length;
        this.from = from;
        this.to = to;
    }
}
