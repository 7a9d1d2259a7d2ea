package org.swizzle.it.model;

import org.swizzle.Persistent;

/** Large embedded values. */
@Persistent
public class Blob {
    public String text;
    public int[] ints;
    public byte[] bytes;
}
