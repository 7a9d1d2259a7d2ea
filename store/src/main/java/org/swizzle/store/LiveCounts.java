package org.swizzle.store;

import java.util.Arrays;

/**
 * How many live objects each segment holds, in memory: counted when the store opens, while
 * {@link SpaceRebuild} reads every table entry anyway, then changed by each commit's new objects and
 * frees once it is applied (see {@link TableReleases}), so that a commit learns which segments it
 * empties without reading their tables. 4 bytes per segment.
 */
final class LiveCounts {
    private int[] counts = new int[16];

    int get(long segment) {
        return segment < counts.length ? counts[(int) segment] : 0;
    }

    void add(long segment, int delta) {
        if (segment >= counts.length) {
            counts = Arrays.copyOf(counts, (int) Math.max(segment + 1, 2L * counts.length));
        }
        counts[(int) segment] += delta;
    }
}
