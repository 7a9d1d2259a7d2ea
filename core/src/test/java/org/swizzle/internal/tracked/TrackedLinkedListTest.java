package org.swizzle.internal.tracked;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.LinkedList;
import java.util.List;
import java.util.ListIterator;
import java.util.NoSuchElementException;
import java.util.Random;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

/**
 * A {@link TrackedLinkedList} that outgrows {@link ListPages#PAGING_THRESHOLD} keeps its elements in a list of its
 * own, which pages itself, in memory: it behaves as a {@code LinkedList} through every operation, as a list and as a
 * deque (checked against one, step by step, through growth, shrinking and clearing).
 */
class TrackedLinkedListTest {

    @Test
    void shouldKeepItsElementsInAListOnlyBeyondTheThreshold() {
        TrackedLinkedList<Integer> list = new TrackedLinkedList<>();
        for (int i = 0; i < ListPages.PAGING_THRESHOLD; i++) {
            list.add(i);
        }
        assertNull(list.backing(), "at the threshold");
        list.addFirst(-1);
        assertNotNull(list.backing(), "past it");
        assertTrue(((TrackedArrayList<?>) list.backing()).isPaged(), "a list that pages itself");
        assertEquals(-1, list.getFirst());
        assertEquals(ListPages.PAGING_THRESHOLD - 1, list.getLast());
        list.clear();
        assertNull(list.backing(), "cleared, the list is its own nodes again");
        assertEquals(0, list.size());
        assertThrows(NoSuchElementException.class, list::removeFirst);
    }

    @Test
    void shouldBehaveAsALinkedListThroughEveryOperation() {
        Random random = new Random(42);
        TrackedLinkedList<Integer> list = new TrackedLinkedList<>();
        LinkedList<Integer> model = new LinkedList<>();
        for (int step = 0; step < 60_000; step++) {
            int value = random.nextInt(5_000);
            boolean shrinking = step >= 30_000;
            int index = model.isEmpty() ? 0 : random.nextInt(model.size());
            switch (random.nextInt(16)) {
                case 0: assertEquals(model.add(value), list.add(value)); break;
                case 1: model.addFirst(value); list.addFirst(value); break;
                case 2: model.push(value); list.push(value); break;
                case 3: assertEquals(model.offerLast(value), list.offerLast(value)); break;
                case 4: model.add(index, value); list.add(index, value); break;
                case 5: assertEquals(model.pollFirst(), list.pollFirst()); break;
                case 6: assertEquals(model.pollLast(), list.pollLast()); break;
                case 7: assertEquals(model.peekFirst(), list.peekFirst()); assertEquals(model.peekLast(), list.peekLast()); break;
                case 8: assertEquals(model.remove((Object) value), list.remove((Object) value)); break;
                case 9: assertEquals(model.removeLastOccurrence(value), list.removeLastOccurrence(value)); break;
                case 10:
                    if (!model.isEmpty()) {
                        assertEquals(model.set(index, value), list.set(index, value));
                        assertEquals(model.get(index), list.get(index));
                    }
                    break;
                case 11:
                    if (!model.isEmpty()) {
                        assertEquals(model.remove(index), list.remove(index));
                    }
                    break;
                case 12: assertEquals(model.indexOf(value), list.indexOf(value)); assertEquals(model.lastIndexOf(value), list.lastIndexOf(value)); break;
                case 13: assertEquals(model.contains(value), list.contains(value)); break;
                default:
                    if (shrinking && !model.isEmpty()) {
                        assertEquals(model.removeFirst(), list.removeFirst());
                    } else {
                        assertEquals(model.size(), list.size());
                    }
                    break;
            }
            if (step % 5_000 == 0) {
                bulk(model, list, step);
            }
        }
        assertEquals(model, list);
        list.clear();
        model.clear();
        assertEquals(model, list);
    }

    /** The bulk operations, iterators, views and copies, then a full comparison. */
    private static void bulk(LinkedList<Integer> model, TrackedLinkedList<Integer> list, int step) {
        List<Integer> some = new ArrayList<>();
        for (int i = step % 50; i < 2_000; i += 50) {
            some.add(i);
        }
        for (LinkedList<Integer> each : List.of(model, list)) {
            each.addAll(some);
            each.addAll(each.size() / 3, some);
            each.removeIf(e -> e % 101 == step % 101);
            each.removeAll(some.subList(0, 5));
            for (ListIterator<Integer> elements = each.listIterator(); elements.hasNext(); ) {
                int element = elements.next();
                if (element % 97 == 5) {
                    elements.remove();
                } else if (element % 89 == 7) {
                    elements.set(element + 1);
                } else if (element % 83 == 11) {
                    elements.add(-element);
                }
            }
            for (Iterator<Integer> backwards = each.descendingIterator(); backwards.hasNext(); ) {
                if (backwards.next() % 79 == 13) {
                    backwards.remove();
                }
            }
            List<Integer> middle = each.subList(each.size() / 4, each.size() / 2);
            middle.remove(0);
            middle.add(7_777);
            middle.subList(0, Math.min(3, middle.size())).clear();
            each.retainAll(new ArrayList<>(each).subList(0, each.size() - 2));
            each.replaceAll(e -> e % 71 == 0 ? e + 71 : e);
        }
        assertEquals(model, list);
        assertEquals(list, model);
        assertEquals(model.hashCode(), list.hashCode());
        assertEquals(model.toString(), list.toString());
        assertEquals(model, new ArrayList<>(list));
        assertEquals(model, list.stream().collect(Collectors.toList()));
        assertEquals(model.size(), list.spliterator().getExactSizeIfKnown());
        assertArrayEquals(model.toArray(), list.toArray());
        assertArrayEquals(model.toArray(new Integer[0]), list.toArray(new Integer[0]));
        List<Integer> visited = new ArrayList<>();
        list.forEach(visited::add);
        assertEquals(model, visited);
        if (Runtime.version().feature() >= 21) { // reversed(), whose view calls the list's public methods
            for (LinkedList<Integer> each : List.of(model, list)) {
                List<Integer> reversed = reversed(each);
                reversed.add(-step);
                reversed.remove(0);
                reversed.set(1, step);
            }
            assertEquals(reversed(model), reversed(list));
            assertEquals(model, list);
        }
        @SuppressWarnings("unchecked")
        LinkedList<Integer> copy = (LinkedList<Integer>) list.clone();
        assertNotSame(list, copy);
        assertEquals(model, copy);
        copy.addFirst(-7);
        assertEquals(model.getFirst(), list.getFirst(), "a clone is a list of its own");
        if (step == 20_000) {
            model.sort(Comparator.reverseOrder());
            list.sort(Comparator.reverseOrder());
            assertEquals(model, list);
        }
    }

    /** {@code list.reversed()} of Java 21, which code built for Java 17 calls by reflection. */
    @SuppressWarnings("unchecked")
    private static List<Integer> reversed(LinkedList<Integer> list) {
        try {
            return (List<Integer>) LinkedList.class.getMethod("reversed").invoke(list);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void shouldFailFastWhenChangedWhileIterated() {
        TrackedLinkedList<Integer> list = new TrackedLinkedList<>();
        for (int i = 0; i < 2_000; i++) {
            list.add(i);
        }
        Iterator<Integer> elements = list.iterator();
        elements.next();
        list.removeFirst();
        assertThrows(ConcurrentModificationException.class, elements::next);
        List<Integer> view = list.subList(10, 20);
        list.addLast(5);
        assertThrows(ConcurrentModificationException.class, () -> view.get(0));
    }

    @Test
    void shouldKeepSubListsOfALargeListThroughChangesThatChangeNothing() {
        TrackedLinkedList<Integer> list = new TrackedLinkedList<>();
        for (int i = 0; i < 2_000; i++) {
            list.add(i);
        }
        List<Integer> view = list.subList(0, 10);
        list.removeAll(List.of(-1));
        list.retainAll(list.subList(0, list.size()));
        list.removeIf(e -> e < 0);
        list.addAll(List.of());
        assertThrows(IndexOutOfBoundsException.class, () -> list.add(5_000, 1));
        assertThrows(IllegalStateException.class, () -> list.iterator().remove());
        assertEquals(10, view.size(), "nothing changed the list's size");
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9), view);
    }

    @Test
    void shouldFailFastWhenItMovesIntoAListOrBackWhileIterated() {
        TrackedLinkedList<Integer> list = new TrackedLinkedList<>();
        for (int i = 0; i < ListPages.PAGING_THRESHOLD; i++) {
            list.add(i);
        }
        Iterator<Integer> small = list.iterator();
        small.next();
        list.add(-5);
        assertNotNull(list.backing());
        assertThrows(ConcurrentModificationException.class, small::next);
        Iterator<Integer> large = list.iterator();
        large.next();
        List<Integer> view = list.subList(1, 3);
        list.clear();
        assertThrows(ConcurrentModificationException.class, large::next);
        assertThrows(ConcurrentModificationException.class, () -> view.get(0));
    }
}
