package org.swizzle.it.arrays;

import org.swizzle.Persistent;

/** An object holding large arrays of every primitive type, stored in pages, beside a small one stored whole. */
@Persistent
public class Waveform implements Cloneable {
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
    /** Small objects beside it, for a phase that faults more objects than its resident budget. */
    java.util.List<Waveform> others;

    /** A shallow copy, as {@code Object.clone()} makes it: it shares this waveform's arrays. */
    Waveform copy() {
        try {
            return (Waveform) super.clone();
        } catch (CloneNotSupportedException e) {
            throw new AssertionError(e);
        }
    }
}
