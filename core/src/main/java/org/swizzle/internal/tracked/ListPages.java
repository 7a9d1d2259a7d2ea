package org.swizzle.internal.tracked;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collection;
import java.util.Comparator;
import java.util.ConcurrentModificationException;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

import org.swizzle.internal.OutOfLine;

/**
 * The elements of a large {@link TrackedArrayList}, in chunks: a sequence of small tracked lists, each a stored
 * collection of its own, and a directory of how many elements each holds. An index is found by a binary search
 * of the directory (a walk finds the chunk it found last at once), a chunk is read from the store the first
 * time an index leads to it, and a change dirties that chunk alone (and, when a count changes, the directory's
 * list of sections and the {@link Sections section} that holds the count), so that a commit writes about one
 * chunk, not the whole list.
 *
 * <p>Appending fills the last chunk, then starts another. A chunk that outgrows {@link #CHUNK_CAPACITY} splits
 * in two; one that empties goes, and one that falls below a quarter of it takes in its successor where both
 * fit in half, so the chunks of a list that shrinks stay few.
 */
final class ListPages<E> {

    /** The elements a chunk holds before it splits. */
    static final int CHUNK_CAPACITY = 512;
    /** The flat size beyond which a list is paged. */
    static final int PAGING_THRESHOLD = 2 * CHUNK_CAPACITY;

    /**
     * {@link #searchOutOfLine}, through a handle the JIT cannot inline (not {@code final} on purpose): a loop inlined
     * into the step of an iterator makes the application's loop over the list a loop with a loop inside, which C2
     * compiles about twice as slow per element as one without, though the search runs once a chunk.
     */
    private static MethodHandle searching = OutOfLine.handle(MethodHandles.lookup(), "searchOutOfLine",
        MethodType.methodType(int.class, ListPages.class, int.class));

    /** One chunk: how many elements it holds, and its list once read. */
    private static final class Chunk<E> implements PageSlot {
        private final TrackedArrayList<E> owner;
        /** The stored chunk, while it is not read (set before {@link #list} is emptied, and read after it). */
        private long oid;
        private int count;
        private volatile TrackedArrayList<E> list;

        Chunk(TrackedArrayList<E> owner, long oid, int count, TrackedArrayList<E> list) {
            this.owner = owner;
            this.oid = oid;
            this.count = count;
            this.list = list;
        }

        @Override
        @SuppressWarnings("unchecked")
        public boolean hold(Object page) {
            TrackedArrayList<E> read = (TrackedArrayList<E>) page;
            if (list == read) {
                return false;
            }
            read.asPageOf(owner);
            list = read;
            return true;
        }

        @Override
        public Release release() {
            return release(false);
        }

        /**
         * Empties the slot if its page may be let go; {@code evenWatched}, for a page its check refused, so that its next
         * use checks it again: also one compared at every commit, never one changed since the last commit.
         */
        Release release(boolean evenWatched) {
            TrackedArrayList<E> read = list;
            Release outcome = PageSlot.outcome(owner, read, evenWatched);
            if (outcome == Release.RELEASED) {
                oid = read.attachment().oid();
                list = null;
            }
            return outcome;
        }
    }

    private final TrackedArrayList<E> owner;
    private Chunk<E>[] chunks;
    /** {@code starts[k]}: the index of chunk {@code k}'s first element. */
    private int[] starts;
    private int chunkCount;
    private int size;
    /** The chunk an index led to last, tried first by the next. */
    private int last;
    /** Set once the list no longer keeps its elements here (cleared, or moved to fresh pages). */
    private boolean retired;
    /** How the directory is stored: the sections whose counts change are written again. */
    private final Sections sections;
    /** What looks at each chunk read from the store (see {@link SortedEntries}); null for a list without one. */
    private ChunkCheck chunkCheck;

    private ListPages(TrackedArrayList<E> owner, int capacity, Sections sections) {
        this.owner = owner;
        this.sections = sections;
        this.chunks = newChunks(Math.max(4, capacity));
        this.starts = new int[chunks.length];
    }

    @SuppressWarnings("unchecked")
    private static <E> Chunk<E>[] newChunks(int length) {
        return (Chunk<E>[]) new Chunk<?>[length];
    }

    /** Pages {@code elements} for {@code owner}, in full chunks. */
    static <E> ListPages<E> of(TrackedArrayList<E> owner, Object[] elements) {
        ListPages<E> pages = new ListPages<>(owner, elements.length / CHUNK_CAPACITY + 1, Sections.fresh(0));
        pages.append(elements);
        return pages;
    }

    /**
     * The chunks of a stored list of {@code size} elements, not read yet: chunk {@code i} holds {@code counts[i]}
     * elements and is stored as {@code oids[i]}; the directory is stored in {@code sections}.
     *
     * @throws IllegalArgumentException if a chunk is empty, the counts do not add up to {@code size}, a chunk is
     *         named twice or the sections do not hold them all
     */
    static <E> ListPages<E> stored(TrackedArrayList<E> owner, int size, int[] counts, long[] oids, Sections sections) {
        if (oids.length != counts.length) {
            throw new IllegalArgumentException(counts.length + " chunk counts for " + oids.length + " chunks");
        }
        if (sections.pageCount() != oids.length) {
            throw new IllegalArgumentException("its sections hold " + sections.pageCount() + " chunks, not " + oids.length);
        }
        Paged.requireDistinct("pages", oids);
        long total = 0;
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] <= 0) {
                throw new IllegalArgumentException("chunk " + i + " of a paged list holds " + counts[i] + " elements");
            }
            total += counts[i];
        }
        if (total != size) {
            throw new IllegalArgumentException("the chunks of a paged list of " + size + " elements hold " + total);
        }
        ListPages<E> pages = new ListPages<>(owner, counts.length, sections);
        for (int i = 0; i < counts.length; i++) {
            pages.chunks[i] = new Chunk<>(owner, oids[i], counts[i], null);
        }
        pages.chunkCount = counts.length;
        pages.size = size;
        pages.restart(0);
        return pages;
    }

    int size() {
        return size;
    }

    int chunkCount() {
        return chunkCount;
    }

    Sections sections() {
        return sections;
    }

    /** Hands chunks {@code from} to {@code to}, in order, to {@code action}: its count, and its list if read (else null) with its OID. */
    void forEachChunk(int from, int to, Paged.PageAction action) {
        for (int k = from; k < to; k++) {
            action.accept(chunks[k].count, chunks[k].list, chunks[k].oid, chunks[k]);
        }
    }

    /** The list no longer keeps its elements here. */
    void retire() {
        retired = true;
    }

    /** Chunk {@code k}'s list, read if it is not in memory. */
    TrackedArrayList<E> chunk(int k) {
        Objects.checkIndex(k, chunkCount);
        return list(k);
    }

    /** Chunk {@code k}'s list, read on first use. */
    private TrackedArrayList<E> list(int k) {
        TrackedArrayList<E> read = chunks[k].list;
        return read != null ? read : readChecked(k);
    }

    /** Has {@code check} look at each chunk read from the store from now on. */
    void checkChunksWith(ChunkCheck check) {
        chunkCheck = check;
    }

    /**
     * Reads chunk {@code k}, then has the list's {@link ChunkCheck}, if it has one, look at it: at once, and, inside a
     * read that met a fill in progress, again once the read is whole (the keys a sorted map's check compares may read
     * a set that read is filling).
     */
    private TrackedArrayList<E> readChecked(int k) {
        Chunk<E> chunk = chunks[k];
        TrackedArrayList<E> read = read(chunk, starts[k]);
        if (chunkCheck != null) {
            owner.attachment().store().checkOnceReadWhole(new ChunkRead(chunk, read, k));
        }
        return read;
    }

    /**
     * A chunk read, for the list's {@link ChunkCheck}; refused, it is let go, so that its next use checks it again (unless
     * it changed since the last commit: then it stays, as only it holds the change).
     */
    private final class ChunkRead implements Paged.ReadCheck {
        private final Chunk<E> slot;
        private final TrackedArrayList<E> read;
        private final int index;

        ChunkRead(Chunk<E> slot, TrackedArrayList<E> read, int index) {
            this.slot = slot;
            this.read = read;
            this.index = index;
        }

        @Override
        public void check() {
            int k = index < chunkCount && chunks[index] == slot ? index : indexOf(slot);
            if (k < 0) {
                return; // merged into another, by a change made meanwhile
            }
            chunkCheck.read(k, read); // even if let go since (the budget may have): the read may have placed keys by it
        }

        @Override
        public void letGo() {
            if (slot.list == read) {
                slot.release(true);
            }
        }
    }

    /** The index of the chunk {@code slot} stands for, or -1 if the list holds it no longer. */
    private int indexOf(Chunk<E> slot) {
        for (int k = 0; k < chunkCount; k++) {
            if (chunks[k] == slot) {
                return k;
            }
        }
        return -1;
    }

    /** Reads {@code chunk}, which starts at {@code start} (the store fills the slot, handing every thread the one instance). */
    @SuppressWarnings("unchecked")
    private TrackedArrayList<E> read(Chunk<E> chunk, int start) {
        Attachment attachment = owner.attachment();
        return (TrackedArrayList<E>) attachment.store().page(chunk.oid, attachment, start, chunk, read -> {
            int held = ((List<?>) read).size();
            return held == chunk.count ? null : "holds " + held + " elements where its directory says " + chunk.count;
        });
    }

    /**
     * {@link #chunkIndexOutOfLine}, through a handle the JIT cannot inline (see {@link #searching}): what an iterator
     * runs to move to the next chunk, once a chunk, would otherwise make the compiled step of the iterator too big for
     * C2 to inline into the application's loop, when the step was compiled on its own first.
     */
    private static MethodHandle findingChunk = OutOfLine.handle(MethodHandles.lookup(), "chunkIndexOutOfLine",
        MethodType.methodType(int.class, ListPages.class, int.class));

    /** {@link #chunkIndexOutOfLine}, from a method small enough for any caller to inline. */
    static int chunkIndex(ListPages<?> pages, int index) {
        try {
            return (int) findingChunk.invokeExact(pages, index);
        } catch (Throwable failure) {
            throw OutOfLine.rethrow(failure);
        }
    }

    /**
     * The chunk that holds {@code index}, which must be within the list, read here if it was not, so that the caller
     * finds it in memory ({@link #chunkInMemory}) and a compile of the caller need not hold the read.
     */
    private static int chunkIndexOutOfLine(ListPages<?> pages, int index) {
        Objects.checkIndex(index, pages.size);
        int k = pages.chunkAt(index);
        pages.list(k);
        return k;
    }

    /** Chunk {@code k}'s list if it is in memory, else null (the budget may release it). */
    TrackedArrayList<E> chunkInMemory(int k) {
        return chunks[k].list;
    }

    /** The chunk that holds {@code index}, which is within the list: the one found last, or searched for. */
    private int chunkAt(int index) {
        int k = last;
        if (k < chunkCount && index >= starts[k] && index - starts[k] < chunks[k].count) {
            return k;
        }
        return search(this, index);
    }

    /** {@link #searchOutOfLine}, from a method small enough for any caller to inline. */
    private static int search(ListPages<?> pages, int index) {
        try {
            return (int) searching.invokeExact(pages, index);
        } catch (Throwable failure) {
            throw OutOfLine.rethrow(failure);
        }
    }

    /**
     * The last chunk of {@code pages} that starts at or before {@code index}: past any empty chunk that starts there
     * too.
     */
    private static int searchOutOfLine(ListPages<?> pages, int index) {
        int[] starts = pages.starts;
        int low = 0;
        int high = pages.chunkCount - 1;
        while (low < high) {
            int middle = (low + high + 1) >>> 1;
            if (starts[middle] <= index) {
                low = middle;
            } else {
                high = middle - 1;
            }
        }
        pages.last = low;
        return low;
    }

    /** Recomputes where each chunk from {@code from} on starts. */
    private void restart(int from) {
        int start = from == 0 ? 0 : starts[from - 1] + chunks[from - 1].count;
        for (int k = from; k < chunkCount; k++) {
            starts[k] = start;
            start += chunks[k].count;
        }
    }

    // ---------------------------------------------------------------- queries

    E get(int index) {
        Objects.checkIndex(index, size);
        int k = chunkAt(index);
        return list(k).element(index - starts[k]);
    }

    /** Where chunk {@code k} starts. */
    int start(int k) {
        Objects.checkIndex(k, chunkCount);
        return starts[k];
    }

    /** The chunk that holds {@code index}, which is within the list. */
    TrackedArrayList<E> chunkHolding(int index) {
        Objects.checkIndex(index, size);
        return list(chunkAt(index));
    }

    /** Where the chunk that holds {@code index} starts. */
    int startOfChunkHolding(int index) {
        return starts[chunkAt(index)];
    }

    int indexOf(Object o) {
        for (int k = 0; k < chunkCount; k++) {
            int at = list(k).indexOf(o);
            if (at >= 0) {
                return starts[k] + at;
            }
        }
        return -1;
    }

    int lastIndexOf(Object o) {
        for (int k = chunkCount - 1; k >= 0; k--) {
            int at = list(k).lastIndexOf(o);
            if (at >= 0) {
                return starts[k] + at;
            }
        }
        return -1;
    }

    Object[] toArray() {
        Object[] elements = new Object[size];
        for (int k = 0; k < chunkCount; k++) {
            Object[] chunk = list(k).toArray();
            System.arraycopy(chunk, 0, elements, starts[k], chunk.length);
        }
        return elements;
    }

    void forEach(Consumer<? super E> action) {
        int expected = owner.modifications();
        for (int k = 0; k < chunkCount; k++) {
            TrackedArrayList<E> list = list(k);
            for (int j = 0, count = chunks[k].count; j < count; j++) {
                action.accept(list.element(j));
                if (owner.modifications() != expected) {
                    throw new ConcurrentModificationException();
                }
            }
        }
    }

    // ---------------------------------------------------------------- changes

    E set(int index, E element) {
        Objects.checkIndex(index, size);
        int k = chunkAt(index);
        return list(k).set(index - starts[k], element);
    }

    void add(E element) {
        int k = chunkCount - 1;
        if (k < 0 || chunks[k].count >= CHUNK_CAPACITY) {
            k = chunkCount;
            insert(k, new Chunk<>(owner, 0, 0, TrackedArrayList.pageOf(owner)));
        }
        list(k).add(element);
        counted(k, 1);
    }

    /** Inserts at {@code index}, which is within the list or its size. */
    void add(int index, E element) {
        if (index == size) {
            add(element);
            return;
        }
        Objects.checkIndex(index, size);
        int k = chunkAt(index);
        list(k).add(index - starts[k], element);
        counted(k, 1);
        if (chunks[k].count > CHUNK_CAPACITY) {
            cut(k, half(chunks[k].count));
        }
    }

    /** Appends {@code elements}: the last chunk is filled, then full chunks follow. */
    void append(Object[] elements) {
        int from = 0;
        int k = chunkCount - 1;
        if (k >= 0 && chunks[k].count < CHUNK_CAPACITY && elements.length > 0) {
            int taken = Math.min(CHUNK_CAPACITY - chunks[k].count, elements.length);
            list(k).addAll(slice(elements, 0, taken));
            counted(k, taken);
            from = taken;
        }
        insertChunks(chunkCount, elements, from);
    }

    /**
     * Inserts {@code elements} at {@code index}, which is within the list or its size: into the chunk that holds
     * {@code index} where the two fit in two chunks (split in half if they overfill one), else in full chunks of
     * their own, so that inserting a few elements at a time does not leave a trail of small chunks.
     */
    void addAll(int index, Object[] elements) {
        if (index == size) {
            append(elements);
            return;
        }
        Objects.checkIndex(index, size);
        int k = chunkAt(index);
        int offset = index - starts[k];
        if (chunks[k].count + elements.length <= 2 * CHUNK_CAPACITY) {
            list(k).addAll(offset, slice(elements, 0, elements.length));
            counted(k, elements.length);
            if (chunks[k].count > CHUNK_CAPACITY) {
                cut(k, half(chunks[k].count));
            }
            return;
        }
        if (offset > 0) {
            cut(k, offset);
            k++;
        }
        insertChunks(k, elements, 0);
    }

    E remove(int index) {
        Objects.checkIndex(index, size);
        int k = chunkAt(index);
        E removed = list(k).remove(index - starts[k]);
        counted(k, -1);
        tidy(k);
        return removed;
    }

    /** Removes the elements from {@code from} to {@code to}, which are within the list; a chunk removed whole is not read. */
    void removeRange(int from, int to) {
        if (from >= to) {
            return;
        }
        int first = chunkAt(from);
        int k = first;
        while (k < chunkCount && starts[k] < to) {
            int start = starts[k];
            int count = chunks[k].count;
            int cutFrom = Math.max(from, start) - start;
            int cutTo = Math.min(to, start + count) - start;
            if (cutFrom == 0 && cutTo == count) {
                chunks[k].count = 0;
            } else {
                list(k).removeRange(cutFrom, cutTo);
                chunks[k].count = count - (cutTo - cutFrom);
                sections.pageChanged(k);
            }
            k++;
        }
        size -= to - from;
        dropEmpty(first);
        changedDirectory();
        if (first < chunkCount) {
            tidy(first);
        }
    }

    /**
     * Removes the elements {@code filter} accepts. As {@code ArrayList} does, it asks {@code filter} about every
     * element first and removes afterwards, so that {@code filter} sees the list unchanged and nothing is removed
     * if it throws; only the chunks that lose elements change.
     */
    boolean removeIf(Predicate<? super E> filter) {
        int expected = owner.modifications();
        owner.callingApplication();
        BitSet doomed = new BitSet();
        for (int k = 0, index = 0; k < chunkCount; k++) {
            TrackedArrayList<E> list = list(k);
            for (int j = 0, count = chunks[k].count; j < count; j++, index++) {
                if (filter.test(list.element(j))) {
                    doomed.set(index);
                }
                if (owner.modifications() != expected) {
                    throw new ConcurrentModificationException();
                }
            }
        }
        if (doomed.isEmpty() || !owner.isLive()) {
            return false; // an abort made from the filter detached the list: the removal goes with it
        }
        for (int k = 0; k < chunkCount; k++) {
            int start = starts[k];
            int first = doomed.nextSetBit(start);
            if (first >= 0 && first < start + chunks[k].count) {
                TrackedArrayList<E> list = list(k);
                int[] at = {start};
                list.removeIf(element -> doomed.get(at[0]++));
                chunks[k].count = list.size();
                sections.pageChanged(k);
            }
        }
        size -= doomed.cardinality();
        dropEmpty(0);
        changedDirectory();
        return true;
    }

    boolean removeAll(Collection<?> c, boolean contained) {
        Objects.requireNonNull(c);
        return removeIf(element -> c.contains(element) == contained);
    }

    void replaceAll(UnaryOperator<E> operator) {
        Objects.requireNonNull(operator);
        int expected = owner.modifications();
        owner.callingApplication();
        for (int k = 0; k < chunkCount; k++) {
            TrackedArrayList<E> list = list(k);
            for (int j = 0, count = chunks[k].count; j < count; j++) {
                E replacement = operator.apply(list.element(j));
                if (owner.modifications() != expected) {
                    throw new ConcurrentModificationException();
                }
                if (!owner.isLive()) {
                    return; // an abort made from the operator detached the list: the rest goes with it
                }
                list.set(j, replacement);
            }
        }
    }

    /** Sorts all elements, then sets only those that moved, so that chunks whose elements stay put stay clean. */
    @SuppressWarnings("unchecked")
    void sort(Comparator<? super E> comparator) {
        int expected = owner.modifications();
        // held through the sort: a chunk the budget let go and read again holds other instances of equal values
        TrackedArrayList<E>[] lists = (TrackedArrayList<E>[]) new TrackedArrayList<?>[chunkCount];
        Object[] sorted = new Object[size];
        for (int k = 0; k < chunkCount; k++) {
            lists[k] = list(k);
            System.arraycopy(lists[k].toArray(), 0, sorted, starts[k], chunks[k].count);
        }
        owner.callingApplication();
        Arrays.sort(sorted, (Comparator<Object>) comparator);
        if (owner.modifications() != expected) {
            throw new ConcurrentModificationException();
        }
        if (!owner.isLive()) {
            return; // an abort made from the comparator detached the list: the sort goes with it
        }
        for (int k = 0; k < chunkCount; k++) {
            TrackedArrayList<E> list = lists[k];
            for (int j = 0, at = starts[k]; j < chunks[k].count; j++, at++) {
                if (list.element(j) != sorted[at]) {
                    list.set(j, (E) sorted[at]);
                }
            }
        }
    }

    // ---------------------------------------------------------------- the directory

    /** After chunk {@code k} gained {@code change} elements: counts them, and moves the starts of the chunks after it. */
    private void counted(int k, int change) {
        chunks[k].count += change;
        sections.pageChanged(k);
        size += change;
        for (int j = k + 1; j < chunkCount; j++) {
            starts[j] += change;
        }
        changedDirectory();
    }

    private void changedDirectory() {
        if (retired) {
            throw new ConcurrentModificationException("the list was cleared while it was changed");
        }
        owner.directoryChanged();
    }

    /**
     * Where a chunk of {@code count} elements, at most twice {@link #CHUNK_CAPACITY}, splits in half: at an even index,
     * so that the chunks of a list holding pairs in turn (a large {@code TreeMap}'s keys and values) start with a key,
     * and their element types can be checked; past the middle where the second half would be over capacity.
     */
    private static int half(int count) {
        int at = count / 2 & ~1;
        return count - at > CHUNK_CAPACITY ? at + 2 : at;
    }

    /** Moves the elements of chunk {@code k} from {@code at} on into a new chunk after it. */
    private void cut(int k, int at) {
        TrackedArrayList<E> list = list(k);
        int count = chunks[k].count;
        TrackedArrayList<E> tail = TrackedArrayList.pageOf(owner);
        tail.addAll(list.subList(at, count));
        list.removeRange(at, count);
        chunks[k].count = at;
        sections.pageChanged(k);
        insert(k + 1, new Chunk<>(owner, 0, count - at, tail));
        restart(k + 1);
        changedDirectory();
    }

    /** Inserts {@code elements} from {@code from} on, in full chunks, before chunk {@code k}. */
    private void insertChunks(int k, Object[] elements, int from) {
        int at = k;
        for (int i = from; i < elements.length; i += CHUNK_CAPACITY) {
            TrackedArrayList<E> list = TrackedArrayList.pageOf(owner);
            list.addAll(slice(elements, i, Math.min(i + CHUNK_CAPACITY, elements.length)));
            insert(at++, new Chunk<>(owner, 0, list.size(), list));
            size += list.size();
        }
        if (at > k) {
            restart(k);
            changedDirectory();
        }
    }

    @SuppressWarnings("unchecked")
    private static <E> List<E> slice(Object[] elements, int from, int to) {
        return (List<E>) Arrays.asList(elements).subList(from, to);
    }

    /** Makes room for {@code chunk} as chunk {@code k}; its start is set by the caller. */
    private void insert(int k, Chunk<E> chunk) {
        if (chunkCount == chunks.length) {
            chunks = Arrays.copyOf(chunks, chunkCount * 2);
            starts = Arrays.copyOf(starts, chunkCount * 2);
        }
        System.arraycopy(chunks, k, chunks, k + 1, chunkCount - k);
        System.arraycopy(starts, k, starts, k + 1, chunkCount - k);
        chunks[k] = chunk;
        starts[k] = k == 0 ? 0 : starts[k - 1] + chunks[k - 1].count;
        chunkCount++;
        sections.pageInserted(k);
    }

    /** Drops the chunks from {@code from} on that hold nothing, and recomputes the starts. */
    private void dropEmpty(int from) {
        for (int k = chunkCount - 1; k >= from; k--) {
            if (chunks[k].count == 0) {
                sections.pageRemoved(k);
            }
        }
        int kept = from;
        for (int k = from; k < chunkCount; k++) {
            if (chunks[k].count > 0) {
                chunks[kept++] = chunks[k];
            }
        }
        Arrays.fill(chunks, kept, chunkCount, null);
        chunkCount = kept;
        last = 0;
        restart(from);
    }

    /** Drops chunk {@code k} if it emptied, or merges its successor into it where both are small. */
    private void tidy(int k) {
        int count = chunks[k].count;
        if (count == 0) {
            dropEmpty(k);
        } else if (k + 1 < chunkCount && Paged.mergeable(count, chunks[k + 1].count, CHUNK_CAPACITY)) {
            TrackedArrayList<E> next = list(k + 1);
            list(k).addAll(next);
            chunks[k].count += next.size();
            sections.pageChanged(k);
            chunks[k + 1].count = 0;
            dropEmpty(k + 1);
        }
    }
}
