package org.swizzle.internal.tracked;

import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.Set;
import java.util.SortedMap;
import java.util.Spliterator;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * A {@link TreeMap} (natural ordering) that reports every change, through itself, its key, value and entry views,
 * its sub-maps and descending map and their views, their iterators and {@code Map.Entry.setValue}, to its store.
 *
 * <p>Beyond {@link #PAGING_THRESHOLD} entries a map in natural order keeps them in {@link SortedEntries a list of its
 * own}, which chunks itself, instead of its tree, and every method of {@code TreeMap} goes to them: a lookup reads the
 * chunks its binary search passes, a change dirties one. It stays so once cleared. Its views are found again at each
 * use, so one taken while the map was small goes on working once the map keeps its entries in the list.
 */
public final class TrackedTreeMap<K, V> extends TreeMap<K, V> implements Tracked, Backed, MovesEntries<K, V> {

    /** The most entries a map keeps in its own tree: a list of twice as many elements is chunked. */
    static final int PAGING_THRESHOLD = ListPages.PAGING_THRESHOLD / 2;

    private static final long serialVersionUID = 1L;

    private transient Attachment attachment;
    /**
     * All the entries once the map is large, which every method goes to (one range, made once, so that a lookup
     * allocates nothing); null while they are in the map's own tree.
     */
    private transient SortedRange<K, V> entries;

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
        pageIfLarge();
    }

    @Override
    public Tracked backing() {
        return entries == null ? null : entries.list();
    }

    @Override
    @SuppressWarnings("unchecked")
    public boolean backWith(Object backing) {
        if (!(backing instanceof TrackedArrayList) || ((TrackedArrayList<?>) backing).size() % 2 != 0) {
            return false;
        }
        entries = SortedRange.whole(this, new SortedEntries<>((TrackedArrayList<Object>) backing));
        return true;
    }

    @Override
    public Attachment attachment() {
        return attachment;
    }

    @Override
    public void attach(Attachment attachment) {
        this.attachment = attachment;
    }

    /** Notes a change; a large map only refuses one if it was detached, as its list notes its own. */
    @Override
    public void changed() {
        if (entries != null) {
            Attachment.requireLive(attachment, this);
        } else {
            Attachment.changed(attachment, this);
        }
    }

    @Override
    public void changedAgain() {
        if (entries == null) {
            Attachment.changedAgain(attachment, null);
        }
    }

    /** Moves a large map's entries into a list of its own, unless the store is filling it or it has a comparator. */
    private void pageIfLarge() {
        if (entries == null && super.size() > PAGING_THRESHOLD && (attachment == null || !attachment.isFilling())) {
            moveIntoList();
        }
    }

    private void moveIntoList() {
        if (comparator() != null) {
            return; // a stored map has its keys' natural order, and one with a comparator is refused when stored
        }
        Object[] flat = new Object[super.size() * 2];
        int i = 0;
        for (Map.Entry<K, V> entry : super.entrySet()) {
            flat[i++] = entry.getKey();
            flat[i++] = entry.getValue();
        }
        TrackedArrayList<Object> list = new TrackedArrayList<>(Arrays.asList(flat)); // chunks at once: no store tracks it yet
        Attachment.changed(attachment, this);
        super.clear();
        entries = SortedRange.whole(this, new SortedEntries<>(list));
    }

    /** 1 once the map moved its entries from its tree into its list, which it does once. */
    @Override
    public int rebuilds() {
        return entries == null ? 0 : 1;
    }

    /**
     * This map's keys as the elements of a set kept in it ({@link TrackedTreeSet}), its values all {@code TRUE}: a
     * key set that adds, over the entries moved into a list first if they were not.
     */
    NavigableSet<K> elements() {
        if (entries == null) {
            moveIntoList();
        }
        return entries.elements();
    }

    // ---------------------------------------------------------------- queries

    @Override
    public int size() {
        return entries != null ? entries.size() : super.size();
    }

    @Override
    public boolean containsKey(Object key) {
        return entries != null ? entries.containsKey(key) : super.containsKey(key);
    }

    @Override
    public boolean containsValue(Object value) {
        return entries != null ? entries.containsValue(value) : super.containsValue(value);
    }

    @Override
    public V get(Object key) {
        return entries != null ? entries.get(key) : super.get(key);
    }

    @Override
    public K firstKey() {
        return entries != null ? entries.firstKey() : super.firstKey();
    }

    @Override
    public K lastKey() {
        return entries != null ? entries.lastKey() : super.lastKey();
    }

    @Override
    public Map.Entry<K, V> firstEntry() {
        return entries != null ? entries.firstEntry() : super.firstEntry();
    }

    @Override
    public Map.Entry<K, V> lastEntry() {
        return entries != null ? entries.lastEntry() : super.lastEntry();
    }

    @Override
    public Map.Entry<K, V> lowerEntry(K key) {
        return entries != null ? entries.lowerEntry(key) : super.lowerEntry(key);
    }

    @Override
    public K lowerKey(K key) {
        return entries != null ? entries.lowerKey(key) : super.lowerKey(key);
    }

    @Override
    public Map.Entry<K, V> floorEntry(K key) {
        return entries != null ? entries.floorEntry(key) : super.floorEntry(key);
    }

    @Override
    public K floorKey(K key) {
        return entries != null ? entries.floorKey(key) : super.floorKey(key);
    }

    @Override
    public Map.Entry<K, V> ceilingEntry(K key) {
        return entries != null ? entries.ceilingEntry(key) : super.ceilingEntry(key);
    }

    @Override
    public K ceilingKey(K key) {
        return entries != null ? entries.ceilingKey(key) : super.ceilingKey(key);
    }

    @Override
    public Map.Entry<K, V> higherEntry(K key) {
        return entries != null ? entries.higherEntry(key) : super.higherEntry(key);
    }

    @Override
    public K higherKey(K key) {
        return entries != null ? entries.higherKey(key) : super.higherKey(key);
    }

    @Override
    public void forEach(BiConsumer<? super K, ? super V> action) {
        if (entries != null) {
            entries.forEach(action);
        } else {
            super.forEach(action);
        }
    }

    // ---------------------------------------------------------------- changes

    @Override
    public V put(K key, V value) {
        if (entries != null) {
            return entries.put(key, value);
        }
        changed();
        V old = super.put(key, value);
        pageIfLarge();
        return old;
    }

    @Override
    public void putAll(Map<? extends K, ? extends V> m) {
        if (entries != null) {
            entries.putAll(m);
            return;
        }
        changed();
        super.putAll(m);
        pageIfLarge();
    }

    @Override
    public V putIfAbsent(K key, V value) {
        if (entries != null) {
            return entries.putIfAbsent(key, value);
        }
        changed();
        V old = super.putIfAbsent(key, value);
        pageIfLarge();
        return old;
    }

    @Override
    public V remove(Object key) {
        if (entries != null) {
            return entries.remove(key);
        }
        changed();
        return super.remove(key);
    }

    @Override
    public boolean remove(Object key, Object value) {
        if (entries != null) {
            return entries.remove(key, value);
        }
        changed();
        return super.remove(key, value);
    }

    @Override
    public boolean replace(K key, V oldValue, V newValue) {
        if (entries != null) {
            return entries.replace(key, oldValue, newValue);
        }
        changed();
        return super.replace(key, oldValue, newValue);
    }

    @Override
    public V replace(K key, V value) {
        if (entries != null) {
            return entries.replace(key, value);
        }
        changed();
        return super.replace(key, value);
    }

    @Override
    public void replaceAll(BiFunction<? super K, ? super V, ? extends V> function) {
        if (entries != null) {
            entries.replaceAll(function);
            return;
        }
        changed();
        try {
            super.replaceAll(function);
        } finally {
            changedAgain();
        }
    }

    @Override
    public V computeIfAbsent(K key, Function<? super K, ? extends V> mappingFunction) {
        if (entries != null) {
            return entries.computeIfAbsent(key, mappingFunction);
        }
        changed();
        try {
            return super.computeIfAbsent(key, mappingFunction);
        } finally {
            changedAgain();
            pageIfLarge();
        }
    }

    @Override
    public V computeIfPresent(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
        if (entries != null) {
            return entries.computeIfPresent(key, remappingFunction);
        }
        changed();
        try {
            return super.computeIfPresent(key, remappingFunction);
        } finally {
            changedAgain();
        }
    }

    @Override
    public V compute(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
        if (entries != null) {
            return entries.compute(key, remappingFunction);
        }
        changed();
        try {
            return super.compute(key, remappingFunction);
        } finally {
            changedAgain();
            pageIfLarge();
        }
    }

    @Override
    public V merge(K key, V value, BiFunction<? super V, ? super V, ? extends V> remappingFunction) {
        if (entries != null) {
            return entries.merge(key, value, remappingFunction);
        }
        changed();
        try {
            return super.merge(key, value, remappingFunction);
        } finally {
            changedAgain();
            pageIfLarge();
        }
    }

    /** Empties the map; a large one stays in its list, which its views and iterators go on using. */
    @Override
    public void clear() {
        if (entries != null) {
            entries.clear();
            return;
        }
        changed();
        super.clear();
    }

    @Override
    public Map.Entry<K, V> pollFirstEntry() {
        if (entries != null) {
            return entries.pollFirstEntry();
        }
        changed();
        return super.pollFirstEntry();
    }

    @Override
    public Map.Entry<K, V> pollLastEntry() {
        if (entries != null) {
            return entries.pollLastEntry();
        }
        changed();
        return super.pollLastEntry();
    }

    // ---------------------------------------------------------------- views

    /**
     * This map as it keeps its entries now, which every view goes to at each use: a large map's entries, or a
     * full-range view of its tree that the JDK implements on its own (TreeMap's own views would build theirs from
     * this map's, which its iterators cannot walk).
     */
    private NavigableMap<K, V> current() {
        return entries != null ? entries : super.descendingMap().descendingMap();
    }

    /** A view of this map that {@code view} makes of it as it is at each use; bounds out of range are refused now. */
    private NavigableMap<K, V> view(UnaryOperator<NavigableMap<K, V>> view) {
        view.apply(current());
        return new TrackedNavigableMapView<>(this, () -> view.apply(current()));
    }

    @Override
    public Set<K> keySet() {
        return navigableKeySet();
    }

    @Override
    public NavigableSet<K> navigableKeySet() {
        return new TrackedNavigableSetView<>(this, () -> current().navigableKeySet());
    }

    @Override
    public NavigableSet<K> descendingKeySet() {
        return new TrackedNavigableSetView<>(this, () -> current().descendingKeySet());
    }

    @Override
    public NavigableMap<K, V> descendingMap() {
        return view(NavigableMap::descendingMap);
    }

    @Override
    public NavigableMap<K, V> subMap(K fromKey, boolean fromInclusive, K toKey, boolean toInclusive) {
        return view(map -> map.subMap(fromKey, fromInclusive, toKey, toInclusive));
    }

    @Override
    public NavigableMap<K, V> headMap(K toKey, boolean inclusive) {
        return view(map -> map.headMap(toKey, inclusive));
    }

    @Override
    public NavigableMap<K, V> tailMap(K fromKey, boolean inclusive) {
        return view(map -> map.tailMap(fromKey, inclusive));
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
        return new TrackedCollectionView<>(this, () -> current().values(), Spliterator.ORDERED);
    }

    @Override
    public Set<Map.Entry<K, V>> entrySet() {
        return new TrackedEntrySetView<>(this, () -> current().entrySet(), this);
    }

    /** A copy that belongs to no object, as a clone of a plain map would; a large one gets a list of its own. */
    @Override
    public Object clone() {
        @SuppressWarnings("unchecked")
        TrackedTreeMap<K, V> copy = (TrackedTreeMap<K, V>) super.clone();
        copy.attachment = null;
        if (entries != null) {
            copy.entries = null;
            copy.putAll(this);
        }
        return copy;
    }

    /** Serialized as a plain {@code TreeMap}: its store does not travel. */
    private Object writeReplace() {
        return new TreeMap<>(this);
    }
}
