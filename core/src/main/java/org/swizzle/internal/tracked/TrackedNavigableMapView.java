package org.swizzle.internal.tracked;

import java.util.Collection;
import java.util.Comparator;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.Set;
import java.util.SortedMap;
import java.util.Spliterator;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * A sub-map or descending map of a tracked {@code TreeMap}, and views of it: changes are reported
 * first, and every view it hands out is tracked. The entries its navigation methods return are
 * immutable snapshots, as {@code TreeMap}'s are.
 */
final class TrackedNavigableMapView<K, V> implements NavigableMap<K, V> {

    private final Tracked source;
    private final Supplier<? extends NavigableMap<K, V>> maps;

    /** A view of the map {@code maps} gives at each use: the view of the map as it keeps its entries then. */
    TrackedNavigableMapView(Tracked source, Supplier<? extends NavigableMap<K, V>> maps) {
        this.source = source;
        this.maps = maps;
    }

    private NavigableMap<K, V> map() {
        return maps.get();
    }

    /** The map whose entries these are, if it may move them into other nodes; else null. */
    @SuppressWarnings("unchecked")
    private MovesEntries<K, V> movesEntries() {
        return source instanceof MovesEntries ? (MovesEntries<K, V>) source : null;
    }

    /** A view of {@code view} of this map, found again at each use. */
    private NavigableMap<K, V> derived(UnaryOperator<NavigableMap<K, V>> view) {
        view.apply(map()); // refuses bounds out of range now, as the map's own views do
        return new TrackedNavigableMapView<>(source, () -> view.apply(map()));
    }

    @Override
    public int size() {
        return map().size();
    }

    @Override
    public boolean isEmpty() {
        return map().isEmpty();
    }

    @Override
    public boolean containsKey(Object key) {
        return map().containsKey(key);
    }

    @Override
    public boolean containsValue(Object value) {
        return map().containsValue(value);
    }

    @Override
    public V get(Object key) {
        return map().get(key);
    }

    @Override
    public V getOrDefault(Object key, V defaultValue) {
        return map().getOrDefault(key, defaultValue);
    }

    @Override
    public void forEach(BiConsumer<? super K, ? super V> action) {
        map().forEach(action);
    }

    @Override
    public V put(K key, V value) {
        source.changed();
        return map().put(key, value);
    }

    @Override
    public V remove(Object key) {
        source.changed();
        return map().remove(key);
    }

    @Override
    public void putAll(Map<? extends K, ? extends V> m) {
        source.changed();
        map().putAll(m);
    }

    @Override
    public void clear() {
        source.changed();
        map().clear();
    }

    @Override
    public V putIfAbsent(K key, V value) {
        source.changed();
        return map().putIfAbsent(key, value);
    }

    @Override
    public boolean remove(Object key, Object value) {
        source.changed();
        return map().remove(key, value);
    }

    @Override
    public boolean replace(K key, V oldValue, V newValue) {
        source.changed();
        return map().replace(key, oldValue, newValue);
    }

    @Override
    public V replace(K key, V value) {
        source.changed();
        return map().replace(key, value);
    }

    @Override
    public void replaceAll(BiFunction<? super K, ? super V, ? extends V> function) {
        source.changed();
        try {
            map().replaceAll(function);
        } finally {
            source.changedAgain();
        }
    }

    @Override
    public V computeIfAbsent(K key, Function<? super K, ? extends V> mappingFunction) {
        source.changed();
        try {
            return map().computeIfAbsent(key, mappingFunction);
        } finally {
            source.changedAgain();
        }
    }

    @Override
    public V computeIfPresent(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
        source.changed();
        try {
            return map().computeIfPresent(key, remappingFunction);
        } finally {
            source.changedAgain();
        }
    }

    @Override
    public V compute(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
        source.changed();
        try {
            return map().compute(key, remappingFunction);
        } finally {
            source.changedAgain();
        }
    }

    @Override
    public V merge(K key, V value, BiFunction<? super V, ? super V, ? extends V> remappingFunction) {
        source.changed();
        try {
            return map().merge(key, value, remappingFunction);
        } finally {
            source.changedAgain();
        }
    }

    @Override
    public Map.Entry<K, V> pollFirstEntry() {
        source.changed();
        return map().pollFirstEntry();
    }

    @Override
    public Map.Entry<K, V> pollLastEntry() {
        source.changed();
        return map().pollLastEntry();
    }

    @Override
    public Set<K> keySet() {
        return navigableKeySet();
    }

    @Override
    public NavigableSet<K> navigableKeySet() {
        return new TrackedNavigableSetView<>(source, () -> map().navigableKeySet());
    }

    @Override
    public NavigableSet<K> descendingKeySet() {
        return new TrackedNavigableSetView<>(source, () -> map().descendingKeySet());
    }

    @Override
    public Collection<V> values() {
        return new TrackedCollectionView<>(source, () -> map().values(), Spliterator.ORDERED);
    }

    @Override
    public Set<Map.Entry<K, V>> entrySet() {
        return new TrackedEntrySetView<>(source, () -> map().entrySet(), movesEntries());
    }

    @Override
    public NavigableMap<K, V> descendingMap() {
        return derived(NavigableMap::descendingMap);
    }

    @Override
    public NavigableMap<K, V> subMap(K fromKey, boolean fromInclusive, K toKey, boolean toInclusive) {
        return derived(map -> map.subMap(fromKey, fromInclusive, toKey, toInclusive));
    }

    @Override
    public NavigableMap<K, V> headMap(K toKey, boolean inclusive) {
        return derived(map -> map.headMap(toKey, inclusive));
    }

    @Override
    public NavigableMap<K, V> tailMap(K fromKey, boolean inclusive) {
        return derived(map -> map.tailMap(fromKey, inclusive));
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
    public Map.Entry<K, V> lowerEntry(K key) {
        return map().lowerEntry(key);
    }

    @Override
    public K lowerKey(K key) {
        return map().lowerKey(key);
    }

    @Override
    public Map.Entry<K, V> floorEntry(K key) {
        return map().floorEntry(key);
    }

    @Override
    public K floorKey(K key) {
        return map().floorKey(key);
    }

    @Override
    public Map.Entry<K, V> ceilingEntry(K key) {
        return map().ceilingEntry(key);
    }

    @Override
    public K ceilingKey(K key) {
        return map().ceilingKey(key);
    }

    @Override
    public Map.Entry<K, V> higherEntry(K key) {
        return map().higherEntry(key);
    }

    @Override
    public K higherKey(K key) {
        return map().higherKey(key);
    }

    @Override
    public Map.Entry<K, V> firstEntry() {
        return map().firstEntry();
    }

    @Override
    public Map.Entry<K, V> lastEntry() {
        return map().lastEntry();
    }

    @Override
    public Comparator<? super K> comparator() {
        return map().comparator();
    }

    @Override
    public K firstKey() {
        return map().firstKey();
    }

    @Override
    public K lastKey() {
        return map().lastKey();
    }

    @Override
    public boolean equals(Object o) {
        return o == this || map().equals(o);
    }

    @Override
    public int hashCode() {
        return map().hashCode();
    }

    @Override
    public String toString() {
        return map().toString();
    }
}
