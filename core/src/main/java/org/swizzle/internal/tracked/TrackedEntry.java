package org.swizzle.internal.tracked;

import java.util.Map;

/**
 * An entry of a tracked map: {@code setValue} reports the change first. A {@code HashMap} keeps its entries through a
 * resize, but a tracked one moves them into other nodes when it pages, splits a page or goes back to one table (and a
 * tracked {@code TreeMap} when it moves its entries into a list), so
 * an entry handed out before such a move writes through by key, as a {@code ConcurrentHashMap}'s entries do: if the
 * map holds the key, the value is set there, and the value it replaced is returned; and it reads the value the map
 * holds for its key, as a {@code HashMap}'s own entry shows a later put. An entry whose map moved nothing
 * since it was handed out is the map's own, as a {@code HashMap}'s is: once its key is removed it is the map's no
 * longer, even if the key is put again.
 */
final class TrackedEntry<K, V> extends AbstractEntry<K, V> {

    private final Tracked source;
    private final Map.Entry<K, V> entry;
    /** The map the entry is of, which may move its entries into other nodes; null for a map that never does. */
    private final MovesEntries<K, V> rebuilding;
    /** The map's {@linkplain MovesEntries#rebuilds() moves} when the entry was handed out. */
    private final int rebuildsSeen;

    TrackedEntry(Tracked source, Map.Entry<K, V> entry) {
        this(source, entry, null);
    }

    TrackedEntry(Tracked source, Map.Entry<K, V> entry, MovesEntries<K, V> rebuilding) {
        this.source = source;
        this.entry = entry;
        this.rebuilding = rebuilding;
        this.rebuildsSeen = rebuilding == null ? 0 : rebuilding.rebuilds();
    }

    @Override
    public K getKey() {
        return entry.getKey();
    }

    /** The value: the map's for the key once the map moved the entry into another node and still holds the key. */
    @Override
    public V getValue() {
        if (rebuilding != null && rebuilding.rebuilds() != rebuildsSeen) {
            K key = entry.getKey();
            V value = rebuilding.get(key);
            if (value != null || rebuilding.containsKey(key)) {
                return value;
            }
        }
        return entry.getValue();
    }

    @Override
    public V setValue(V value) {
        source.changed();
        V old = entry.setValue(value);
        K key = entry.getKey();
        if (rebuilding != null && rebuilding.rebuilds() != rebuildsSeen && rebuilding.get(key) != value
            && rebuilding.containsKey(key)) { // the map moved the entry into another node
            old = rebuilding.replace(key, value);
        }
        return old;
    }
}
