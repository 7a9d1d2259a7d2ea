package org.swizzle.internal;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.ListIterator;
import java.util.Map;
import java.util.function.Consumer;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.swizzle.DetachedCollectionException;
import org.swizzle.internal.tracked.Attachment;
import org.swizzle.internal.tracked.Tracked;
import org.swizzle.internal.tracked.TrackedArrayList;
import org.swizzle.internal.tracked.TrackedHashMap;
import org.swizzle.internal.tracked.TrackedLinkedList;
import org.swizzle.internal.tracked.TrackedTreeMap;
import org.swizzle.internal.tracked.TrackedTreeSet;

/**
 * The tracked collections without an agent: each change path marks the owner (the default barrier,
 * {@code remset}, sets its dirty byte), each read path marks nothing, and a detached collection refuses
 * every change.
 */
class TrackedCollectionMarksTest {

    private final Owner owner = new Owner();

    @BeforeEach
    void cleanOwner() {
        owner.$swz_dirty((byte) 0);
    }

    private boolean ownerMarked() {
        return owner.$swz_dirty() != 0;
    }

    @Test
    void shouldMarkTheOwnerOnEveryChangeOfAList() {
        for (Consumer<List<String>> change : List.<Consumer<List<String>>>of(
                l -> l.add("x"), l -> l.add(0, "x"), l -> l.set(0, "x"), l -> l.remove(0), l -> l.remove("b"),
                l -> l.addAll(List.of("x")), l -> l.removeIf("a"::equals), l -> l.replaceAll(String::trim),
                l -> l.sort(null), l -> l.clear(), l -> l.subList(0, 1).clear(), l -> l.subList(0, 2).subList(0, 1).set(0, "y"),
                l -> removeFirst(l.iterator()), l -> l.listIterator().add("y"), l -> { ListIterator<String> i = l.listIterator(); i.next(); i.set("z"); },
                l -> l.retainAll(List.of("a")), l -> l.removeAll(List.of("a")))) {
            assertMarks(change, new TrackedArrayList<>(), true);
            assertMarks(change, new TrackedLinkedList<>(), true);
        }
    }

    @Test
    void shouldNotMarkTheOwnerWhenAListIsRead() {
        for (Consumer<List<String>> read : List.<Consumer<List<String>>>of(
                l -> l.get(0), l -> l.size(), l -> l.contains("a"), l -> l.forEach(String::length), l -> l.stream().count(),
                l -> l.iterator().next(), l -> l.subList(0, 1).get(0), l -> l.indexOf("b"), l -> l.toArray(), l -> l.hashCode(),
                l -> { for (String s : l) { s.length(); } })) {
            assertMarks(read, new TrackedArrayList<>(), false);
            assertMarks(read, new TrackedLinkedList<>(), false);
        }
    }

    @Test
    void shouldMarkTheOwnerOnEveryChangeOfAMapAndItsViews() {
        for (Consumer<Map<String, Integer>> change : List.<Consumer<Map<String, Integer>>>of(
                m -> m.put("x", 1), m -> m.remove("a"), m -> m.putIfAbsent("y", 2), m -> m.merge("a", 1, Integer::sum),
                m -> m.compute("a", (k, v) -> 9), m -> m.computeIfAbsent("z", k -> 3), m -> m.replaceAll((k, v) -> v + 1),
                m -> m.keySet().remove("a"), m -> m.values().removeIf(v -> v == 1), m -> removeFirst(m.entrySet().iterator()),
                m -> m.entrySet().iterator().next().setValue(5), m -> m.entrySet().stream().forEach(e -> e.setValue(6)),
                m -> ((Map.Entry<?, Integer>) m.entrySet().toArray()[0]).setValue(7), m -> m.clear())) {
            assertMarks(change, new TrackedHashMap<>(), true);
            assertMarks(change, new TrackedTreeMap<>(), true);
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
            assertMarks(change, new TrackedTreeMap<>(), true);
        }
        List<Consumer<TrackedTreeSet<String>>> setChanges = List.of(
            s -> s.descendingSet().headSet("a").clear(),
            s -> removeFirst(s.subSet("a", true, "c", false).descendingIterator()));
        for (Consumer<TrackedTreeSet<String>> change : setChanges) {
            assertMarks(change, new TrackedTreeSet<>(), true);
        }
        List<Consumer<TrackedTreeMap<String, Integer>>> reads = List.of(
            m -> m.headMap("c", false).firstEntry(),
            m -> m.navigableKeySet().subSet("a", true, "c", true).forEach(String::length),
            m -> m.descendingKeySet().tailSet("b").iterator().next(),
            m -> m.entrySet().stream().count());
        for (Consumer<TrackedTreeMap<String, Integer>> read : reads) {
            assertMarks(read, new TrackedTreeMap<>(), false);
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
        assertFalse(ownerMarked());
    }

    @Test
    void shouldDetachOnlyTheCollectionsOfTheObjectBeingCleared() {
        TrackedArrayList<String> list = filled(new TrackedArrayList<>());
        org.swizzle.internal.tracked.Tracking.detach(new Owner(), list);
        list.add("still the owner's: another object holding it in a field was cleared");
        assertTrue(ownerMarked());
        org.swizzle.internal.tracked.Tracking.detach(owner, list);
        assertThrows(DetachedCollectionException.class, () -> list.add("x"));
    }

    private <C> void assertMarks(Consumer<C> action, C collection, boolean marks) {
        @SuppressWarnings("unchecked")
        C filled = (C) filled(collection);
        cleanOwner();
        action.accept(filled);
        String what = collection.getClass().getSimpleName() + " " + action;
        if (marks) {
            assertTrue(ownerMarked(), what + " changed it without marking the owner");
        } else {
            assertFalse(ownerMarked(), what + " only read it but marked the owner");
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
        ((Tracked) collection).attach(new Attachment(owner, "values"));
        return collection;
    }

    private static void removeFirst(Iterator<?> iterator) {
        iterator.next();
        iterator.remove();
    }

    /** A persistent object as the agent would make it, reduced to its state. */
    private static final class Owner implements Persistable {
        private long oid;
        private long address;
        private byte state;
        private byte dirty;
        private byte flags;
        private Object context;

        @Override public long $swz_oid() { return oid; }
        @Override public void $swz_oid(long oid) { this.oid = oid; }
        @Override public long $swz_address() { return address; }
        @Override public void $swz_address(long address) { this.address = address; }
        @Override public byte $swz_state() { return state; }
        @Override public void $swz_state(byte state) { this.state = state; }
        @Override public byte $swz_dirty() { return dirty; }
        @Override public void $swz_dirty(byte dirty) { this.dirty = dirty; }
        @Override public byte $swz_flags() { return flags; }
        @Override public void $swz_flags(byte flags) { this.flags = flags; }
        @Override public Object $swz_context() { return context; }
        @Override public void $swz_context(Object context) { this.context = context; }
        @Override public Persistable $swz_newHollow() { return new Owner(); }
        @Override public void $swz_write(int field, ObjectWriter out) { }
        @Override public void $swz_writeFixed(ObjectWriter out) { }
        @Override public void $swz_writeVariable(ObjectWriter out) { }
        @Override public void $swz_read(int field, ObjectReader in) { }
        @Override public void $swz_clear() { }
    }
}
