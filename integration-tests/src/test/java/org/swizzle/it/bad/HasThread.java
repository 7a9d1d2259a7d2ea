package org.swizzle.it.bad;

import org.swizzle.Persistent;

/** Refused at enhancement: a Thread cannot be stored. */
@Persistent
public class HasThread {
    public int fine;
    public Thread worker;
}
