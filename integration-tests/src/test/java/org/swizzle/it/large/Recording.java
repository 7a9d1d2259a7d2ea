package org.swizzle.it.large;

import org.swizzle.Persistent;

/**
 * A large object whose small fields change often: a recording's samples (stored in pages of their own), its notes
 * (a long string, part of the object's image) and how often it was played.
 */
@Persistent
public class Recording extends Media {
    long[] samples;
    String notes;
    int plays;
    long lastPlayed;
    Recording previous;
}
