package org.swizzle.internal.tracked;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.ListIterator;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * {@link TrackedArrayListIterator} behaves as {@code ArrayList}'s own iterators do: the same elements, indexes,
 * changes and exceptions, for random sequences of iterator steps and changes, some made behind the iterator's back.
 */
class TrackedArrayListIteratorTest {

    private static final int SEQUENCES = 2_000;
    private static final int PAGED_SEQUENCES = 200;
    private static final int STEPS = 40;

    @Test
    void shouldBehaveAsArrayListIteratorsDo() {
        Random seeds = new Random(20261124);
        for (int sequence = 0; sequence < SEQUENCES; sequence++) {
            long seed = seeds.nextLong();
            List<String> expected = run(new ArrayList<>(), 0, false, new Random(seed));
            List<String> actual = run(new TrackedArrayList<>(), 0, false, new Random(seed));
            assertEquals(expected, actual, "sequence with seed " + seed);
        }
    }

    /** The same over a list kept in chunks, and over views of it, whose windows end inside a chunk. */
    @Test
    void shouldBehaveAsArrayListIteratorsDoOverChunksAndViews() {
        Random seeds = new Random(20261125);
        for (int sequence = 0; sequence < PAGED_SEQUENCES; sequence++) {
            long seed = seeds.nextLong();
            boolean view = sequence % 2 == 1;
            List<String> expected = run(new ArrayList<>(), ListPages.PAGING_THRESHOLD + STEPS, view, new Random(seed));
            TrackedArrayList<Integer> list = new TrackedArrayList<>();
            List<String> actual = run(list, ListPages.PAGING_THRESHOLD + STEPS, view, new Random(seed));
            assertTrue(list.isPaged());
            assertEquals(expected, actual, "sequence with seed " + seed);
        }
    }

    /**
     * What a random sequence of steps on {@code list} (filled with {@code size} elements and a few more) and its
     * iterators, or on those of a random view of it, observed, step by step.
     */
    private static List<String> run(List<Integer> list, int size, boolean view, Random random) {
        for (int i = size + random.nextInt(6); i > 0; i--) {
            list.add(i);
        }
        List<Integer> iterated = list;
        if (view) {
            int from = random.nextInt(list.size());
            iterated = list.subList(from, from + random.nextInt(list.size() - from + 1));
        }
        List<String> seen = new ArrayList<>();
        ListIterator<Integer> iterator = iterated.listIterator(random.nextInt(iterated.size() + 1));
        for (int step = 0; step < STEPS; step++) {
            int choice = random.nextInt(13);
            int end = random.nextInt(2);
            try {
                if (choice == 12) {
                    iterator = iterated.listIterator(end == 0 ? 0 : iterated.size());
                    seen.add("a new iterator");
                } else {
                    seen.add(step(list, iterator, choice, 100 + step));
                }
            } catch (RuntimeException e) {
                seen.add(e.getClass().getSimpleName());
            }
            seen.add(list.size() < 50 ? list.toString() : list.size() + ":" + list.hashCode());
        }
        return seen;
    }

    private static String step(List<Integer> list, ListIterator<Integer> iterator, int choice, int value) {
        switch (choice) {
            case 0:
            case 1:
                return iterator.hasNext() + "/" + iterator.hasPrevious();
            case 2:
            case 3:
                return String.valueOf(iterator.next());
            case 4:
                return String.valueOf(iterator.previous());
            case 5:
                return iterator.nextIndex() + "/" + iterator.previousIndex();
            case 6:
                iterator.remove();
                return "removed";
            case 7:
                iterator.set(value);
                return "set";
            case 8:
                iterator.add(value);
                return "added";
            case 9:
                StringBuilder rest = new StringBuilder();
                iterator.forEachRemaining(rest::append);
                return rest.toString();
            case 10:
                list.add(value);
                return "list grew behind the iterator";
            default:
                list.remove(list.size() - 1);
                return "list shrank behind the iterator";
        }
    }
}
