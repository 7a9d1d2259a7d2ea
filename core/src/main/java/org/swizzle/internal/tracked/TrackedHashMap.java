package org.swizzle.internal.tracked;

import java.util.AbstractCollection;
import java.util.AbstractSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;

import org.swizzle.internal.Persistable;

/**
 * A {@link HashMap} that reports every change, through itself, its key, value and entry views, their
 * iterators and {@code Map.Entry.setValue}, to its store.
 *
 * <p>Beyond {@link HashPages#PAGING_THRESHOLD} entries whose keys all hash the same after a reload, the map
 * keeps its entries in {@link HashPages pages} instead of its own table, and every method of {@code HashMap}
 * goes to them: a lookup reads one page, a change dirties one. The pages are maps of this class themselves,
 * which never page.
 */
public final class TrackedHashMap<K, V> extends HashMap<K, V> implements Tracked, Paged, MovesEntries<K, V> {

    private static final long serialVersionUID = 1L;
    /** {@link #paging} of a map that a key without a stable hash keeps flat. */
    private static final Object UNPLACEABLE = new Object();

    private transient Attachment attachment;
    /**
     * The map's part in paging, in one field so that a map is 8 bytes smaller: its {@link HashPages} once its entries
     * are in pages; for a page, which never pages itself, the paged map it is a page of; {@link #UNPLACEABLE} while a
     * key without a stable hash keeps the map flat (until it is cleared); null for any other map.
     */
    private transient Object paging;
    /** How many times the map moved its entries into other nodes (paged, split a page, went back to one table). */
    private transient int rebuilds;

    public TrackedHashMap() {
    }

    public TrackedHashMap(int capacity) {
        super(capacity);
    }

    public TrackedHashMap(int capacity, float loadFactor) {
        super(capacity, loadFactor);
    }

    public TrackedHashMap(Map<? extends K, ? extends V> entries) {
        super(entries);
        pageIfLarge();
    }

    /** A new, empty page of {@code owner}. */
    static <K, V> TrackedHashMap<K, V> pageOf(TrackedHashMap<?, ?> owner) {
        TrackedHashMap<K, V> page = new TrackedHashMap<>();
        page.paging = owner;
        return page;
    }

    /** Makes this map, read from the store, a page of {@code owner}. */
    void asPageOf(TrackedHashMap<?, ?> owner) {
        paging = owner;
    }

    /**
     * A stored paged map whose pages are read when a key leads to them (see {@link HashPages#stored}); its directory
     * is stored in sections of {@code sectionPages[i]} pages stored as {@code sectionOids[i]}, or, in a store
     * written before directories had sections, whole ({@code sectionPages} null).
     */
    public static <K, V> TrackedHashMap<K, V> paged(int size, int[] lowest, long[] oids, int[] sectionPages, long[] sectionOids) {
        TrackedHashMap<K, V> map = new TrackedHashMap<>();
        map.paging = HashPages.stored(map, size, lowest, oids, Sections.of(oids.length, sectionPages, sectionOids));
        return map;
    }

    /** Whether the entries are in pages. */
    public boolean isPaged() {
        return paging instanceof HashPages;
    }

    /** The pages of a paged map, or null. */
    @SuppressWarnings("unchecked")
    private HashPages<K, V> pages() {
        return paging instanceof HashPages ? (HashPages<K, V>) paging : null;
    }

    /** The paged map this map is a page of, or null. */
    private TrackedHashMap<?, ?> pageOf() {
        return paging instanceof TrackedHashMap ? (TrackedHashMap<?, ?>) paging : null;
    }

    @Override
    public int pageCount() {
        return pages().pageCount();
    }

    @Override
    public void readPage(int index) {
        pages().page(index);
    }

    /** Hands pages {@code from} to {@code to}, in hash order, to {@code action}, with the lowest hash each holds. */
    @Override
    public void forEachPage(int from, int to, PageAction action) {
        pages().forEachPage(from, to, action);
    }

    @Override
    public Sections sections() {
        return pages().sections();
    }

    @Override
    public Attachment attachment() {
        return attachment;
    }

    /**
     * A paged map that moves to another attachment (stored again after abort() detached it) takes fresh pages:
     * its stored ones belong to the map it was.
     */
    @Override
    public void attach(Attachment next) {
        HashPages<K, V> pages = pages();
        if (pages != null && attachment != null && next != null && next != attachment) {
            Map<K, V> entries = new HashMap<>(pages.size());
            pages.forEach(entries::put);
            pages.retire();
            attachment = null;
            paging = HashPages.of(this, entries);
            rebuilt();
        }
        this.attachment = next;
    }

    @Override
    public boolean pagedIn(Attachment writing) {
        return isPaged() && attachment == writing;
    }

    @Override
    public void changed() {
        Attachment.changed(attachment, this, pageOf());
    }

    @Override
    public void changedAgain() {
        Attachment.changedAgain(attachment, pageOf());
    }

    /** Refuses a change of a paged map that abort() detached; its pages report the change itself. */
    void requireLive() {
        Attachment.requireLive(attachment, this);
    }

    /**
     * The entries moved into other nodes, so that an entry handed out before no longer is the map's: it writes through
     * by key from now on ({@link TrackedEntry}), as an entry of a {@code HashMap} stays the map's through a resize.
     */
    void rebuilt() {
        rebuilds++;
    }

    @Override
    public int rebuilds() {
        return rebuilds;
    }

    /** The size or the pages of a paged map changed: its directory is written at the next commit. */
    void directoryChanged() {
        changed();
    }

    private void pageIfLarge() {
        if (paging == null && super.size() > HashPages.PAGING_THRESHOLD
            && (attachment == null || !attachment.isFilling())) {
            if (HashPages.allPlaceable(flatKeys())) {
                HashPages<K, V> paged = HashPages.of(this, this);
                super.clear();
                paging = paged;
                rebuilt();
            } else {
                paging = UNPLACEABLE;
            }
        }
    }

    /** Takes {@code key} into a paged map, or brings a map back to its own table for a key with no stable hash. */
    private boolean pagedFor(K key) {
        HashPages<K, V> pages = pages();
        if (pages == null) {
            return false;
        }
        requireLive();
        if (HashPages.placeable(key)) {
            return true;
        }
        changed();
        Map<K, V> entries = new HashMap<>(pages.size());
        pages.forEach(entries::put);
        pages.retire();
        paging = UNPLACEABLE;
        super.putAll(entries);
        rebuilt();
        return false;
    }

    @Override
    public int size() {
        return isPaged() ? pages().size() : super.size();
    }

    @Override
    public boolean isEmpty() {
        return size() == 0;
    }

    @Override
    public V get(Object key) {
        return isPaged() ? pages().get(key) : super.get(key);
    }

    @Override
    public V getOrDefault(Object key, V defaultValue) {
        return isPaged() ? pages().getOrDefault(key, defaultValue) : super.getOrDefault(key, defaultValue);
    }

    @Override
    public boolean containsKey(Object key) {
        return isPaged() ? pages().containsKey(key) : super.containsKey(key);
    }

    @Override
    public boolean containsValue(Object value) {
        return isPaged() ? pages().containsValue(value) : super.containsValue(value);
    }

    @Override
    public void forEach(BiConsumer<? super K, ? super V> action) {
        if (isPaged()) {
            pages().forEach(action);
        } else {
            super.forEach(action);
        }
    }

    @Override
    public V put(K key, V value) {
        if (pagedFor(key)) {
            return pages().put(key, value);
        }
        changed();
        V previous = super.put(key, value);
        pageIfLarge();
        return previous;
    }

    @Override
    public void putAll(Map<? extends K, ? extends V> m) {
        if (isPaged()) {
            for (Map.Entry<? extends K, ? extends V> entry : m.entrySet()) {
                put(entry.getKey(), entry.getValue());
            }
            return;
        }
        changed();
        super.putAll(m);
        pageIfLarge();
    }

    @Override
    public V putIfAbsent(K key, V value) {
        if (pagedFor(key)) {
            return pages().putIfAbsent(key, value);
        }
        changed();
        V previous = super.putIfAbsent(key, value);
        pageIfLarge();
        return previous;
    }

    @Override
    public V remove(Object key) {
        if (isPaged()) {
            requireLive();
            return pages().remove(key);
        }
        changed();
        return super.remove(key);
    }

    @Override
    public boolean remove(Object key, Object value) {
        if (isPaged()) {
            requireLive();
            return pages().remove(key, value);
        }
        changed();
        return super.remove(key, value);
    }

    @Override
    public boolean replace(K key, V oldValue, V newValue) {
        if (isPaged()) {
            requireLive();
            return pages().replace(key, oldValue, newValue);
        }
        changed();
        return super.replace(key, oldValue, newValue);
    }

    @Override
    public V replace(K key, V value) {
        if (isPaged()) {
            requireLive();
            return pages().replace(key, value);
        }
        changed();
        return super.replace(key, value);
    }

    @Override
    public void replaceAll(BiFunction<? super K, ? super V, ? extends V> function) {
        if (isPaged()) {
            requireLive();
            pages().replaceAll(function);
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
        if (pagedFor(key)) {
            return pages().computeIfAbsent(key, mappingFunction);
        }
        changed();
        V value;
        try {
            value = super.computeIfAbsent(key, mappingFunction);
        } finally {
            changedAgain();
        }
        pageIfLarge();
        return value;
    }

    @Override
    public V computeIfPresent(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
        if (pagedFor(key)) {
            return pages().computeIfPresent(key, remappingFunction);
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
        if (pagedFor(key)) {
            return pages().compute(key, remappingFunction);
        }
        changed();
        V value;
        try {
            value = super.compute(key, remappingFunction);
        } finally {
            changedAgain();
        }
        pageIfLarge();
        return value;
    }

    @Override
    public V merge(K key, V value, BiFunction<? super V, ? super V, ? extends V> remappingFunction) {
        if (pagedFor(key)) {
            return pages().merge(key, value, remappingFunction);
        }
        changed();
        V merged;
        try {
            merged = super.merge(key, value, remappingFunction);
        } finally {
            changedAgain();
        }
        pageIfLarge();
        return merged;
    }

    @Override
    public void clear() {
        changed();
        HashPages<K, V> pages = pages();
        if (pages != null) {
            pages.retire();
        }
        if (pages != null || paging == UNPLACEABLE) {
            paging = null; // a page stays its map's
        }
        super.clear();
    }

    /**
     * The views are the map's, whichever way it keeps its entries when they are used: one taken while the map
     * was small goes on working once it is paged, and the other way round.
     */
    @Override
    public Set<K> keySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<K> iterator() {
                return isPaged() ? pages().keyIterator() : new TrackedIterator<>(TrackedHashMap.this, flatKeys().iterator());
            }

            @Override
            public int size() {
                return TrackedHashMap.this.size();
            }

            @Override
            public boolean contains(Object key) {
                return containsKey(key);
            }

            @Override
            public boolean remove(Object key) {
                if (!containsKey(key)) {
                    return false;
                }
                TrackedHashMap.this.remove(key);
                return true;
            }

            @Override
            public boolean removeIf(Predicate<? super K> filter) {
                return removeEntriesIf(flatKeys(), Map.Entry::getKey, filter);
            }

            @Override
            public void clear() {
                TrackedHashMap.this.clear();
            }
        };
    }

    @Override
    public Collection<V> values() {
        return new AbstractCollection<>() {
            @Override
            public Iterator<V> iterator() {
                return isPaged() ? pages().valueIterator() : new TrackedIterator<>(TrackedHashMap.this, flatValues().iterator());
            }

            @Override
            public int size() {
                return TrackedHashMap.this.size();
            }

            @Override
            public boolean contains(Object value) {
                return containsValue(value);
            }

            @Override
            public boolean removeIf(Predicate<? super V> filter) {
                return removeEntriesIf(flatValues(), Map.Entry::getValue, filter);
            }

            @Override
            public void clear() {
                TrackedHashMap.this.clear();
            }
        };
    }

    @Override
    public Set<Map.Entry<K, V>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Map.Entry<K, V>> iterator() {
                return isPaged() ? pages().entryIterator() : new TrackedEntrySetView<>(TrackedHashMap.this, flatEntries(), TrackedHashMap.this).iterator();
            }

            @Override
            public int size() {
                return TrackedHashMap.this.size();
            }

            @Override
            public boolean contains(Object o) {
                if (!(o instanceof Map.Entry)) {
                    return false;
                }
                Map.Entry<?, ?> entry = (Map.Entry<?, ?>) o;
                return containsKey(entry.getKey()) && Objects.equals(get(entry.getKey()), entry.getValue());
            }

            @Override
            public boolean remove(Object o) {
                return o instanceof Map.Entry && TrackedHashMap.this.remove(((Map.Entry<?, ?>) o).getKey(), ((Map.Entry<?, ?>) o).getValue());
            }

            @Override
            public boolean removeIf(Predicate<? super Map.Entry<K, V>> filter) {
                return removeEntriesIf(flatEntries(), Function.identity(), filter);
            }

            @Override
            public void clear() {
                TrackedHashMap.this.clear();
            }
        };
    }

    /**
     * A view's {@code removeIf}, whose filter, the application's code, is asked about {@code part} of each entry: the
     * change is noted before the filter runs, as {@code compute} notes its function's, so that an {@code abort()} from
     * the filter detaches the map and the rest of the change goes with it. A flat map removes through {@code flat},
     * the same view of its own table, and notes the change again after; a paged one asks about every entry first and
     * then removes the doomed keys through their pages, unless the map was detached meanwhile.
     */
    private <E> boolean removeEntriesIf(Collection<E> flat, Function<Map.Entry<K, V>, E> part,
        Predicate<? super E> filter) {
        Objects.requireNonNull(filter);
        changed();
        if (!isPaged()) {
            try {
                return flat.removeIf(filter);
            } finally {
                changedAgain();
            }
        }
        List<K> doomed = new ArrayList<>();
        for (Iterator<Map.Entry<K, V>> entries = pages().entryIterator(); entries.hasNext(); ) {
            Map.Entry<K, V> entry = entries.next();
            if (filter.test(part.apply(entry))) {
                doomed.add(entry.getKey());
            }
        }
        if (!Attachment.isLive(attachment)) {
            return false;
        }
        doomed.forEach(this::remove);
        return !doomed.isEmpty();
    }

    /** This map's own keys, whose removals report nothing: a page's, to its paged map. */
    Set<K> flatKeys() {
        return super.keySet();
    }

    private Collection<V> flatValues() {
        return super.values();
    }

    /** This map's own entries, whose iterator reports nothing: a page's, to its paged map. */
    Set<Map.Entry<K, V>> flatEntries() {
        return super.entrySet();
    }

    /**
     * The entries in the order the store writes them, where an image compared with its committed bytes must not
     * depend on the session: a page's by hash (a page read again has a table sized for what it holds, and iterates
     * in another order than one a split left with a larger table); a flat map that is compared at every commit (it
     * holds arrays) by a key the same in every session, a persistent key's OID ({@code oidOf}), else its hash (a
     * persistent key with the identity hash code iterates in another order in every session). Without it, the first
     * commit after a read-only pass found those maps changed and logged them again. Any other map's as it iterates.
     */
    public Iterable<Map.Entry<K, V>> storedEntries(ToLongFunction<Object> oidOf) {
        if (pageOf() == null && (isPaged() || attachment == null || !attachment.isWatched())) {
            return entrySet();
        }
        @SuppressWarnings({"unchecked", "rawtypes"})
        Map.Entry<K, V>[] entries = flatEntries().toArray(new Map.Entry[0]);
        int[] order = pageOf() != null ? byHash(entries) : byStableKey(entries, oidOf);
        List<Map.Entry<K, V>> sorted = new ArrayList<>(entries.length);
        for (int at : order) {
            sorted.add(entries[at]);
        }
        return sorted;
    }

    /** The indexes of {@code entries} in the order of their keys' hashes, unsigned; equal hashes keep their order. */
    private static int[] byHash(Map.Entry<?, ?>[] entries) {
        long[] packed = new long[entries.length]; // the hash above the index, its top bit flipped to sort as unsigned
        for (int i = 0; i < entries.length; i++) {
            packed[i] = (Integer.toUnsignedLong(HashPages.hash(entries[i].getKey())) << 32 | i) ^ Long.MIN_VALUE;
        }
        Arrays.sort(packed);
        int[] order = new int[entries.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = (int) packed[i];
        }
        return order;
    }

    /**
     * The indexes of {@code entries} in the order of a key the same in every session: keys placed by their hash first,
     * then any other key but a persistent one by its hash code, then persistent keys by OID; equal keys keep their
     * order.
     */
    private static int[] byStableKey(Map.Entry<?, ?>[] entries, ToLongFunction<Object> oidOf) {
        long[] ranks = new long[entries.length];
        Integer[] order = new Integer[entries.length];
        for (int i = 0; i < entries.length; i++) {
            Object key = entries[i].getKey();
            ranks[i] = key instanceof Persistable ? oidOf.applyAsLong(key)
                : HashPages.placeable(key) ? Long.MIN_VALUE | Integer.toUnsignedLong(HashPages.hash(key))
                : Long.MIN_VALUE | 1L << 32 | Integer.toUnsignedLong(key.hashCode());
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingLong(i -> ranks[i]));
        return Arrays.stream(order).mapToInt(Integer::intValue).toArray();
    }

    /** A flat copy that belongs to no object, as a clone of a plain map would. */
    @Override
    public Object clone() {
        @SuppressWarnings("unchecked")
        TrackedHashMap<K, V> copy = (TrackedHashMap<K, V>) super.clone(); // copies through entrySet(), so paged too
        copy.attachment = null;
        copy.paging = null;
        return copy;
    }

    /** Serialized as a plain {@code HashMap}: its store does not travel. */
    private Object writeReplace() {
        return new HashMap<>(this);
    }
}
