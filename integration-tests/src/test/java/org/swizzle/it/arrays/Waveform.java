package org.swizzle.it.arrays;

import org.swizzle.Persistent;

/** An object holding large arrays of every primitive type, stored in pages, beside a small one stored whole. */
@Persistent
public class Waveform {
    String name;
    long[] samples;
    char[] text;
    double[] levels;
    float[] gains;
    byte[] blob;
    boolean[] flags;
    short[] deltas;
    int[] small;
    int version;
}
