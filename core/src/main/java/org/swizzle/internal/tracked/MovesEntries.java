package org.swizzle.internal.tracked;

import java.util.Map;

/**
 * A tracked map that moves its entries into other nodes (a {@code HashMap} into pages, a {@code TreeMap} into a list):
 * an entry handed out before a move writes through by key ({@link TrackedEntry}), as the map's own node no longer
 * holds its key.
 */
interface MovesEntries<K, V> extends Map<K, V> {

    /** The number of times the map moved its entries so far. */
    int rebuilds();
}
