package org.swizzle.internal.tracked;

import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The entries of a large {@link TrackedHashMap}, in pages: an extendible hash table whose directory maps the
 * low bits of a key's {@linkplain #hash stable hash} to a page, each page a small tracked map that is a
 * stored collection of its own. A lookup reads only the page on its path, and a page is read from the store
 * the first time a key leads to it; a change dirties that page alone (and the directory when the size or
 * the pages change), so that a commit writes about one page, not the whole map. A page that outgrows
 * {@link #PAGE_CAPACITY} splits in two by the next bit of the hash.
 *
 * <p>Placing a key needs a hash that is the same after a reload, in any JVM and any release: a key is placed
 * by {@code hashCode()} where the JDK specifies it (strings, boxed primitives), an enum constant by its name,
 * a {@code UUID} by its bits, and a map that receives any other key goes back to one flat image, which is
 * rehashed when it is read. A page whose keys all share the bits a split would take (a flood of equal
 * hashes) grows instead, and the directory never has more than {@link #SLOTS_PER_PAGE} slots per page.
 */
final class HashPages<K, V> {

    /** The entries a page holds before it splits. */
    static final int PAGE_CAPACITY = 256;
    /** The flat size beyond which a map is paged. */
    static final int PAGING_THRESHOLD = 2 * PAGE_CAPACITY;
    /** The most bits of the hash a directory uses; a page whose keys share them all grows instead of splitting. */
    static final int MAX_DEPTH = 30;
    /** The most directory slots per page: a directory doubles only while it keeps within this. */
    static final int SLOTS_PER_PAGE = 16;

    /** Key classes whose {@code hashCode()} the JDK specifies, so that it is the same in every JVM and release. */
    private static final Set<Class<?>> SPECIFIED_HASH = Set.of(String.class, Boolean.class, Byte.class, Short.class,
        Character.class, Integer.class, Long.class, Float.class, Double.class);

    /** One page: its place in the directory, and its map once read. */
    static final class Page<K, V> implements Tracked {
        private final HashPages<K, V> pages;
        /** The low bits of the hash every key of the page has. */
        private final int prefix;
        /** How many low bits of the hash the page's keys share. */
        private int depth;
        /** The stored page, while it is not read yet. */
        private final long oid;
        private volatile TrackedHashMap<K, V> map;
        /** The size at which a page whose keys could not be told apart tries to split again. */
        private int splitAt = PAGE_CAPACITY;

        Page(HashPages<K, V> pages, int prefix, int depth, long oid, TrackedHashMap<K, V> map) {
            this.pages = pages;
            this.prefix = prefix;
            this.depth = depth;
            this.oid = oid;
            this.map = map;
        }

        int depth() {
            return depth;
        }

        /** The page's map if it was read or made in this session, or null. */
        TrackedHashMap<K, V> loaded() {
            return map;
        }

        /** The OID of the stored page, for a page not read yet. */
        long oid() {
            return oid;
        }

        /** The page's map, read on first use (the store hands every thread the one resident instance). */
        TrackedHashMap<K, V> map() {
            TrackedHashMap<K, V> read = map;
            if (read == null) {
                read = pages.read(oid);
                map = read;
            }
            return read;
        }

        /** An entry or iterator of the page changes it: refused if the map was detached, noted by the page. */
        @Override
        public void changed() {
            pages.owner.requireLive();
            map().changed();
        }

        @Override
        public Attachment attachment() {
            return map().attachment();
        }

        @Override
        public void attach(Attachment attachment) {
            throw new UnsupportedOperationException("a page belongs to its map");
        }
    }

    private final TrackedHashMap<K, V> owner;
    private Page<K, V>[] directory;
    private int depth;
    private int pageCount;
    private int size;
    private int modCount;
    /** Set once the map no longer keeps its entries here (cleared, or back to one table): iterators then fail fast. */
    private boolean retired;

    private HashPages(TrackedHashMap<K, V> owner, int depth, int size) {
        this.owner = owner;
        this.depth = depth;
        this.size = size;
        this.directory = newDirectory(1 << depth);
    }

    @SuppressWarnings("unchecked")
    private static <K, V> Page<K, V>[] newDirectory(int length) {
        return (Page<K, V>[]) new Page<?, ?>[length];
    }

    /** Whether every key of {@code entries} has a hash that survives a reload. */
    static boolean allPlaceable(Map<?, ?> entries) {
        for (Object key : entries.keySet()) {
            if (!placeable(key)) {
                return false;
            }
        }
        return true;
    }

    static boolean placeable(Object key) {
        return key == null || key instanceof Enum || key instanceof UUID || SPECIFIED_HASH.contains(key.getClass());
    }

    /** The hash a key is placed by, mixed so that the bits a directory takes are not those its page's table takes. */
    static int hash(Object key) {
        int h;
        if (key == null) {
            h = 0;
        } else if (key instanceof Enum) {
            h = ((Enum<?>) key).name().hashCode();
        } else if (key instanceof UUID) {
            long bits = ((UUID) key).getMostSignificantBits() ^ ((UUID) key).getLeastSignificantBits();
            h = (int) (bits ^ (bits >>> 32));
        } else {
            h = key.hashCode();
        }
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        h *= 0xc2b2ae35;
        return h ^ (h >>> 16);
    }

    /** Pages the entries of {@code flat}, whose keys are all {@link #placeable}, for {@code owner}. */
    static <K, V> HashPages<K, V> of(TrackedHashMap<K, V> owner, Map<K, V> flat) {
        int depth = 1;
        while ((PAGE_CAPACITY / 2 << depth) < flat.size() && depth < MAX_DEPTH) {
            depth++;
        }
        HashPages<K, V> pages = new HashPages<>(owner, depth, 0);
        for (int slot = 0; slot < pages.directory.length; slot++) {
            pages.directory[slot] = new Page<>(pages, slot, depth, 0, TrackedHashMap.pageOf(owner));
        }
        pages.pageCount = pages.directory.length;
        for (Map.Entry<K, V> entry : flat.entrySet()) {
            pages.put(entry.getKey(), entry.getValue());
        }
        return pages;
    }

    /**
     * The pages of a stored map of {@code size} entries, not read yet: page {@code i} has local depth
     * {@code depths[i]} and is stored as {@code oids[i]}, listed in the order of the first slot each has.
     *
     * @throws IllegalArgumentException if the pages do not fill a directory of {@code depth} bits exactly once
     */
    static <K, V> HashPages<K, V> stored(TrackedHashMap<K, V> owner, int size, int depth, int[] depths, long[] oids) {
        if (depth < 0 || depth > MAX_DEPTH || size < 0 || (1L << depth) > (long) SLOTS_PER_PAGE * Math.max(1, depths.length)) {
            throw new IllegalArgumentException("a paged map of " + size + " entries with a directory of depth " + depth
                + " for " + depths.length + " pages");
        }
        HashPages<K, V> pages = new HashPages<>(owner, depth, size);
        Page<K, V>[] directory = pages.directory;
        int slot = 0;
        for (int i = 0; i < depths.length; i++) {
            while (slot < directory.length && directory[slot] != null) {
                slot++;
            }
            if (slot == directory.length || depths[i] < 0 || depths[i] > depth || slot >= 1 << depths[i]) {
                throw new IllegalArgumentException("page " + i + " (local depth " + depths[i] + ") has no place in a"
                    + " directory of depth " + depth);
            }
            Page<K, V> page = new Page<>(pages, slot, depths[i], oids[i], null);
            for (int at = slot; at < directory.length; at += 1 << depths[i]) {
                if (directory[at] != null) {
                    throw new IllegalArgumentException("pages " + i + " and another both claim slot " + at);
                }
                directory[at] = page;
            }
        }
        for (int at = 0; at < directory.length; at++) {
            if (directory[at] == null) {
                throw new IllegalArgumentException("no page has slot " + at);
            }
        }
        pages.pageCount = depths.length;
        return pages;
    }

    private TrackedHashMap<K, V> read(long oid) {
        Attachment attachment = owner.attachment();
        @SuppressWarnings("unchecked")
        TrackedHashMap<K, V> page = (TrackedHashMap<K, V>) attachment.store().page(oid, attachment, -1);
        page.asPageOf(owner);
        return page;
    }

    int size() {
        return size;
    }

    int depth() {
        return depth;
    }

    int pageCount() {
        return pageCount;
    }

    /** The pages in the order of the first slot each has, which is how they are stored. */
    Iterable<Page<K, V>> pages() {
        return () -> new PageIterator();
    }

    private Page<K, V> pageOf(int hash) {
        return directory[hash & (directory.length - 1)];
    }

    private TrackedHashMap<K, V> mapOf(Object key) {
        return pageOf(hash(key)).map();
    }

    // ---------------------------------------------------------------- queries

    V get(Object key) {
        return placeable(key) ? mapOf(key).get(key) : null;
    }

    V getOrDefault(Object key, V defaultValue) {
        return placeable(key) ? mapOf(key).getOrDefault(key, defaultValue) : defaultValue;
    }

    boolean containsKey(Object key) {
        return placeable(key) && mapOf(key).containsKey(key);
    }

    boolean containsValue(Object value) {
        for (Page<K, V> page : pages()) {
            if (page.map().containsValue(value)) {
                return true;
            }
        }
        return false;
    }

    void forEach(BiConsumer<? super K, ? super V> action) {
        int expected = modCount;
        for (Page<K, V> page : pages()) {
            page.map().forEach(action);
            if (modCount != expected) {
                throw new ConcurrentModificationException();
            }
        }
    }

    // ---------------------------------------------------------------- changes (each key's page, then the count)

    /** Placeable keys only: the owner goes back to a flat map for any other. */
    V put(K key, V value) {
        return onPageOf(key, map -> map.put(key, value));
    }

    V putIfAbsent(K key, V value) {
        return onPageOf(key, map -> map.putIfAbsent(key, value));
    }

    V computeIfAbsent(K key, Function<? super K, ? extends V> function) {
        return onPageOf(key, map -> map.computeIfAbsent(key, function));
    }

    V computeIfPresent(K key, BiFunction<? super K, ? super V, ? extends V> function) {
        return onPageOf(key, map -> map.computeIfPresent(key, function));
    }

    V compute(K key, BiFunction<? super K, ? super V, ? extends V> function) {
        return onPageOf(key, map -> map.compute(key, function));
    }

    V merge(K key, V value, BiFunction<? super V, ? super V, ? extends V> function) {
        return onPageOf(key, map -> map.merge(key, value, function));
    }

    /** Removes an entry, leaving the page clean when there is none. */
    V remove(Object key) {
        return placeable(key) ? onPageOf(key, map -> map.containsKey(key) ? map.remove(key) : null) : null;
    }

    boolean remove(Object key, Object value) {
        return placeable(key) && onPageOf(key, map -> map.containsKey(key) && Objects.equals(map.get(key), value) && map.remove(key, value));
    }

    /** Applies {@code change} to the page of {@code key}, then counts what it added or removed. */
    private <R> R onPageOf(Object key, Function<TrackedHashMap<K, V>, R> change) {
        Page<K, V> page = pageOf(hash(key));
        TrackedHashMap<K, V> map = page.map();
        int before = map.size();
        R result = change.apply(map);
        resized(page, map, before);
        return result;
    }

    boolean replace(K key, V oldValue, V newValue) {
        if (!placeable(key)) {
            return false;
        }
        TrackedHashMap<K, V> map = mapOf(key);
        return map.containsKey(key) && Objects.equals(map.get(key), oldValue) && map.replace(key, oldValue, newValue);
    }

    V replace(K key, V value) {
        if (!placeable(key)) {
            return null;
        }
        TrackedHashMap<K, V> map = mapOf(key);
        return map.containsKey(key) ? map.replace(key, value) : null;
    }

    void replaceAll(BiFunction<? super K, ? super V, ? extends V> function) {
        int expected = modCount;
        for (Page<K, V> page : pages()) {
            page.map().replaceAll(function);
            if (modCount != expected) {
                throw new ConcurrentModificationException();
            }
        }
    }

    /** After a change of {@code page}'s {@code map}, which held {@code before} entries: counts it, splits the page if full. */
    private void resized(Page<K, V> page, TrackedHashMap<K, V> map, int before) {
        if (retired) {
            throw new ConcurrentModificationException("the map went back to one table while it was changed");
        }
        int change = map.size() - before;
        if (change == 0) {
            return;
        }
        size += change;
        modCount++;
        owner.directoryChanged();
        while (map.size() > page.splitAt) {
            if (!splittable(page, map)) {
                page.splitAt = 2 * map.size();
                return;
            }
            Page<K, V> upper = split(page);
            if (upper.map.size() > map.size()) {
                page = upper;
                map = upper.map;
            }
        }
    }

    /**
     * Whether splitting {@code page} may part its keys: they differ in a bit of the hash beyond the page's depth,
     * and the directory may double if it must.
     */
    private boolean splittable(Page<K, V> page, TrackedHashMap<K, V> map) {
        if (page.depth == MAX_DEPTH || page.depth == depth && 2L * directory.length > (long) SLOTS_PER_PAGE * (pageCount + 1)) {
            return false;
        }
        int first = 0;
        int differing = 0;
        boolean any = false;
        for (Map.Entry<K, V> entry : map.flatEntries()) {
            int hash = hash(entry.getKey());
            if (!any) {
                first = hash;
                any = true;
            }
            differing |= hash ^ first;
        }
        return differing >>> page.depth != 0;
    }

    /** Splits {@code page} by the next bit of the hash; returns the new page, which takes the keys with that bit set. */
    private Page<K, V> split(Page<K, V> page) {
        if (page.depth == depth) {
            Page<K, V>[] doubled = newDirectory(directory.length * 2);
            System.arraycopy(directory, 0, doubled, 0, directory.length);
            System.arraycopy(directory, 0, doubled, directory.length, directory.length);
            directory = doubled;
            depth++;
        }
        int bit = 1 << page.depth;
        page.depth++;
        Page<K, V> upper = new Page<>(this, page.prefix | bit, page.depth, 0, TrackedHashMap.pageOf(owner));
        for (Iterator<Map.Entry<K, V>> entries = page.map().entrySet().iterator(); entries.hasNext(); ) {
            Map.Entry<K, V> entry = entries.next();
            if ((hash(entry.getKey()) & bit) != 0) {
                upper.map.put(entry.getKey(), entry.getValue());
                entries.remove();
            }
        }
        for (int slot = upper.prefix; slot < directory.length; slot += 1 << page.depth) {
            directory[slot] = upper;
        }
        pageCount++;
        modCount++;
        return upper;
    }

    /** The map no longer keeps its entries here. */
    void retire() {
        retired = true;
    }

    // ---------------------------------------------------------------- iteration (the views are the owner's)

    /** The entries, each reporting {@code setValue} to its page. */
    Iterator<Map.Entry<K, V>> entryIterator() {
        return new EntryWalk<>() {
            @Override
            public Map.Entry<K, V> next() {
                Map.Entry<K, V> entry = nextEntry();
                return new TrackedEntry<>(lastPage, entry);
            }
        };
    }

    Iterator<K> keyIterator() {
        return new EntryWalk<>() {
            @Override
            public K next() {
                return nextEntry().getKey();
            }
        };
    }

    Iterator<V> valueIterator() {
        return new EntryWalk<>() {
            @Override
            public V next() {
                return nextEntry().getValue();
            }
        };
    }

    /** The pages, each once, in the order of their first slot. */
    private final class PageIterator implements Iterator<Page<K, V>> {
        private int slot = nextFirstSlot(0);

        private int nextFirstSlot(int from) {
            int at = from;
            while (at < directory.length && directory[at].prefix != at) {
                at++;
            }
            return at;
        }

        @Override
        public boolean hasNext() {
            return slot < directory.length;
        }

        @Override
        public Page<K, V> next() {
            if (slot >= directory.length) {
                throw new NoSuchElementException();
            }
            Page<K, V> page = directory[slot];
            slot = nextFirstSlot(slot + 1);
            return page;
        }
    }

    /**
     * The entries, page by page, for the iterators of the three views: fails fast when the map changes other than
     * through it, and removes through the page's own iterator, which reports the change to the page. A step is a
     * step of the page's own iterator; the move to the next page is out of line, so that a loop over a view
     * compiles to a loop over the pages' iterators.
     */
    private abstract class EntryWalk<E> implements Iterator<E> {
        private final PageIterator pageIterator = new PageIterator();
        private Page<K, V> page;
        private Iterator<Map.Entry<K, V>> entries;
        /** The page of the entry returned last. */
        Page<K, V> lastPage;
        private Iterator<Map.Entry<K, V>> lastEntries;
        private int expected = modCount;

        @Override
        public final boolean hasNext() {
            Iterator<Map.Entry<K, V>> current = entries;
            return current != null && current.hasNext() || nextPage();
        }

        /** Moves to the next page that holds entries; false once there is none. */
        private boolean nextPage() {
            while (pageIterator.hasNext()) {
                page = pageIterator.next();
                entries = page.map().flatEntries().iterator();
                if (entries.hasNext()) {
                    return true;
                }
            }
            return false;
        }

        final Map.Entry<K, V> nextEntry() {
            if (modCount != expected || retired) {
                throw new ConcurrentModificationException();
            }
            Iterator<Map.Entry<K, V>> current = entries;
            if (current == null || !current.hasNext()) {
                current = enterNextPage();
            }
            lastPage = page;
            lastEntries = current;
            return current.next();
        }

        private Iterator<Map.Entry<K, V>> enterNextPage() {
            if (!nextPage()) {
                throw new NoSuchElementException();
            }
            return entries;
        }

        @Override
        public final void remove() {
            if (lastEntries == null) {
                throw new IllegalStateException();
            }
            if (modCount != expected || retired) {
                throw new ConcurrentModificationException();
            }
            lastPage.changed();
            lastEntries.remove();
            lastEntries = null;
            size--;
            modCount++;
            expected = modCount;
            owner.directoryChanged();
        }
    }
}
