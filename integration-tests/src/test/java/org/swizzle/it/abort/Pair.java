package org.swizzle.it.abort;

import org.swizzle.Persistent;

/** An object with an array of its own and another object, whose array an aborted change may store in its field. */
@Persistent
public class Pair {
    int[] numbers = new int[3];
    Pair other;
}
