package org.swizzle.it.bad;

import org.swizzle.Persistent;

/** Not persistent, so its persistent inner class is refused: its enclosing instance cannot be stored. */
public class PlainOuter {
    public int value;

    /** Refused at enhancement. */
    @Persistent
    public class Inner {
        public int more;
    }
}
