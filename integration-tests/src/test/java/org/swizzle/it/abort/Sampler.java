package org.swizzle.it.abort;

import org.swizzle.Persistent;

/**
 * Holds one array long enough to be stored in pages and nothing else: a method that keeps the array to itself marks
 * its pages through element stores, so the object is not watched (an array or collection held by a collection would
 * make it so).
 */
@Persistent
public class Sampler {
    long[] values = new long[10_000];
}
