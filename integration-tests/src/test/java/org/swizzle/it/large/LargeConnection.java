package org.swizzle.it.large;

import org.swizzle.Persistent;

/** An OO1 connection between two parts. */
@Persistent
public class LargeConnection {
    String type;
    int length;
    LargePart from;
    LargePart to;

    LargeConnection(String type, int length, LargePart from, LargePart to) {
        this.type = type;
        this.length = length;
        this.from = from;
        this.to = to;
    }
}
