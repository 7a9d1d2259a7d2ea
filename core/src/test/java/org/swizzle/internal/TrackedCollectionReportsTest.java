package org.swizzle.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.ListIterator;
import java.util.Map;
import java.util.function.Consumer;

import org.junit.jupiter.api.Test;
import org.swizzle.DetachedCollectionException;
import org.swizzle.internal.tracked.Attachment;
import org.swizzle.internal.tracked.TestAttachmentStore;
import org.swizzle.internal.tracked.Tracked;
import org.swizzle.internal.tracked.TrackedArrayList;
import org.swizzle.internal.tracked.TrackedHashMap;
import org.swizzle.internal.tracked.TrackedLinkedHashMap;
import org.swizzle.internal.tracked.TrackedLinkedHashSet;
import org.swizzle.internal.tracked.TrackedLinkedList;
import org.swizzle.internal.tracked.TrackedTreeMap;
import org.swizzle.internal.tracked.TrackedTreeSet;

/**
 * The tracked collections without an agent or a store: each change path reports the collection changed,
 * each read path reports nothing, and a detached collection refuses every change.
 */
class TrackedCollectionReportsTest {

    /** The collections reported changed, in order. */
    private final List<Attachment> reported = new ArrayList<>();
    private final Attachment.Store store = new TestAttachmentStore(attachment -> {
        reported.add(attachment);
        attachment.dirty(true);
    });

    private boolean reportedChanged() {
        return !reported.isEmpty();
    }

    private void commit() {
        for (Attachment attachment : reported) {
            attachment.dirty(false);
        }
        reported.clear();
    }

    @Test
    void shouldMarkTheOwnerOnEveryChangeOfAList() {
        for (Consumer<List<String>> change : List.<Consumer<List<String>>>of(
                l -> l.add("x"), l -> l.add(0, "x"), l -> l.set(0, "x"), l -> l.remove(0), l -> l.remove("b"),
                l -> l.addAll(List.of("x")), l -> l.removeIf("a"::equals), l -> l.replaceAll(String::trim),
                l -> l.sort(null), l -> l.clear(), l -> l.subList(0, 1).clear(), l -> l.subList(0, 2).subList(0, 1).set(0, "y"),
                l -> removeFirst(l.iterator()), l -> l.listIterator().add("y"), l -> { ListIterator<String> i = l.listIterator(); i.next(); i.set("z"); },
                l -> l.retainAll(List.of("a")), l -> l.removeAll(List.of("a")))) {
            assertReports(change, new TrackedArrayList<>(), true);
            assertReports(change, new TrackedLinkedList<>(), true);
        }
    }

    @Test
    void shouldNotMarkTheOwnerWhenAListIsRead() {
        for (Consumer<List<String>> read : List.<Consumer<List<String>>>of(
                l -> l.get(0), l -> l.size(), l -> l.contains("a"), l -> l.forEach(String::length), l -> l.stream().count(),
                l -> l.iterator().next(), l -> l.subList(0, 1).get(0), l -> l.indexOf("b"), l -> l.toArray(), l -> l.hashCode(),
                l -> { for (String s : l) { s.length(); } })) {
            assertReports(read, new TrackedArrayList<>(), false);
            assertReports(read, new TrackedLinkedList<>(), false);
        }
    }

    @Test
    void shouldMarkTheOwnerOnEveryChangeOfAMapAndItsViews() {
        for (Consumer<Map<String, Integer>> change : List.<Consumer<Map<String, Integer>>>of(
                m -> m.put("x", 1), m -> m.remove("a"), m -> m.putIfAbsent("y", 2), m -> m.merge("a", 1, Integer::sum),
                m -> m.compute("a", (k, v) -> 9), m -> m.computeIfAbsent("z", k -> 3), m -> m.replaceAll((k, v) -> v + 1),
                m -> m.keySet().remove("a"), m -> m.values().removeIf(v -> v == 1), m -> removeFirst(m.entrySet().iterator()),
                m -> m.entrySet().iterator().next().setValue(5), m -> m.entrySet().stream().forEach(e -> e.setValue(6)),
                TrackedCollectionReportsTest::setThroughToArray, m -> m.clear())) {
            assertReports(change, new TrackedHashMap<>(), true);
            assertReports(change, new TrackedTreeMap<>(), true);
        }
    }

    @Test
    void shouldMarkTheOwnerThroughSortedViewsOfViews() {
        List<Consumer<TrackedTreeMap<String, Integer>>> mapChanges = List.of(
            m -> m.headMap("b", true).tailMap("a").remove("a"),
            m -> m.descendingMap().navigableKeySet().pollFirst(),
            m -> m.subMap("a", "c").entrySet().iterator().next().setValue(0),
            m -> removeFirst(m.navigableKeySet().tailSet("a", true).iterator()),
            m -> m.navigableKeySet().headSet("c", false).descendingSet().pollFirst(),
            m -> removeFirst(m.descendingKeySet().subSet("c", true, "a", true).iterator()),
            m -> m.entrySet().stream().forEach(e -> e.setValue(1)));
        for (Consumer<TrackedTreeMap<String, Integer>> change : mapChanges) {
            assertReports(change, new TrackedTreeMap<>(), true);
        }
        List<Consumer<TrackedTreeSet<String>>> setChanges = List.of(
            s -> s.descendingSet().headSet("a").clear(),
            s -> removeFirst(s.subSet("a", true, "c", false).descendingIterator()));
        for (Consumer<TrackedTreeSet<String>> change : setChanges) {
            assertReports(change, new TrackedTreeSet<>(), true);
        }
        List<Consumer<TrackedTreeMap<String, Integer>>> reads = List.of(
            m -> m.headMap("c", false).firstEntry(),
            m -> m.navigableKeySet().subSet("a", true, "c", true).forEach(String::length),
            m -> m.descendingKeySet().tailSet("b").iterator().next(),
            m -> m.entrySet().stream().count());
        for (Consumer<TrackedTreeMap<String, Integer>> read : reads) {
            assertReports(read, new TrackedTreeMap<>(), false);
        }
    }

    @Test
    void shouldRefuseChangesOnceDetached() {
        TrackedArrayList<String> list = filled(new TrackedArrayList<>());
        List<String> view = list.subList(0, 1);
        Iterator<String> iterator = list.iterator();
        iterator.next();
        list.attachment().detach();
        assertThrows(DetachedCollectionException.class, () -> list.add("x"));
        assertThrows(DetachedCollectionException.class, () -> view.set(0, "x"));
        assertThrows(DetachedCollectionException.class, iterator::remove);
        assertTrue(list.contains("a"), "reading a detached collection still works");
        assertFalse(reportedChanged());
    }

    /**
     * The Java 21 methods of a LinkedHashMap or LinkedHashSet that the JDK makes through a view the tracked class does
     * not see report the change first, so a detached one refuses them; on Java 17 they are unsupported.
     */
    @Test
    void shouldRefuseTheSequencedRemovalsOfADetachedLinkedMapOrSet() {
        TrackedLinkedHashMap<String, Integer> map = filled(new TrackedLinkedHashMap<>());
        TrackedLinkedHashSet<String> set = filled(new TrackedLinkedHashSet<>());
        if (Runtime.version().feature() < 21) {
            assertThrows(UnsupportedOperationException.class, map::pollLastEntry);
            return;
        }
        List<String> keys = new ArrayList<>(map.keySet()); // Map.of put them in no particular order
        assertEquals(keys.get(2), map.pollLastEntry().getKey());
        assertEquals("c", set.removeLast());
        assertEquals(2, reported.size(), "both reported");
        map.attachment().detach();
        set.attachment().detach();
        assertThrows(DetachedCollectionException.class, map::pollLastEntry);
        assertThrows(DetachedCollectionException.class, set::removeLast);
        assertThrows(DetachedCollectionException.class, set::removeFirst);
        assertEquals(keys.subList(0, 2), new ArrayList<>(map.keySet()), "nothing removed");
        assertEquals(List.of("a", "b"), new ArrayList<>(set));
    }

    @Test
    void shouldReportAChangeOncePerCommit() {
        TrackedArrayList<String> list = filled(new TrackedArrayList<>());
        list.add("x");
        list.subList(0, 1).set(0, "y");
        list.iterator().next();
        assertEquals(1, reported.size(), "reported once until the commit cleans it");
        commit();
        list.remove("x");
        assertEquals(1, reported.size(), "reported again after the commit");
    }

    private <C> void assertReports(Consumer<C> action, C collection, boolean reports) {
        C filled = filled(collection);
        commit();
        action.accept(filled);
        String what = collection.getClass().getSimpleName() + " " + action;
        if (reports) {
            assertTrue(reportedChanged(), what + " changed it without marking the owner");
        } else {
            assertFalse(reportedChanged(), what + " only read it but marked the owner");
        }
    }

    /** Filled before it is attached, as the object manager fills a collection it reads, then attached. */
    @SuppressWarnings("unchecked")
    private <C> C filled(C collection) {
        if (collection instanceof Collection) {
            ((Collection<String>) collection).addAll(List.of("a", "b", "c"));
        } else {
            ((Map<String, Integer>) collection).putAll(Map.of("a", 1, "b", 2, "c", 3));
        }
        ((Tracked) collection).attach(new Attachment(store, collection, 1, "Owner.values"));
        commit();
        return collection;
    }

    /** Sets the value of the first entry {@code toArray()} hands out. */
    @SuppressWarnings("unchecked")
    private static void setThroughToArray(Map<String, Integer> map) {
        ((Map.Entry<String, Integer>) map.entrySet().toArray()[0]).setValue(7);
    }

    private static void removeFirst(Iterator<?> iterator) {
        iterator.next();
        iterator.remove();
    }
}
