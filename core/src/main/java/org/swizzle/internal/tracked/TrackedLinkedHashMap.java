package org.swizzle.internal.tracked;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;

import org.swizzle.internal.OutOfLine;
import org.swizzle.internal.Persistable;

/**
 * A {@link LinkedHashMap} that reports every change, through itself, its key, value and entry views, their
 * iterators and {@code Map.Entry.setValue}, to its store. In access order, a lookup that moves its entry to the end
 * ({@code get}, {@code getOrDefault}) is a change too, and the order mode is stored with the map.
 */
public final class TrackedLinkedHashMap<K, V> extends LinkedHashMap<K, V> implements Tracked {

    private static final long serialVersionUID = 1L;

    /** {@code LinkedHashMap.pollLastEntry} where the runtime has it (Java 21), else null. */
    private static final MethodHandle POLL_LAST_ENTRY = NewerSuperMethods.find(MethodHandles.lookup(), LinkedHashMap.class,
        "pollLastEntry", MethodType.methodType(Map.Entry.class));

    private transient Attachment attachment;
    /** Whether the map orders its entries by access, least recent first, rather than by insertion. */
    private final boolean accessOrder;

    public TrackedLinkedHashMap() {
        accessOrder = false;
    }

    public TrackedLinkedHashMap(int capacity) {
        super(capacity);
        accessOrder = false;
    }

    public TrackedLinkedHashMap(int capacity, float loadFactor) {
        super(capacity, loadFactor);
        accessOrder = false;
    }

    public TrackedLinkedHashMap(int capacity, float loadFactor, boolean accessOrder) {
        super(capacity, loadFactor, accessOrder);
        this.accessOrder = accessOrder;
    }

    public TrackedLinkedHashMap(Map<? extends K, ? extends V> entries) {
        super(entries);
        accessOrder = false;
    }

    /**
     * Whether {@code map} orders its entries by access. No method of {@code LinkedHashMap} tells, so a plain one is
     * asked through an empty copy, which keeps the mode: a lookup of its first of two keys moves that key last. A
     * subclass is not asked (its methods may do anything with the keys the question puts) and counts as in insertion
     * order, as any other map the store reloads as a {@code LinkedHashMap}; nor is a map with persistent keys, since the
     * copy asks each key for its hash code, which may fault it in the middle of a commit.
     */
    static boolean isAccessOrdered(LinkedHashMap<?, ?> map) {
        if (map instanceof TrackedLinkedHashMap) {
            return ((TrackedLinkedHashMap<?, ?>) map).accessOrder;
        }
        if (map.getClass() != LinkedHashMap.class) {
            return false;
        }
        for (Object key : map.keySet()) {
            if (key instanceof Persistable) {
                return false;
            }
        }
        @SuppressWarnings("unchecked")
        LinkedHashMap<Object, Object> copy = (LinkedHashMap<Object, Object>) map.clone();
        copy.clear();
        Object first = new Object();
        copy.put(first, first);
        copy.put(copy, copy);
        copy.get(first);
        return copy.keySet().iterator().next() != first;
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
    public V get(Object key) {
        V value = super.get(key);
        if (accessOrder && (value != null || super.containsKey(key))) {
            accessed();
        }
        return value;
    }

    @Override
    public V getOrDefault(Object key, V defaultValue) {
        V value = super.getOrDefault(key, defaultValue);
        if (accessOrder && (value != defaultValue || super.containsKey(key))) {
            accessed();
        }
        return value;
    }

    /**
     * In access order, a lookup of a key the map holds moved its entry last: a change, noted (after it, as it refuses
     * nothing) for a map the store holds. A detached map (after {@code abort()}) is still read, as any detached
     * collection is; the order its lookups make is its own.
     */
    private void accessed() {
        if (attachment != null && attachment.isLive()) {
            changed();
        }
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

    /**
     * {@code SequencedMap.pollLastEntry} of Java 21, a change noted first (so refused once the map is detached or its
     * store closed): the JDK's goes through the map's reversed view, which no method of this class sees.
     */
    @SuppressWarnings("unchecked")
    public Map.Entry<K, V> pollLastEntry() {
        NewerSuperMethods.requirePresent(POLL_LAST_ENTRY, "LinkedHashMap.pollLastEntry");
        changed();
        try {
            return (Map.Entry<K, V>) POLL_LAST_ENTRY.invoke(this);
        } catch (Throwable failure) {
            throw OutOfLine.rethrow(failure);
        }
    }

    @Override
    public Set<K> keySet() {
        return new TrackedSetView<>(this, super.keySet());
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
        TrackedLinkedHashMap<?, ?> copy = (TrackedLinkedHashMap<?, ?>) super.clone();
        copy.attachment = null;
        return copy;
    }

    /** Serialized as a plain {@code LinkedHashMap} in the same order mode: its store does not travel. */
    private Object writeReplace() {
        LinkedHashMap<K, V> plain = new LinkedHashMap<>(16, 0.75f, accessOrder);
        plain.putAll(this);
        return plain;
    }
}
