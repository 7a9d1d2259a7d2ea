package org.swizzle.internal.tracked;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Arrays;
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

import org.swizzle.internal.OutOfLine;
import org.swizzle.internal.RenamedConstants;

/**
 * The entries of a large {@link TrackedHashMap}, in pages: the range of a key's {@linkplain #hash stable hash} is
 * cut into consecutive ranges, each held by a page, a small tracked map that is a stored collection of its own,
 * and the directory keeps each range's lowest hash, in order. A lookup reads only the page whose range holds its
 * key's hash, and a page is read from the store the first time a key leads to it; a change dirties that page
 * alone (and the directory when the size or the pages change), so that a commit writes about one page, not the
 * whole map. A page that outgrows {@link #PAGE_CAPACITY} splits at the median of its hashes.
 *
 * <p>Pages in hash order iterate about as a {@code HashMap} whose table is large enough does: keys whose hashes are
 * near (consecutive numbers, for boxed integers) are near in the iteration too. A map filled in ascending keys
 * changes only its last page or two between commits, and a pass over it meets its values in the order a pass
 * over a list of them, or their creation, would.
 *
 * <p>Placing a key needs a hash that is the same after a reload, in any JVM and any release: a key is placed
 * by {@code hashCode()} where the JDK specifies it (strings, boxed primitives), an enum constant by its name,
 * a {@code UUID} by its bits, and a map that receives any other key goes back to one flat image, which is
 * rehashed when it is read. A page whose keys all share one hash (a flood of equal hashes) grows instead.
 */
final class HashPages<K, V> {

    /** The entries a page holds before it splits. */
    static final int PAGE_CAPACITY = 256;

    /**
     * {@link #copyPageOutOfLine}, through a handle the JIT cannot inline (not {@code final} on purpose), so that the
     * loops of a page's own iteration stay out of the application's loop over the map's entries, which they slow at
     * every step, though they run once a page.
     */
    private static MethodHandle copying = OutOfLine.handle(MethodHandles.lookup(), "copyPageOutOfLine",
        MethodType.methodType(int.class, TrackedHashMap.class, Map.Entry[].class));
    /**
     * How near the top of its page a key put into the last page makes the page split there, the last page taking its
     * highest keys: a boxed number's hash mixes its high bits into its low ones ({@link #hash}), so consecutive numbers
     * from 65,536 on come up to 16 apart, and one that follows may hash below the key put before it.
     */
    static final int APPENDED_WINDOW = 32;
    /** The flat size beyond which a map is paged. */
    static final int PAGING_THRESHOLD = 2 * PAGE_CAPACITY;

    /** Key classes whose {@code hashCode()} the JDK specifies, so that it is the same in every JVM and release. */
    private static final Set<Class<?>> SPECIFIED_HASH = Set.of(String.class, Boolean.class, Byte.class, Short.class,
        Character.class, Integer.class, Long.class, Float.class, Double.class);

    /** One page: the lowest hash it holds, and its map once read. */
    static final class Page<K, V> implements PageSlot {
        private final HashPages<K, V> pages;
        /** The lowest hash the page holds, unsigned; the next page's bound ends its range. */
        private final int bound;
        /** The stored page, while it is not read (set before {@link #map} is emptied, and read after it). */
        private long oid;
        private volatile TrackedHashMap<K, V> map;
        /** The size at which a page whose keys could not be told apart tries to split again. */
        private int splitAt = PAGE_CAPACITY;
        /**
         * The entries the last pass took, while the keys the page holds have not changed since and the page holds the
         * map they were taken from; else null. Volatile, so that another thread that finds the array reads it filled.
         */
        private volatile Map.Entry<K, V>[] entries;

        Page(HashPages<K, V> pages, int bound, long oid, TrackedHashMap<K, V> map) {
            this.pages = pages;
            this.bound = bound;
            this.oid = oid;
            this.map = map;
        }

        int bound() {
            return bound;
        }

        /**
         * The keys the page holds changed: the entries taken before are not its own any more, and are let go, so that
         * an entry removed keeps nothing in memory.
         */
        void keysChanged() {
            entries = null;
        }

        /**
         * The entries of {@code map}, the page's, in its order: those an earlier pass took, if the page's keys have not
         * changed since, or taken now. They are the map's own entries, so a value set since is the one they
         * hold; an array handed out is never written again.
         */
        Map.Entry<K, V>[] entries(TrackedHashMap<K, V> map) {
            Map.Entry<K, V>[] taken = entries;
            if (taken == null) {
                taken = newBuffer(map.size());
                copyPage(map, taken);
                entries = taken;
            }
            return taken;
        }

        /** The page's map if it was read or made in this session, or null. */
        TrackedHashMap<K, V> loaded() {
            return map;
        }

        /** The OID of the stored page, for a page not read yet. */
        long oid() {
            return oid;
        }

        /** The page's map, read on first use (the store fills the slot, handing every thread the one instance). */
        TrackedHashMap<K, V> map() {
            TrackedHashMap<K, V> read = map;
            return read != null ? read : pages.read(this);
        }

        @Override
        @SuppressWarnings("unchecked")
        public boolean hold(Object page) {
            TrackedHashMap<K, V> read = (TrackedHashMap<K, V>) page;
            if (map == read) {
                return false;
            }
            read.asPageOf(pages.owner);
            entries = null;
            map = read;
            return true;
        }

        @Override
        public Release release() {
            TrackedHashMap<K, V> read = map;
            Release outcome = PageSlot.outcome(pages.owner, read);
            if (outcome == Release.RELEASED) {
                oid = read.attachment().oid();
                entries = null;
                map = null;
            }
            return outcome;
        }
    }

    private final TrackedHashMap<K, V> owner;
    /** The pages in the order of their bounds; the first {@link #pageCount} are in use, the first has bound 0. */
    private Page<K, V>[] directory;
    /** Each page's bound with its sign flipped, so that {@code int} comparisons order them as unsigned hashes. */
    private int[] bounds;
    private int pageCount;
    /** How the directory is stored: the sections whose pages a split changes are written again. */
    private Sections sections;
    private int size;
    private int modCount;
    /** Set once the map no longer keeps its entries here (cleared, or back to one table): a change through it then fails. */
    private boolean retired;

    private HashPages(TrackedHashMap<K, V> owner, int size, int capacity) {
        this.owner = owner;
        this.size = size;
        this.directory = newDirectory(Math.max(2, capacity));
        this.bounds = new int[directory.length];
    }

    @SuppressWarnings("unchecked")
    private static <K, V> Page<K, V>[] newDirectory(int length) {
        return (Page<K, V>[]) new Page<?, ?>[length];
    }

    /** Whether every one of {@code keys} has a hash that survives a reload. */
    static boolean allPlaceable(Iterable<?> keys) {
        for (Object key : keys) {
            if (!placeable(key)) {
                return false;
            }
        }
        return true;
    }

    static boolean placeable(Object key) {
        return key == null || key instanceof Enum || key instanceof UUID || SPECIFIED_HASH.contains(key.getClass());
    }

    /**
     * The hash a key is placed by: its stable hash code spread as {@code HashMap} spreads one, so that the pages,
     * in the order of their hashes, iterate about as a {@code HashMap} does. It is part of the stored format.
     */
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
        return spread(h);
    }

    private static int spread(int h) {
        return h ^ (h >>> 16);
    }

    /**
     * The hash {@code key} is placed by in page {@code index}: its {@linkplain #hash own}, or for an enum constant
     * renamed since its entry was put ({@link org.swizzle.PreviousNames}), the hash of the name it had then if that
     * one is in the page's range: the entry stays where it was put, and {@link #pageHolding} looks there too.
     */
    private int placedHash(Object key, int index) {
        int hash = hash(key);
        if (key instanceof Enum<?> constant && indexOf(hash) != index) {
            for (String name : RenamedConstants.previousNames(constant)) {
                int previous = spread(name.hashCode());
                if (indexOf(previous) == index) {
                    return previous;
                }
            }
        }
        return hash;
    }

    /** Pages the entries of {@code flat}, whose keys are all {@link #placeable}, for {@code owner}. */
    static <K, V> HashPages<K, V> of(TrackedHashMap<K, V> owner, Map<K, V> flat) {
        HashPages<K, V> pages = new HashPages<>(owner, 0, 4 * flat.size() / PAGE_CAPACITY);
        pages.insert(0, new Page<>(pages, 0, 0, TrackedHashMap.pageOf(owner)));
        pages.sections = Sections.fresh(1);
        for (Map.Entry<K, V> entry : flat.entrySet()) {
            pages.put(entry.getKey(), entry.getValue());
        }
        return pages;
    }

    /**
     * The pages of a stored map of {@code size} entries, not read yet: page {@code i} holds the hashes from
     * {@code lowest[i]} up to the next page's, and is stored as {@code oids[i]}; the directory is stored in
     * {@code sections}.
     *
     * @throws IllegalArgumentException if the first page does not start at hash 0, the pages are not in order, one
     *         is named twice or the sections do not hold them all
     */
    static <K, V> HashPages<K, V> stored(TrackedHashMap<K, V> owner, int size, int[] lowest, long[] oids, Sections sections) {
        if (oids.length != lowest.length) {
            throw new IllegalArgumentException(lowest.length + " pages' lowest hashes for " + oids.length + " pages");
        }
        if (sections.pageCount() != oids.length) {
            throw new IllegalArgumentException("its sections hold " + sections.pageCount() + " pages, not " + oids.length);
        }
        Paged.requireDistinct("pages", oids);
        if (size < 0 || lowest.length == 0 || lowest[0] != 0) {
            throw new IllegalArgumentException("a paged map of " + size + " entries in " + lowest.length
                + " pages, the first starting at hash " + (lowest.length == 0 ? "-" : Integer.toUnsignedString(lowest[0]))
                + " rather than 0");
        }
        HashPages<K, V> pages = new HashPages<>(owner, size, lowest.length);
        for (int i = 0; i < lowest.length; i++) {
            if (i > 0 && Integer.compareUnsigned(lowest[i - 1], lowest[i]) >= 0) {
                throw new IllegalArgumentException("page " + i + " starts at hash " + Integer.toUnsignedString(lowest[i])
                    + ", not after page " + (i - 1) + "'s " + Integer.toUnsignedString(lowest[i - 1]));
            }
            pages.insert(i, new Page<>(pages, lowest[i], oids[i], null));
        }
        pages.sections = sections;
        return pages;
    }

    @SuppressWarnings("unchecked")
    private TrackedHashMap<K, V> read(Page<K, V> page) {
        Attachment attachment = owner.attachment();
        return (TrackedHashMap<K, V>) attachment.store().page(page.oid, attachment, 0, page,
            stored -> misplaced((TrackedHashMap<?, ?>) stored, page.bound));
    }

    /**
     * What is wrong with {@code stored}, read as the page whose hashes start at {@code bound}: a key that is not
     * {@linkplain #placeable placeable}, or whose hash is not in the page's range; null if nothing.
     */
    private String misplaced(TrackedHashMap<?, ?> stored, int bound) {
        int index = indexOf(bound);
        for (Map.Entry<?, ?> entry : stored.flatEntries()) {
            Object key = entry.getKey();
            if (!placeable(key)) {
                return "holds a key of " + key.getClass().getName() + ", which no paged map holds";
            }
            int hash = placedHash(key, index);
            if (indexOf(hash) != index) {
                return "holds a key of hash " + Integer.toUnsignedString(hash) + ", outside its range of hashes from "
                    + Integer.toUnsignedString(bound)
                    + (index + 1 < pageCount ? " to " + Integer.toUnsignedString(directory[index + 1].bound) : " up");
            }
        }
        return null;
    }

    int size() {
        return size;
    }

    int pageCount() {
        return pageCount;
    }

    Sections sections() {
        return sections;
    }

    /** Hands pages {@code from} to {@code to} to {@code action}: the lowest hash each holds, its map if read, its OID. */
    void forEachPage(int from, int to, Paged.PageAction action) {
        for (int i = from; i < to; i++) {
            Page<K, V> page = directory[i];
            action.accept(page.bound, page.map, page.oid, page);
        }
    }

    /** Page {@code index}'s map, read if it is not in memory. */
    TrackedHashMap<K, V> page(int index) {
        Objects.checkIndex(index, pageCount);
        return directory[index].map();
    }

    /** The pages in hash order, which is how they are stored. */
    Iterable<Page<K, V>> pages() {
        return () -> new PageIterator();
    }

    /** The index of the page whose range holds {@code hash}: the last whose bound is not above it (bounds are distinct). */
    private int indexOf(int hash) {
        int found = Arrays.binarySearch(bounds, 0, pageCount, hash ^ Integer.MIN_VALUE);
        return found >= 0 ? found : -found - 2;
    }

    private Page<K, V> pageOf(int hash) {
        return directory[indexOf(hash)];
    }

    private TrackedHashMap<K, V> mapOf(Object key) {
        return pageHolding(key).map();
    }

    /**
     * The page of {@code key}'s hash, unless {@code key} is an enum constant renamed since its entry was put, and the
     * entry is in the page of a name it had then ({@link #placedHash}).
     */
    private Page<K, V> pageHolding(Object key) {
        Page<K, V> page = pageOf(hash(key));
        if (key instanceof Enum<?> constant) {
            String[] previousNames = RenamedConstants.previousNames(constant);
            if (previousNames.length > 0 && !page.map().containsKey(key)) {
                for (String name : previousNames) {
                    Page<K, V> previous = pageOf(spread(name.hashCode()));
                    if (previous.map().containsKey(key)) {
                        return previous;
                    }
                }
            }
        }
        return page;
    }

    /** Puts {@code page} at {@code index} of the directory, after the pages before it. */
    private void insert(int index, Page<K, V> page) {
        if (pageCount == directory.length) {
            directory = Arrays.copyOf(directory, pageCount * 2);
            bounds = Arrays.copyOf(bounds, pageCount * 2);
        }
        System.arraycopy(directory, index, directory, index + 1, pageCount - index);
        System.arraycopy(bounds, index, bounds, index + 1, pageCount - index);
        directory[index] = page;
        bounds[index] = page.bound ^ Integer.MIN_VALUE;
        pageCount++;
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
        int expected = modCount;
        return onPageOf(key, map -> map.computeIfAbsent(key, k -> unchangedSince(expected, function.apply(k))));
    }

    V computeIfPresent(K key, BiFunction<? super K, ? super V, ? extends V> function) {
        int expected = modCount;
        return onPageOf(key, map -> map.computeIfPresent(key, (k, v) -> unchangedSince(expected, function.apply(k, v))));
    }

    V compute(K key, BiFunction<? super K, ? super V, ? extends V> function) {
        int expected = modCount;
        return onPageOf(key, map -> map.compute(key, (k, v) -> unchangedSince(expected, function.apply(k, v))));
    }

    V merge(K key, V value, BiFunction<? super V, ? super V, ? extends V> function) {
        int expected = modCount;
        return onPageOf(key, map -> map.merge(key, value, (old, given) -> unchangedSince(expected, function.apply(old, given))));
    }

    /**
     * {@code result}, a function's, unless the function added or removed an entry of the map: as {@code HashMap} does,
     * which sees such a change on its own table, while here it may be on another page than the key's.
     */
    private <R> R unchangedSince(int expected, R result) {
        if (modCount != expected) {
            throw new ConcurrentModificationException();
        }
        return result;
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
        Page<K, V> page = pageHolding(key);
        TrackedHashMap<K, V> map = page.map();
        int hash = key instanceof Enum ? placedHash(key, indexOf(page.bound)) : hash(key);
        int before = map.size();
        R result = change.apply(map);
        Attachment attachment = owner.attachment();
        if (attachment != null && !attachment.isLive()) {
            return result; // an abort() made from the change's function detached the map: the rest of it is discarded
        }
        resized(page, map, before, hash);
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

    /**
     * After a change of {@code page}'s {@code map}, which held {@code before} entries, made for a key of {@code hash}:
     * counts it, splits the page if full.
     */
    private void resized(Page<K, V> page, TrackedHashMap<K, V> map, int before, int hash) {
        if (retired) {
            throw new ConcurrentModificationException("the map went back to one table while it was changed");
        }
        int change = map.size() - before;
        if (change == 0) {
            return;
        }
        page.keysChanged();
        size += change;
        modCount++;
        owner.directoryChanged();
        if (map.size() > page.splitAt) {
            splitWhileFull(page, isLast(page) ? hash : null);
        }
    }

    private boolean isLast(Page<K, V> page) {
        return directory[pageCount - 1] == page;
    }

    /**
     * Splits {@code page}, then each half in turn, until every page holds at most {@link #PAGE_CAPACITY} entries
     * or only keys of one hash; such a page tries again at twice its size. {@code appended}, the hash of the key just
     * put into the last page, or null, splits off the page's highest keys when it is among them: see {@link #split}.
     */
    private void splitWhileFull(Page<K, V> page, Integer appended) {
        Page<K, V> upper = split(page, appended);
        if (upper == null) {
            page.splitAt = 2 * page.map().size();
            return;
        }
        page.splitAt = PAGE_CAPACITY;
        if (page.map().size() > PAGE_CAPACITY) {
            splitWhileFull(page, null);
        }
        if (upper.map().size() > PAGE_CAPACITY) {
            splitWhileFull(upper, null);
        }
    }

    /**
     * Splits {@code page} at the median of its hashes, or just above its lowest hash if at least half its keys
     * have that one; returns the new page, which takes the upper part, or null if all its keys share one hash. A
     * key put into the last page among its {@link #APPENDED_WINDOW} highest ({@code appended}: its hash) splits off
     * only those highest, as a B-tree splits its rightmost page: a map filled in ascending keys (consecutive numbers)
     * then leaves its pages nearly full rather than half full, in about half as many pages, each read, stored and
     * iterated whole.
     */
    private Page<K, V> split(Page<K, V> page, Integer appended) {
        TrackedHashMap<K, V> map = page.map();
        int index = indexOf(page.bound);
        int[] hashes = new int[map.size()];
        int count = 0;
        for (Map.Entry<K, V> entry : map.flatEntries()) {
            hashes[count++] = placedHash(entry.getKey(), index) ^ Integer.MIN_VALUE;
        }
        Arrays.sort(hashes, 0, count);
        int at = count / 2;
        if (appended != null) {
            int key = appended ^ Integer.MIN_VALUE;
            int from = Arrays.binarySearch(hashes, 0, count, key); // the appended key is among them
            while (from > 0 && hashes[from - 1] == key) {
                from--;
            }
            if (from >= count - APPENDED_WINDOW) {
                at = count - APPENDED_WINDOW; // the keys that follow may hash a little lower: the last page takes them
            }
        }
        while (at < count && hashes[at] == hashes[0]) {
            at++;
        }
        if (at == count) {
            return null;
        }
        int bound = hashes[at] ^ Integer.MIN_VALUE;
        Page<K, V> upper = new Page<>(this, bound, 0, TrackedHashMap.pageOf(owner));
        for (Iterator<Map.Entry<K, V>> entries = map.entrySet().iterator(); entries.hasNext(); ) {
            Map.Entry<K, V> entry = entries.next();
            if (Integer.compareUnsigned(placedHash(entry.getKey(), index), bound) >= 0) {
                upper.map.put(entry.getKey(), entry.getValue());
                entries.remove();
            }
        }
        page.keysChanged();
        owner.rebuilt();
        insert(index + 1, upper);
        sections.pageInserted(index + 1);
        modCount++;
        return upper;
    }

    /** The map no longer keeps its entries here: a change its iterators see. */
    void retire() {
        retired = true;
        modCount++;
    }

    // ---------------------------------------------------------------- iteration (the views are the owner's)

    /**
     * A page as its entries and an iterator in it report their changes: refused once the map was detached, noted by
     * the page's map, which it holds, so that an entry taken from a page the budget let go still changes the page
     * the map reads again (the one instance while anything holds it).
     */
    private static final class PageEntries<K, V> implements Tracked {
        private final TrackedHashMap<K, V> owner;
        private final TrackedHashMap<K, V> map;

        PageEntries(TrackedHashMap<K, V> owner, TrackedHashMap<K, V> map) {
            this.owner = owner;
            this.map = map;
        }

        @Override
        public void changed() {
            owner.requireLive();
            map.changed();
        }

        @Override
        public void changedAgain() {
            map.changedAgain();
        }

        @Override
        public Attachment attachment() {
            return map.attachment();
        }

        @Override
        public void attach(Attachment attachment) {
            throw new UnsupportedOperationException("a page belongs to its map");
        }
    }

    /** The entries, each reporting {@code setValue} to its page. */
    Iterator<Map.Entry<K, V>> entryIterator() {
        return new EntryWalk<>() {
            @Override
            public Map.Entry<K, V> next() {
                Map.Entry<K, V> entry = nextEntry();
                return new TrackedEntry<>(page, entry, owner);
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

    /** The pages in hash order. */
    private final class PageIterator implements Iterator<Page<K, V>> {
        private int next;

        @Override
        public boolean hasNext() {
            return next < pageCount;
        }

        @Override
        public Page<K, V> next() {
            if (next >= pageCount) {
                throw new NoSuchElementException();
            }
            return directory[next++];
        }
    }

    /**
     * The entries, page by page, for the iterators of the three views: fails fast when the map changes other than
     * through it, and removes through the page, noting the change there. Entering a page reads its entries as an
     * array ({@link Page#entries}), copied in one tight loop, which C2 compiles with the page's own iterator in
     * registers, when the page's keys changed since the last pass; a step is then an array read. Stepping two
     * iterators in turn, the page's held in a field, cost about 10 ns an entry: half of a pass over a resident map
     * of 1,000,000 entries. The array holds the map's own entries, so a value set since the page was entered is the
     * one a step returns, as it is from a {@code HashMap}'s iterator.
     */
    private abstract class EntryWalk<E> implements Iterator<E> {
        private final PageIterator pageIterator = new PageIterator();
        /** The page the walk is in, which holds the entry returned last, and its entries as it reports their changes. */
        private Page<K, V> entered;
        PageEntries<K, V> page;
        /** The entries of the page the walk is in; the next to return is {@link #next}, the last {@code end - 1}. */
        @SuppressWarnings("unchecked")
        private Map.Entry<K, V>[] buffer = (Map.Entry<K, V>[]) NO_ENTRIES;
        private int next;
        private int end;
        /** Whether the entry returned last may be removed: one was returned, and not removed yet. */
        private boolean removable;
        private int expected = modCount;
        /** The entries of the pages not entered yet, while the map changes only through this iterator. */
        private int remaining = size;

        /**
         * Counts, so that the call stays small enough for a loop to inline it. It answers as {@code HashMap}'s
         * iterators do, even once the map changed behind it: whether there was an entry after the last one returned
         * when it was returned.
         */
        @Override
        public final boolean hasNext() {
            return next != end || remaining != 0;
        }

        final Map.Entry<K, V> nextEntry() {
            if (modCount != expected) {
                throw new ConcurrentModificationException();
            }
            int i = next;
            if (i == end) {
                i = enterNextPage();
            }
            next = i + 1;
            removable = true;
            return buffer[i];
        }

        /** Moves to the next page that holds entries and returns where its entries start; throws if there is none. */
        private int enterNextPage() {
            while (remaining != 0 && pageIterator.hasNext()) {
                Page<K, V> nextPage = pageIterator.next();
                TrackedHashMap<K, V> map = nextPage.map();
                if (!map.isEmpty()) {
                    entered = nextPage;
                    page = new PageEntries<>(owner, map);
                    buffer = nextPage.entries(map);
                    end = buffer.length;
                    remaining -= end;
                    return 0;
                }
            }
            throw new NoSuchElementException();
        }

        @Override
        public final void remove() {
            if (!removable) {
                throw new IllegalStateException();
            }
            if (modCount != expected) {
                throw new ConcurrentModificationException();
            }
            page.changed();
            page.map.flatKeys().remove(buffer[next - 1].getKey());
            entered.keysChanged();
            removable = false;
            size--;
            modCount++;
            expected = modCount;
            owner.directoryChanged();
        }
    }

    /**
     * Copies the entries of {@code page} into {@code into}, which is long enough; returns how many. A static method,
     * so that the walk, which C2 keeps in registers, is no argument of a call it may not inline.
     */
    private static int copyPage(TrackedHashMap<?, ?> page, Map.Entry<?, ?>[] into) {
        try {
            return (int) copying.invokeExact(page, into);
        } catch (Throwable failure) {
            throw OutOfLine.rethrow(failure);
        }
    }

    private static int copyPageOutOfLine(TrackedHashMap<?, ?> page, Map.Entry<?, ?>[] into) {
        int count = 0;
        for (Map.Entry<?, ?> entry : page.flatEntries()) {
            into[count++] = entry;
        }
        return count;
    }

    private static final Map.Entry<?, ?>[] NO_ENTRIES = new Map.Entry<?, ?>[0];

    @SuppressWarnings("unchecked")
    private static <K, V> Map.Entry<K, V>[] newBuffer(int length) {
        return (Map.Entry<K, V>[]) new Map.Entry<?, ?>[length];
    }
}
