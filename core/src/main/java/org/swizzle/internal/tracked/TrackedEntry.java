package org.swizzle.internal.tracked;

import java.util.Map;

/** An entry of a tracked map: {@code setValue} reports the change first. */
final class TrackedEntry<K, V> implements Map.Entry<K, V> {

    private final Tracked source;
    private final Map.Entry<K, V> entry;

    TrackedEntry(Tracked source, Map.Entry<K, V> entry) {
        this.source = source;
        this.entry = entry;
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
        return entry.setValue(value);
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
