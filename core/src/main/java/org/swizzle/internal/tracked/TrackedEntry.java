package org.swizzle.internal.tracked;

import java.util.Map;

/**
 * An entry of a tracked map: {@code setValue} reports the change first. A paged map rebuilds pages (a split, or a
 * move back to one table) where a {@code HashMap} keeps its entries through a resize, so an entry of one that the map
 * let go of (taken from {@code toArray()}, or kept past a split) writes through by key, as a
 * {@code ConcurrentHashMap}'s entries do: if the map holds the key, the value is set there (a key removed and put
 * again gets it too), and the value it replaced is returned.
 */
final class TrackedEntry<K, V> implements Map.Entry<K, V> {

    private final Tracked source;
    private final Map.Entry<K, V> entry;
    /** The paged map the entry is of, which may let go of it; null for a map that never does. */
    private final Map<K, V> rebuilding;

    TrackedEntry(Tracked source, Map.Entry<K, V> entry) {
        this(source, entry, null);
    }

    TrackedEntry(Tracked source, Map.Entry<K, V> entry, Map<K, V> rebuilding) {
        this.source = source;
        this.entry = entry;
        this.rebuilding = rebuilding;
    }

    @Override
    public K getKey() {
        return entry.getKey();
    }

    @Override
    public V getValue() {
        return entry.getValue();
    }

    @Override
    public V setValue(V value) {
        source.changed();
        V old = entry.setValue(value);
        K key = entry.getKey();
        if (rebuilding != null && rebuilding.get(key) != value && rebuilding.containsKey(key)) { // it holds another entry
            old = rebuilding.replace(key, value);
        }
        return old;
    }

    @Override
    public boolean equals(Object o) {
        return o == this || entry.equals(o);
    }

    @Override
    public int hashCode() {
        return entry.hashCode();
    }

    @Override
    public String toString() {
        return entry.toString();
    }
}
