package org.swizzle.internal.tracked;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.Spliterator;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import java.util.function.Supplier;

/**
 * The entry set of a tracked map: besides the changes of a set view, every entry it hands out (by
 * iteration, {@code forEach}, streams or {@code toArray}) reports {@code setValue} first.
 */
final class TrackedEntrySetView<K, V> extends TrackedSetView<Map.Entry<K, V>> {

    /** The map that may move its entries into other nodes, or null. */
    private final MovesEntries<K, V> rebuilding;

    TrackedEntrySetView(Tracked source, Set<Map.Entry<K, V>> view) {
        this(source, view, null);
    }

    /**
     * The entries of the set {@code views} gives at each use, of {@code rebuilding}, which may move them into other
     * nodes; its spliterator binds when traversal starts, in the order of the entries.
     */
    TrackedEntrySetView(Tracked source, Supplier<? extends Set<Map.Entry<K, V>>> views, MovesEntries<K, V> rebuilding) {
        super(source, views, Spliterator.ORDERED | Spliterator.DISTINCT);
        this.rebuilding = rebuilding;
    }

    /** The entries of {@code rebuilding}'s own table, which it may move into pages. */
    TrackedEntrySetView(Tracked source, Set<Map.Entry<K, V>> view, MovesEntries<K, V> rebuilding) {
        super(source, view);
        this.rebuilding = rebuilding;
    }

    private Map.Entry<K, V> tracked(Map.Entry<K, V> entry) {
        return new TrackedEntry<>(source, entry, rebuilding);
    }

    @Override
    public Iterator<Map.Entry<K, V>> iterator() {
        return new TrackedIterator<>(source, view().iterator()) {
            @Override
            public Map.Entry<K, V> next() {
                return tracked(iterator.next());
            }

            @Override
            public void forEachRemaining(Consumer<? super Map.Entry<K, V>> action) {
                iterator.forEachRemaining(entry -> action.accept(tracked(entry)));
            }
        };
    }

    @Override
    public void forEach(Consumer<? super Map.Entry<K, V>> action) {
        view().forEach(entry -> action.accept(tracked(entry)));
    }

    @Override
    public Spliterator<Map.Entry<K, V>> spliterator() {
        if (bindsLate()) {
            return super.spliterator(); // through this view's iterator, which hands out tracked entries
        }
        return new EntrySpliterator(view().spliterator());
    }

    @Override
    public Object[] toArray() {
        Object[] entries = view().toArray();
        for (int i = 0; i < entries.length; i++) {
            @SuppressWarnings("unchecked")
            Map.Entry<K, V> entry = (Map.Entry<K, V>) entries[i];
            entries[i] = tracked(entry);
        }
        return entries;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T[] toArray(T[] a) {
        Object[] entries = toArray();
        if (a.length < entries.length) {
            return (T[]) Arrays.copyOf(entries, entries.length, a.getClass());
        }
        System.arraycopy(entries, 0, a, 0, entries.length);
        if (a.length > entries.length) {
            a[entries.length] = null;
        }
        return a;
    }

    @Override
    public <T> T[] toArray(IntFunction<T[]> generator) {
        return toArray(generator.apply(0));
    }

    /** Hands out tracked entries, for streams over the entry set. */
    private final class EntrySpliterator implements Spliterator<Map.Entry<K, V>> {
        private final Spliterator<Map.Entry<K, V>> entries;

        EntrySpliterator(Spliterator<Map.Entry<K, V>> entries) {
            this.entries = entries;
        }

        @Override
        public boolean tryAdvance(Consumer<? super Map.Entry<K, V>> action) {
            return entries.tryAdvance(entry -> action.accept(tracked(entry)));
        }

        @Override
        public void forEachRemaining(Consumer<? super Map.Entry<K, V>> action) {
            entries.forEachRemaining(entry -> action.accept(tracked(entry)));
        }

        @Override
        public Spliterator<Map.Entry<K, V>> trySplit() {
            Spliterator<Map.Entry<K, V>> split = entries.trySplit();
            return split == null ? null : new EntrySpliterator(split);
        }

        @Override
        public long estimateSize() {
            return entries.estimateSize();
        }

        @Override
        public int characteristics() {
            return entries.characteristics();
        }

        @Override
        public Comparator<? super Map.Entry<K, V>> getComparator() {
            return entries.getComparator(); // a sorted map's entries compare by key, which tracked entries give
        }
    }
}
