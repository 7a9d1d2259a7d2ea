package org.swizzle.it.large;

import org.swizzle.Persistent;

/** A large object whose small fields change often: a recording's samples and how often it was played. */
@Persistent
public class Recording extends Media {
    long[] samples;
    int plays;
    long lastPlayed;
    Recording previous;
}
