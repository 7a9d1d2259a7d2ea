package org.swizzle.internal.tracked;

import java.util.Collection;
import java.util.Comparator;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * A {@link TreeMap} (natural ordering) that reports every change, through itself, its key, value and entry views,
 * its sub-maps and descending map and their views, their iterators and {@code Map.Entry.setValue}, to its store.
 */
public final class TrackedTreeMap<K, V> extends TreeMap<K, V> implements Tracked {

    private static final long serialVersionUID = 1L;

    private transient Attachment attachment;

    public TrackedTreeMap() {
    }

    public TrackedTreeMap(Comparator<? super K> comparator) {
        super(comparator);
    }

    public TrackedTreeMap(Map<? extends K, ? extends V> entries) {
        super(entries);
    }

    public TrackedTreeMap(SortedMap<K, ? extends V> entries) {
        super(entries);
    }

    @Override
    public Attachment attachment() {
        return attachment;
    }

    @Override
    public void attach(Attachment attachment) {
        this.attachment = attachment;
    }

    @Override
    public void changed() {
        Attachment.changed(attachment, this);
    }

    @Override
    public V put(K key, V value) {
        changed();
        return super.put(key, value);
    }

    @Override
    public void putAll(Map<? extends K, ? extends V> m) {
        changed();
        super.putAll(m);
    }

    @Override
    public V putIfAbsent(K key, V value) {
        changed();
        return super.putIfAbsent(key, value);
    }

    @Override
    public V remove(Object key) {
        changed();
        return super.remove(key);
    }

    @Override
    public boolean remove(Object key, Object value) {
        changed();
        return super.remove(key, value);
    }

    @Override
    public boolean replace(K key, V oldValue, V newValue) {
        changed();
        return super.replace(key, oldValue, newValue);
    }

    @Override
    public V replace(K key, V value) {
        changed();
        return super.replace(key, value);
    }

    @Override
    public void replaceAll(BiFunction<? super K, ? super V, ? extends V> function) {
        changed();
        try {
            super.replaceAll(function);
        } finally {
            changedAgain();
        }
    }

    @Override
    public V computeIfAbsent(K key, Function<? super K, ? extends V> mappingFunction) {
        changed();
        try {
            return super.computeIfAbsent(key, mappingFunction);
        } finally {
            changedAgain();
        }
    }

    @Override
    public V computeIfPresent(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
        changed();
        try {
            return super.computeIfPresent(key, remappingFunction);
        } finally {
            changedAgain();
        }
    }

    @Override
    public V compute(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
        changed();
        try {
            return super.compute(key, remappingFunction);
        } finally {
            changedAgain();
        }
    }

    @Override
    public V merge(K key, V value, BiFunction<? super V, ? super V, ? extends V> remappingFunction) {
        changed();
        try {
            return super.merge(key, value, remappingFunction);
        } finally {
            changedAgain();
        }
    }

    @Override
    public void clear() {
        changed();
        super.clear();
    }

    @Override
    public Map.Entry<K, V> pollFirstEntry() {
        changed();
        return super.pollFirstEntry();
    }

    @Override
    public Map.Entry<K, V> pollLastEntry() {
        changed();
        return super.pollLastEntry();
    }

    @Override
    public Set<K> keySet() {
        return navigableKeySet();
    }

    /**
     * The key set of a full-range view of this map that the JDK implements on its own: TreeMap's own key set
     * would build its sub-sets from this map's (tracked) sub-maps, which its iterators cannot walk.
     */
    @Override
    public NavigableSet<K> navigableKeySet() {
        return new TrackedNavigableSetView<>(this, super.descendingMap().descendingMap().navigableKeySet());
    }

    @Override
    public NavigableSet<K> descendingKeySet() {
        return new TrackedNavigableSetView<>(this, super.descendingMap().navigableKeySet());
    }

    @Override
    public NavigableMap<K, V> descendingMap() {
        return new TrackedNavigableMapView<>(this, super.descendingMap());
    }

    @Override
    public NavigableMap<K, V> subMap(K fromKey, boolean fromInclusive, K toKey, boolean toInclusive) {
        return new TrackedNavigableMapView<>(this, super.subMap(fromKey, fromInclusive, toKey, toInclusive));
    }

    @Override
    public NavigableMap<K, V> headMap(K toKey, boolean inclusive) {
        return new TrackedNavigableMapView<>(this, super.headMap(toKey, inclusive));
    }

    @Override
    public NavigableMap<K, V> tailMap(K fromKey, boolean inclusive) {
        return new TrackedNavigableMapView<>(this, super.tailMap(fromKey, inclusive));
    }

    @Override
    public SortedMap<K, V> subMap(K fromKey, K toKey) {
        return subMap(fromKey, true, toKey, false);
    }

    @Override
    public SortedMap<K, V> headMap(K toKey) {
        return headMap(toKey, false);
    }

    @Override
    public SortedMap<K, V> tailMap(K fromKey) {
        return tailMap(fromKey, true);
    }

    @Override
    public Collection<V> values() {
        return new TrackedCollectionView<>(this, super.values());
    }

    @Override
    public Set<Map.Entry<K, V>> entrySet() {
        return new TrackedEntrySetView<>(this, super.entrySet());
    }

    /** A copy that belongs to no object, as a clone of a plain map would. */
    @Override
    public Object clone() {
        TrackedTreeMap<?, ?> copy = (TrackedTreeMap<?, ?>) super.clone();
        copy.attachment = null;
        return copy;
    }

    /** Serialized as a plain {@code TreeMap}: its store does not travel. */
    private Object writeReplace() {
        return new TreeMap<>(this);
    }
}
