package org.swizzle.benchmarks.large;

import org.swizzle.Persistent;

/** One large persistent object whose small fields change often: a recording's samples and how often it was played. */
@Persistent
public class Recording {
    long[] samples;
    int plays;
    long lastPlayed;
}
