package org.swizzle.it.bad;

/** An ordinary class: not storable. */
public class NotAnnotated {
    public int value;
}
