package org.swizzle.internal.tracked;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.ConcurrentModificationException;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.Spliterator;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

/**
 * A {@link TrackedHashSet} that outgrows {@link HashPages#PAGING_THRESHOLD} keeps its elements as the keys of a
 * map of its own, which pages itself, in memory: it behaves as a {@code HashSet} through every operation (checked
 * against one, step by step, through growth, shrinking and clearing), and stays one table for an element whose hash
 * no reload keeps.
 */
class TrackedHashSetTest {

    /** An element that keeps {@code Object}'s identity hash. */
    private static final class Token {
    }

    @Test
    void shouldKeepItsElementsInAMapOnlyBeyondTheThreshold() {
        TrackedHashSet<Integer> set = new TrackedHashSet<>();
        for (int i = 0; i < HashPages.PAGING_THRESHOLD; i++) {
            set.add(i);
        }
        assertNull(set.keys(), "at the threshold");
        set.add(-1);
        assertNotNull(set.keys(), "past it");
        for (int i = 0; i < 5_000; i++) {
            set.add(i);
        }
        assertTrue(set.keys().isPaged(), "a map that pages itself");
        set.clear();
        assertNull(set.keys(), "cleared, the set is one table again");
        assertEquals(0, set.size());
    }

    @Test
    void shouldStayOneTableForAnElementHashedByIdentity() {
        TrackedHashSet<Object> set = new TrackedHashSet<>();
        set.add(new Token());
        for (int i = 0; i < 2_000; i++) {
            set.add(i);
        }
        assertNull(set.keys());
        assertEquals(2_001, set.size());
    }

    @Test
    void shouldBehaveAsAHashSetThroughEveryOperation() {
        Random random = new Random(42);
        TrackedHashSet<Integer> set = new TrackedHashSet<>();
        Set<Integer> model = new HashSet<>();
        for (int step = 0; step < 100_000; step++) {
            int element = random.nextInt(step < 50_000 ? 4_000 : 1_200);
            switch (random.nextInt(6)) {
                case 0:
                case 1: assertEquals(model.add(element), set.add(element)); break;
                case 2: assertEquals(model.remove(element), set.remove(element)); break;
                case 3: assertEquals(model.contains(element), set.contains(element)); break;
                case 4: assertEquals(model.isEmpty(), set.isEmpty()); break;
                default: assertEquals(model.size(), set.size()); break;
            }
            if (step % 10_000 == 0) {
                bulk(model, set, step);
            }
        }
        assertNotNull(set.keys(), "the set ends large");
        assertEquals(model, set);
        assertEquals(set, model);
        assertEquals(model.hashCode(), set.hashCode());
        set.clear();
        model.clear();
        assertEquals(model, set);
    }

    /** The bulk operations, iterators, views and copies, then a full comparison. */
    private static void bulk(Set<Integer> model, TrackedHashSet<Integer> set, int step) {
        List<Integer> some = new ArrayList<>();
        for (int i = step % 50; i < 6_000; i += 50) {
            some.add(i);
        }
        for (Set<Integer> each : List.of(model, set)) {
            each.addAll(some);
            each.removeIf(e -> e % 101 == step % 101);
            each.removeAll(some.subList(0, 20));
            for (Iterator<Integer> elements = each.iterator(); elements.hasNext(); ) {
                if (elements.next() % 97 == 5) {
                    elements.remove();
                }
            }
            Set<Integer> keep = new HashSet<>(each);
            keep.removeIf(e -> e % 89 == 3);
            each.retainAll(keep);
        }
        assertEquals(model, set);
        assertTrue(set.containsAll(model) && model.containsAll(set));
        assertEquals(model, new HashSet<>(set));
        assertEquals(model, set.stream().collect(Collectors.toSet()));
        assertEquals(model.size(), set.spliterator().getExactSizeIfKnown());
        assertTrue(set.spliterator().hasCharacteristics(Spliterator.DISTINCT));
        Integer[] sorted = set.toArray(new Integer[0]);
        Arrays.sort(sorted);
        Integer[] expected = model.toArray(new Integer[0]);
        Arrays.sort(expected);
        assertArrayEquals(expected, sorted);
        assertEquals(model.size(), set.toArray().length);
        assertEquals(model.size(), set.toArray(Integer[]::new).length);
        @SuppressWarnings("unchecked")
        Set<Integer> copy = (Set<Integer>) set.clone();
        assertNotSame(set, copy);
        assertEquals(model, copy);
        copy.add(-7);
        assertTrue(!set.contains(-7), "a clone is a set of its own");
    }

    @Test
    void shouldFailFastWhenChangedWhileIterated() {
        TrackedHashSet<Integer> set = filled(2_000);
        Iterator<Integer> elements = set.iterator();
        elements.next();
        set.add(-5);
        assertThrows(ConcurrentModificationException.class, elements::next);
    }

    @Test
    void shouldFailFastWhenClearedWhileIterated() {
        TrackedHashSet<Integer> set = filled(2_000);
        Iterator<Integer> elements = set.iterator();
        elements.next();
        set.clear();
        set.addAll(filled(2_000));
        assertThrows(ConcurrentModificationException.class, elements::remove, "a removal through the map the set left");
        assertThrows(ConcurrentModificationException.class, elements::next);
        assertThrows(ConcurrentModificationException.class, () -> elements.forEachRemaining(e -> { }));
        assertEquals(2_000, set.size());
    }

    @Test
    void shouldFailFastWhenItGrowsIntoAMapWhileIterated() {
        TrackedHashSet<Integer> set = filled(HashPages.PAGING_THRESHOLD);
        Iterator<Integer> elements = set.iterator();
        elements.next();
        set.add(-5);
        assertNotNull(set.keys());
        assertThrows(ConcurrentModificationException.class, elements::next);
    }

    /** A set of 0 to {@code count - 1}, added one by one. */
    private static TrackedHashSet<Integer> filled(int count) {
        TrackedHashSet<Integer> set = new TrackedHashSet<>();
        for (int i = 0; i < count; i++) {
            set.add(i);
        }
        return set;
    }
}
