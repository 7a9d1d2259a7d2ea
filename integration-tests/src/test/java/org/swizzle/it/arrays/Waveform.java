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
    /** Readers of arrays a local class captures ({@link #readerOf}). */
    Reader largeReader;
    Reader smallReader;

    /** Reads elements of an array. */
    public interface Reader {
        long at(int index);
    }

    /** A reader of {@code values}, a local class that captures it: javac stores the array into its field before {@code super()}. */
    Reader readerOf(long[] values) {
        @Persistent
        class Captured implements Reader {
            @Override
            public long at(int index) {
                return values[index];
            }
        }
        return new Captured();
    }

    /** A shallow copy, as {@code Object.clone()} makes it: it shares this waveform's arrays. */
    Waveform copy() {
        try {
            return (Waveform) super.clone();
        } catch (CloneNotSupportedException e) {
            throw new AssertionError(e);
        }
    }
}
