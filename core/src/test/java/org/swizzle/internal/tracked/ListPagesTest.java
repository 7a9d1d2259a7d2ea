package org.swizzle.internal.tracked;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.List;
import java.util.ListIterator;
import java.util.NoSuchElementException;
import java.util.Random;
import java.util.Set;
import java.util.Spliterator;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

/**
 * A {@link TrackedArrayList} that outgrows {@link ListPages#PAGING_THRESHOLD} keeps its elements in chunks, in
 * memory: it behaves as an {@code ArrayList} through every operation (checked against one, step by step, through
 * growth, splits, merges and shrinking), and its chunks stay within {@link ListPages#CHUNK_CAPACITY}.
 */
class ListPagesTest {

    @Test
    void shouldRefuseADirectoryWhoseCountsAndChunksDiffer() {
        assertThrows(IllegalArgumentException.class, () -> TrackedArrayList.paged(3, new int[] {3}, new long[] {0x65, 0x66}, null, null));
        assertThrows(IllegalArgumentException.class, () -> TrackedArrayList.paged(3, new int[] {2, 1}, new long[] {0x65}, null, null));
    }

    @Test
    void shouldRefuseADirectoryNamingOneChunkTwice() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
            () -> TrackedArrayList.paged(3, new int[] {2, 1}, new long[] {0x65, 0x65}, null, null));
        assertEquals("pages 0 and 1 are both stored as OID 101", refused.getMessage());
    }

    @Test
    void shouldPageOnlyBeyondTheThreshold() {
        TrackedArrayList<Integer> list = new TrackedArrayList<>();
        for (int i = 0; i < ListPages.PAGING_THRESHOLD; i++) {
            list.add(i);
        }
        assertFalse(list.isPaged());
        list.add(ListPages.PAGING_THRESHOLD);
        assertTrue(list.isPaged());
        assertEquals(ListPages.PAGING_THRESHOLD + 1, list.size());
        for (int i = 0; i <= ListPages.PAGING_THRESHOLD; i++) {
            assertEquals(i, list.get(i));
        }
        assertEquals(0, list.getFirst());
        assertEquals(ListPages.PAGING_THRESHOLD, list.getLast());
        assertChunksWithinCapacity(list);
    }

    @Test
    void shouldFillChunksWhenAppending() {
        TrackedArrayList<Integer> list = new TrackedArrayList<>(range(0, 100_000));
        assertTrue(list.isPaged());
        assertEquals((100_000 + ListPages.CHUNK_CAPACITY - 1) / ListPages.CHUNK_CAPACITY, list.pageCount());
        for (int i = 100_000; i < 200_000; i++) {
            list.add(i);
        }
        assertEquals((200_000 + ListPages.CHUNK_CAPACITY - 1) / ListPages.CHUNK_CAPACITY, list.pageCount());
        assertEquals(range(0, 200_000), list);
    }

    @Test
    void shouldBehaveAsAnArrayListThroughEveryOperation() {
        Random random = new Random(42);
        TrackedArrayList<Integer> list = new TrackedArrayList<>();
        List<Integer> model = new ArrayList<>();
        int largest = 0;
        for (int step = 0; step < 60_000; step++) {
            int size = model.size();
            int value = random.nextInt(50);
            int index = size == 0 ? 0 : random.nextInt(size);
            int to = index + (size == 0 ? 0 : random.nextInt(Math.min(size - index, 2_000) + 1));
            boolean growing = step % 20_000 < 14_000;
            switch (random.nextInt(growing ? 26 : 30)) {
                case 0: case 1: case 2: case 3: assertEquals(model.add(value), list.add(value)); break;
                case 4: case 5: model.add(index, value); list.add(index, value); break;
                case 6: if (size > 0) { assertEquals(model.set(index, value), list.set(index, value)); } break;
                case 7: case 8: if (size > 0) { assertEquals(model.remove(index), list.remove(index)); } break;
                case 9: assertEquals(model.remove((Integer) value), list.remove((Integer) value)); break;
                case 10: {
                    List<Integer> more = range(0, random.nextInt(1_500));
                    assertEquals(model.addAll(more), list.addAll(more));
                    break;
                }
                case 11: {
                    List<Integer> more = range(100, 100 + random.nextInt(1_500));
                    assertEquals(model.addAll(index, more), list.addAll(index, more));
                    break;
                }
                case 12: model.subList(index, to).clear(); list.subList(index, to).clear(); break;
                case 13: assertEquals(model.removeIf(e -> e == value), list.removeIf(e -> e == value)); break;
                case 14: assertEquals(model.removeAll(Set.of(value, value + 1)), list.removeAll(Set.of(value, value + 1))); break;
                case 15: if (step % 7 == 0) { assertEquals(model.retainAll(Set.of(value, value + 1, value + 2)), list.retainAll(Set.of(value, value + 1, value + 2))); } break;
                case 16: model.replaceAll(e -> e ^ value); list.replaceAll(e -> e ^ value); break;
                case 17: if (step % 11 == 0) { model.sort(null); list.sort(null); } break;
                case 18: assertEquals(model.indexOf(value), list.indexOf(value)); assertEquals(model.lastIndexOf(value), list.lastIndexOf(value)); break;
                case 19: assertEquals(model.contains(value), list.contains(value)); break;
                case 20: if (size > 0) { assertEquals(model.get(index), list.get(index)); } break;
                case 21: {
                    ListIterator<Integer> mine = list.listIterator(index);
                    ListIterator<Integer> theirs = model.listIterator(index);
                    for (int i = 0; i < 50 && theirs.hasNext(); i++) {
                        assertEquals(theirs.next(), mine.next());
                        switch (i % 4) {
                            case 0: theirs.remove(); mine.remove(); break;
                            case 1: theirs.set(value); mine.set(value); break;
                            case 2: theirs.add(value); mine.add(value); break;
                            default: break;
                        }
                    }
                    break;
                }
                case 22: {
                    List<Integer> theirs = model.subList(index, to);
                    List<Integer> mine = list.subList(index, to);
                    theirs.add(theirs.size(), value);
                    mine.add(mine.size(), value);
                    if (!theirs.isEmpty()) {
                        assertEquals(theirs.set(0, value + 1), mine.set(0, value + 1));
                        assertEquals(theirs.remove(theirs.size() - 1), mine.remove(mine.size() - 1));
                    }
                    assertEquals(theirs, mine);
                    break;
                }
                case 23: assertEquals(model.subList(index, to).indexOf(value), list.subList(index, to).indexOf(value)); break;
                case 24: if (size > 0) { assertEquals(model.remove(size - 1), list.removeLast()); } break;
                case 25: if (size > 0) { assertEquals(model.remove(0), list.removeFirst()); } break;
                default: if (size > 0) { model.subList(index, to).clear(); list.subList(index, to).clear(); } break;
            }
            assertEquals(model.size(), list.size());
            largest = Math.max(largest, (list.isPaged() ? list.pageCount() : 0));
            if (step % 1_000 == 0) {
                assertSameList(model, list);
            }
        }
        assertSameList(model, list);
        assertTrue(largest > 20, "the list reached " + largest + " chunks");
    }

    @Test
    void shouldMergeChunksAsTheListShrinks() {
        TrackedArrayList<Integer> list = new TrackedArrayList<>(range(0, 50_000));
        for (int i = list.size() - 1; i >= 0; i -= 2) {
            list.remove(i);
        }
        for (int i = list.size() - 1; i >= 0; i -= 2) {
            list.remove(i);
        }
        assertEquals(12_500, list.size());
        assertTrue(list.pageCount() <= 4 * 12_500 / ListPages.CHUNK_CAPACITY + 1, list.pageCount() + " chunks");
        assertEquals(IntStream.range(0, 12_500).map(i -> 4 * i).boxed().collect(Collectors.toList()), list);
        list.subList(0, 12_499).clear();
        assertEquals(List.of(49_996), list);
        assertEquals(1, list.pageCount());
    }

    /** Pairs put and removed anywhere (a large TreeMap's keys and values) never straddle chunks: each chunk starts with a key. */
    @Test
    void shouldKeepPairsInOneChunk() {
        TrackedArrayList<Integer> list = new TrackedArrayList<>(range(0, 2 * ListPages.PAGING_THRESHOLD));
        Random random = new Random(3);
        for (int step = 0; step < 20_000; step++) {
            int pair = random.nextInt(list.size() / 2 + 1);
            if (step % 3 == 2 && list.size() > 2) {
                list.subList(2 * (pair % (list.size() / 2)), 2 * (pair % (list.size() / 2)) + 2).clear();
            } else {
                list.addAll(2 * pair, List.of(step, step));
            }
        }
        list.forEachPage((count, loaded, oid, slot) -> assertEquals(0, count % 2, count + " elements in a chunk"));
        assertChunksWithinCapacity(list);
        TrackedArrayList<Integer> odd = new TrackedArrayList<>(range(0, 2_048));
        odd.addAll(1, range(0, ListPages.CHUNK_CAPACITY - 1)); // 1,023 in the first chunk: split short of the middle
        assertChunksWithinCapacity(odd);
    }

    @Test
    void shouldFollowTheListIntoChunksThroughASubList() {
        TrackedArrayList<Integer> list = new TrackedArrayList<>(range(0, 10));
        List<Integer> view = list.subList(2, 5);
        view.addAll(1, range(1_000, 3_000));
        assertTrue(list.isPaged());
        assertEquals(2_003, view.size());
        assertEquals(1_000, view.get(1));
        assertEquals(4, view.get(2_002));
        view.subList(1, 2_001).clear();
        assertEquals(List.of(2, 3, 4), view);
        assertEquals(range(0, 10), list);
        list.add(10);
        assertThrows(ConcurrentModificationException.class, () -> view.get(0), "the list changed other than through the view");
    }

    @Test
    void shouldBindItsSpliteratorWhenTraversalStarts() {
        TrackedArrayList<Integer> list = new TrackedArrayList<>(range(0, 10));
        Spliterator<Integer> elements = list.spliterator();
        list.addAll(range(10, 5_000));
        assertTrue(list.isPaged());
        int[] seen = {0};
        elements.forEachRemaining(e -> assertEquals(seen[0]++, e));
        assertEquals(5_000, seen[0]);
        assertEquals(range(0, 5_000).stream().mapToLong(i -> i).sum(), list.stream().mapToLong(i -> i).sum());
        assertEquals(range(0, 5_000), list.parallelStream().collect(Collectors.toList()));
    }

    @Test
    void shouldFailFastWhenChangedWhileIterated() {
        TrackedArrayList<Integer> list = new TrackedArrayList<>(range(0, 5_000));
        Iterator<Integer> elements = list.iterator();
        elements.next();
        list.add(1);
        assertThrows(ConcurrentModificationException.class, elements::next);
        assertThrows(ConcurrentModificationException.class, () -> list.forEach(e -> {
            if (e == 4_000) {
                list.add(e);
            }
        }));
        assertThrows(ConcurrentModificationException.class, () -> list.removeIf(e -> {
            if (e == 0) {
                list.clear();
            }
            return false;
        }));
    }

    @Test
    void shouldCompareCopyAndSerializeAsAList() throws Exception {
        List<Integer> model = range(0, 5_000);
        TrackedArrayList<Integer> list = new TrackedArrayList<>(model);
        assertTrue(list.isPaged());
        assertEquals(model, list);
        assertEquals(list, model);
        assertEquals(new ArrayList<>(model), list);
        assertEquals(model.hashCode(), list.hashCode());
        assertEquals(model.toString(), list.toString());
        assertArrayEquals(model.toArray(), list.toArray());
        assertArrayEquals(model.toArray(new Integer[0]), list.toArray(new Integer[0]));
        Integer[] larger = new Integer[5_002];
        assertEquals(null, list.toArray(larger)[5_000]);
        @SuppressWarnings("unchecked")
        TrackedArrayList<Integer> copy = (TrackedArrayList<Integer>) list.clone();
        assertNotSame(list, copy);
        copy.add(-1);
        assertEquals(model, list, "the copy shares no chunk");
        assertEquals(5_001, copy.size());
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(list);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            Object read = in.readObject();
            assertEquals(ArrayList.class, read.getClass());
            assertEquals(model, read);
        }
        list.clear();
        assertFalse(list.isPaged());
        assertThrows(NoSuchElementException.class, list::getFirst);
    }

    @Test
    void shouldAskEveryElementBeforeRemovingAny() {
        TrackedArrayList<Integer> list = new TrackedArrayList<>(range(0, 2_000));
        list.addAll(1_000, List.of(-5));
        assertThrows(ConcurrentModificationException.class, () -> list.removeIf(e -> {
            if (e == 1_030) {
                list.remove(Integer.valueOf(-5));
            }
            return e % 2 == 0;
        }), "the filter changed the list");
        assertEquals(range(0, 2_000), list, "nothing removed but what the filter removed itself");
        assertChunksWithinCapacity(list);

        Iterator<Integer> before = list.iterator();
        assertThrows(IllegalStateException.class, () -> list.removeIf(e -> {
            if (e == 1_500) {
                throw new IllegalStateException();
            }
            return e % 2 == 0;
        }));
        assertEquals(range(0, 2_000), list, "a filter that throws removes nothing");
        assertEquals(0, before.next(), "nor invalidates an iterator");

        assertTrue(list.removeIf(e -> list.contains(e - 512)));
        assertEquals(range(0, 512), list, "the filter sees the list unchanged");
        assertChunksWithinCapacity(list);
    }

    @Test
    void shouldFailFastThroughSubListsAsArrayListDoes() {
        for (int size : new int[] {10, 2_000}) {
            TrackedArrayList<Integer> list = new TrackedArrayList<>(range(0, size));
            List<Integer> view = list.subList(2, 8);
            list.add(0, 99);
            assertThrows(ConcurrentModificationException.class, () -> view.subList(0, 2).get(0), "a view of a stale view");

            List<Integer> first = list.subList(0, 3);
            for (Integer element : first) {
                if (element == first.get(2)) {
                    list.add(99); // the last element: the loop ends without another next()
                }
            }

            List<Integer> fresh = list.subList(0, 5);
            assertThrows(IllegalStateException.class, () -> fresh.removeIf(e -> {
                if (e == 2) {
                    throw new IllegalStateException();
                }
                return true;
            }));
            assertEquals(5, fresh.size(), "a filter that throws removes nothing from a view");
            assertTrue(fresh.removeIf(e -> e % 2 == 0));
            assertEquals(List.of(99, 1, 3), fresh);
            assertTrue(fresh.retainAll(List.of(1)));
            assertEquals(List.of(1), fresh);
            assertEquals(1, list.get(0));
        }
    }

    @Test
    void shouldKeepChunksFewWhenInsertingAFewAtATime() {
        TrackedArrayList<Integer> list = new TrackedArrayList<>(range(0, 2_000));
        List<Integer> model = range(0, 2_000);
        Random random = new Random(7);
        for (int i = 0; i < 1_000; i++) {
            int at = random.nextInt(list.size());
            list.addAll(at, List.of(i, -i));
            model.addAll(at, List.of(i, -i));
        }
        assertEquals(model, list);
        assertTrue(list.pageCount() <= 2 * 4_000 / ListPages.CHUNK_CAPACITY, list.pageCount() + " chunks");
        assertChunksWithinCapacity(list);
    }

    @Test
    void shouldStopAtTheChangeThatACallbackMakes() {
        TrackedArrayList<Integer> list = new TrackedArrayList<>(range(0, 2_000));
        int[] calls = {0};
        assertThrows(ConcurrentModificationException.class, () -> list.replaceAll(e -> {
            calls[0]++;
            if (e == 10) {
                list.add(-1);
            }
            return e + 1;
        }));
        assertEquals(11, calls[0]);
        assertEquals(10, list.get(10), "the element whose operator changed the list is not replaced");
    }

    @Test
    void shouldWalkBothWaysAcrossChunksChangingAsItGoes() {
        TrackedArrayList<Integer> list = new TrackedArrayList<>(range(0, 5_000));
        List<Integer> model = range(0, 5_000);
        ListIterator<Integer> mine = list.listIterator(list.size());
        ListIterator<Integer> theirs = model.listIterator(model.size());
        while (theirs.hasPrevious()) {
            int element = theirs.previous();
            assertEquals(element, mine.previous());
            if (element % 3 == 0) {
                theirs.remove();
                mine.remove();
            } else if (element % 5 == 0) {
                theirs.add(-element);
                mine.add(-element);
                assertEquals(theirs.previous(), mine.previous());
            }
        }
        assertEquals(model, list);
        int[] i = {0};
        list.iterator().forEachRemaining(e -> assertEquals(model.get(i[0]++), e));
        assertEquals(model.size(), i[0]);
    }

    @Test
    void shouldSortAndSetOnlyWhatMoved() {
        TrackedArrayList<Integer> list = new TrackedArrayList<>(range(0, 5_000));
        list.set(4_999, -1);
        list.sort(Comparator.naturalOrder());
        assertEquals(-1, list.get(0));
        assertEquals(4_998, list.get(4_999));
        list.sort(Comparator.reverseOrder());
        assertEquals(4_998, list.get(0));
    }

    private static List<Integer> range(int from, int to) {
        return IntStream.range(from, to).boxed().collect(Collectors.toList());
    }

    private static void assertSameList(List<Integer> model, TrackedArrayList<Integer> list) {
        assertEquals(model, list);
        assertEquals(model.hashCode(), list.hashCode());
        List<Integer> walked = new ArrayList<>();
        list.forEach(walked::add);
        assertEquals(model, walked);
        if (list.isPaged()) {
            assertChunksWithinCapacity(list);
        }
    }

    private static void assertChunksWithinCapacity(TrackedArrayList<?> list) {
        int[] total = {0};
        list.forEachPage((count, loaded, oid, slot) -> {
            assertTrue(count > 0 && count <= ListPages.CHUNK_CAPACITY, count + " elements in a chunk");
            assertEquals(count, ((List<?>) loaded).size(), "a chunk's count is its list's size");
            total[0] += count;
        });
        assertEquals(list.size(), total[0]);
        Sections sections = list.sections();
        for (int i = 0; i < sections.count(); i++) {
            assertTrue(sections.pages(i) > 0 && sections.pages(i) <= Sections.CAPACITY, sections.pages(i) + " chunks in a section");
        }
        assertEquals(list.pageCount(), sections.pageCount(), "the sections hold every chunk once");
    }
}
