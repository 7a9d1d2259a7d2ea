package org.swizzle.internal.tracked;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
    private static final int STEPS = 40;

    @Test
    void shouldBehaveAsArrayListIteratorsDo() {
        Random seeds = new Random(20261124);
        for (int sequence = 0; sequence < SEQUENCES; sequence++) {
            long seed = seeds.nextLong();
            List<String> expected = run(new ArrayList<>(), new Random(seed));
            List<String> actual = run(new TrackedArrayList<>(), new Random(seed));
            assertEquals(expected, actual, "sequence with seed " + seed);
        }
    }

    /** What a random sequence of steps on {@code list} and its iterators observed, step by step. */
    private static List<String> run(List<Integer> list, Random random) {
        for (int i = random.nextInt(6); i > 0; i--) {
            list.add(i);
        }
        List<String> seen = new ArrayList<>();
        ListIterator<Integer> iterator = list.listIterator(random.nextInt(list.size() + 1));
        for (int step = 0; step < STEPS; step++) {
            int choice = random.nextInt(12);
            if (choice == 11) {
                iterator = list.listIterator();
                continue;
            }
            try {
                seen.add(step(list, iterator, choice, 100 + step));
            } catch (RuntimeException e) {
                seen.add(e.getClass().getSimpleName());
            }
            seen.add(list.toString());
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
            default:
                list.add(value);
                return "list changed behind the iterator";
        }
    }
}
