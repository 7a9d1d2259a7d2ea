package org.swizzle.it.large;

import org.swizzle.Persistent;

/** A thousand parts by id, so that finding a part faults one small object, not a directory of all of them. */
@Persistent
public class PartBucket {
    static final int SIZE = 1000;

    LargePart[] parts = new LargePart[SIZE];
}
