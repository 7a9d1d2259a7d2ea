package org.swizzle.benchmarks.collections;

import org.swizzle.Persistent;

/** A connection between two design parts. */
@Persistent
public class DesignConnection {
    int length;
    DesignPart to;
}
