package org.swizzle.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.swizzle.NotPersistentException;
import org.swizzle.ObjectIndex;
import org.swizzle.ObjectStore;
import org.swizzle.StoreClosedException;
import org.swizzle.StoreConfinedException;
import org.swizzle.StoreOptions;
import org.swizzle.StoreStats;
import org.swizzle.UnsupportedClassException;
import org.swizzle.UnsupportedFieldTypeException;
import org.swizzle.WrongRootTypeException;
import org.swizzle.it.bad.BadSuper;
import org.swizzle.it.bad.HasThread;
import org.swizzle.it.bad.NotAnnotated;
import org.swizzle.it.bad.PersistentRecord;
import org.swizzle.it.bad.PlainOuter;
import org.swizzle.it.model.AllTypes;
import org.swizzle.it.model.Item;
import org.swizzle.it.model.Node;
import org.swizzle.it.model.Owner;
import org.swizzle.it.model.Shape;
import org.swizzle.store.CrashWindows;

/** The contract of ObjectStore, in the test JVM (which runs with the agent attached). */
class StoreBehaviourTest {

    @TempDir
    Path dir;

    @Test
    void shouldCountRecordedCommitsUpByOneAndGiveAnEmptyCommitTheLastNumber() {
        long first;
        long third;
        try (ObjectStore store = ObjectStore.open(dir)) {
            assertEquals(0, store.commit(), "nothing committed yet");
            store.setRoot("n", new Node("n"));
            first = store.commit();
            long empty = store.commit();
            store.root("n", Node.class).name = "m";
            third = store.commit();
            assertEquals(1, first);
            assertEquals(first, empty, "a commit that changes nothing is not recorded: it returns the last number");
            assertEquals(first + 1, third);
        }
        try (ObjectStore store = ObjectStore.open(dir)) {
            assertEquals(third, store.commit(), "an empty commit after reopening names the last recorded commit");
            store.root("n", Node.class).name = "o";
            assertEquals(third + 1, store.commit(), "numbers continue after reopen, never repeating one already shown");
        }
    }

    @Test
    void shouldCreateARootOnceAndFindItAgain() {
        try (ObjectStore store = ObjectStore.open(dir)) {
            Node created = store.root("r", Node.class, () -> new Node("created"));
            assertSame(created, store.root("r", Node.class, () -> new Node("second")));
            assertEquals(Set.of("r"), store.rootNames());
            store.commit();
        }
        try (ObjectStore store = ObjectStore.open(dir)) {
            assertEquals("created", store.root("r", Node.class, () -> new Node("other")).name);
            assertNull(store.root("absent", Node.class));
            store.setRoot("r", null);
            store.commit();
        }
        try (ObjectStore store = ObjectStore.open(dir)) {
            assertEquals(Set.of(), store.rootNames());
        }
    }

    @Test
    void shouldDiscardUpdatesOnAbort() {
        try (ObjectStore store = ObjectStore.open(dir)) {
            Node node = new Node("kept");
            node.next = new Node("next");
            store.setRoot("n", node);
            store.commit();
            node.name = "changed";
            node.next = null;
            node.children.add(new Node("child"));
            store.setRoot("extra", new Node("extra"));
            store.abort();
            assertEquals("kept", node.name, "abort restores fields");
            assertEquals("next", node.next.name);
            assertTrue(node.children.isEmpty(), "abort restores collections");
            assertEquals(Set.of("n"), store.rootNames(), "abort restores roots");
            assertSame(node, store.root("n", Node.class), "identity survives abort");
        }
        try (ObjectStore store = ObjectStore.open(dir)) {
            assertEquals("kept", store.root("n", Node.class).name);
        }
    }

    /**
     * Binding a root is a change: an abort before it is committed unbinds it, and the object it created, which has no
     * committed state, is a plain object again that no commit stores; taking the root again binds a new one.
     */
    @Test
    void shouldUnbindARootCreatedSinceTheLastCommitOnAbortAndBindANewOneWhenItIsTakenAgain() {
        try (ObjectStore store = ObjectStore.open(dir)) {
            Node created = store.root("r", Node.class, () -> new Node("created"));
            created.name = "changed";
            store.abort();
            assertEquals(Set.of(), store.rootNames(), "abort unbinds the root bound since the last commit");
            assertEquals("changed", created.name, "an object made since the last commit keeps its fields");
            created.name = "after abort";
            assertEquals(0, store.commit(), "nothing stored reaches the object the root had: the commit writes nothing");
            Node again = store.root("r", Node.class, () -> new Node("taken again"));
            assertNotSame(created, again);
            again.children.add(new Node("child"));
            store.commit();
        }
        String output = Jvm.withAgent().run(ReadRoot.class, dir.toString(), "r").ok().output;
        assertTrue(output.contains("name=taken again roots=[r] children=[child]"), output);
    }

    /**
     * Outside trial 65, finding 2: a commit on a thread whose interrupt was set closed the store's files (java.nio closes
     * a channel that an interrupted thread uses), and every later commit failed, each saying to free disk space.
     */
    @Test
    void shouldOpenCommitAndCloseOnAnInterruptedThreadAndKeepItsInterrupt() {
        Thread.currentThread().interrupt();
        try (ObjectStore store = ObjectStore.open(dir)) {
            assertTrue(Thread.currentThread().isInterrupted(), "open keeps the interrupt");
            store.setRoot("n", new Node("first"));
            store.commit();
            assertTrue(Thread.currentThread().isInterrupted(), "commit keeps the interrupt");
            Node node = store.root("n", Node.class);
            node.name = "second";
            node.children.add(new Node("child"));
            store.commit();
            ObjectIndex<String, Node> byName = store.index("by-name", Node.class, String.class, n -> n.name);
            assertSame(node, byName.get("second"), "an index built on an interrupted thread");
            assertTrue(Thread.currentThread().isInterrupted(), "index keeps the interrupt");
        } finally {
            assertTrue(Thread.interrupted(), "close keeps the interrupt"); // and clears it for the tests after
        }
        String output = Jvm.withAgent().run(ReadRoot.class, dir.toString(), "n").ok().output;
        assertTrue(output.contains("name=second roots=[n] children=[child]"), output);
    }

    /**
     * Trial 66: interrupts that come while a commit writes (a pool's shutdownNow(), a cancelled task) closed the store's
     * files, and the store, for a third to a half of its commits under interrupts every few milliseconds. The store
     * now opens a file an interrupt closed again and writes again: every commit is made, and the interrupt is kept.
     */
    @Test
    void shouldCommitWhileAnotherThreadKeepsInterruptingTheCommittingThread() throws InterruptedException {
        int rounds = 150;
        try (ObjectStore store = ObjectStore.open(dir)) {
            Node node = store.root("n", Node.class, () -> new Node("0"));
            store.commit();
            Thread committer = Thread.currentThread();
            AtomicBoolean done = new AtomicBoolean();
            AtomicInteger interrupts = new AtomicInteger();
            Thread interrupter = new Thread(() -> {
                while (!done.get()) {
                    committer.interrupt();
                    interrupts.incrementAndGet();
                    LockSupport.parkNanos(100_000);
                }
            });
            interrupter.start();
            try {
                for (int round = 1; round <= rounds; round++) {
                    node.name = Integer.toString(round);
                    node.children.add(new Node("child " + round));
                    store.commit();
                }
            } finally {
                done.set(true);
                while (interrupter.isAlive()) {
                    Thread.interrupted();
                    interrupter.join(100);
                }
                Thread.interrupted();
            }
            assertTrue(interrupts.get() > rounds, interrupts + " interrupts");
        }
        String output = Jvm.withAgent().run(ReadRoot.class, dir.toString(), "n").ok().output;
        assertTrue(output.contains("name=" + rounds + " ") && output.contains("child " + rounds + "]"), output);
    }

    /**
     * Outside trial 65, finding 4: an OutOfMemoryError once a commit was durable left the store open with the objects
     * that commit created stripped of their OIDs, so a later commit could store them again, and close() threw an
     * IllegalArgumentException. Now the store closes, and the commit is read back whole.
     */
    @Test
    void shouldCloseTheStoreWhenAnErrorFollowsADurableCommitAndKeepThatCommit() {
        String failed = Jvm.withAgent().jvmOption("-D" + CrashWindows.FAIL_AFTER_APPLY_PROPERTY + "=2")
            .run(FailAfterDurableCommit.class, dir.toString()).ok().output;
        assertTrue(failed.contains("commit: java.lang.OutOfMemoryError") && failed.contains("is durable")
            && failed.contains("again: org.swizzle.StoreClosedException") && failed.contains("close: returned"), failed);
        String output = Jvm.withAgent().run(ReadRoot.class, dir.toString(), "n").ok().output;
        assertTrue(output.contains("name=second roots=[n] children=[made]"), output);
    }

    /** Commits a root, then a change that {@link CrashWindows} fails once durable; prints what each call did. */
    public static final class FailAfterDurableCommit {
        public static void main(String[] args) {
            ObjectStore store = ObjectStore.open(Path.of(args[0]));
            store.setRoot("n", new Node("first"));
            store.commit();
            Node node = store.root("n", Node.class);
            node.name = "second";
            node.children.add(new Node("made"));
            try {
                store.commit();
                System.out.println("commit: returned");
            } catch (OutOfMemoryError e) {
                System.out.println("commit: " + e + " " + List.of(e.getSuppressed()));
            }
            node.children.add(new Node("after"));
            try {
                store.commit();
                System.out.println("again: returned");
            } catch (RuntimeException e) {
                System.out.println("again: " + e);
            }
            try {
                store.close();
                System.out.println("close: returned");
            } catch (RuntimeException e) {
                System.out.println("close: " + e);
            }
        }
    }

    @Test
    void shouldDiscardUncommittedChangesOnClose() {
        try (ObjectStore store = ObjectStore.open(dir)) {
            store.setRoot("n", new Node("committed"));
            store.commit();
            store.root("n", Node.class).name = "not committed";
            store.setRoot("lost", new Node("lost"));
        }
        String output = Jvm.withAgent().run(ReadRoot.class, dir.toString(), "n").ok().output;
        assertTrue(output.contains("name=committed roots=[n]"), output);
    }

    @Test
    void shouldPersistArrayElementAndCollectionWritesWithoutFieldStores() {
        try (ObjectStore store = ObjectStore.open(dir)) {
            Node node = new Node("owner");
            store.setRoot("n", node);
            store.commit();
            node.children.add(new Node("added"));
            store.commit();
        }
        String output = Jvm.withAgent().run(ReadRoot.class, dir.toString(), "n").ok().output;
        assertTrue(output.contains("children=[added]"), output);
    }

    @Test
    void shouldLogOnlyChangedBytes() {
        try (ObjectStore store = ObjectStore.open(dir)) {
            Node root = new Node("root");
            Item[] items = new Item[100];
            for (int i = 0; i < items.length; i++) {
                items[i] = new Item(i, "item " + i);
                root.children.add(new Node("n" + i));
            }
            store.setRoot("root", root);
            org.swizzle.it.model.Holder holder = new org.swizzle.it.model.Holder();
            holder.itemArray = items;
            store.setRoot("holder", holder);
            store.commit();
            StoreStats before = store.stats();
            assertTrue(before.installNanos() > 0, "the commit of new objects made them resident, timed: " + before);
            for (int i = 0; i < items.length; i += 10) {
                items[i].value = 0x7F7F7F7F - i;
            }
            store.commit();
            StoreStats after = store.stats();
            assertEquals(10, after.recordsLogged() - before.recordsLogged(), "one record per changed int");
            assertEquals(40, after.payloadBytesLogged() - before.payloadBytesLogged(), "4 bytes per changed int");
            StoreStats unchanged = store.stats();
            store.commit();
            assertEquals(unchanged.bytesLogged(), store.stats().bytesLogged(), "an unchanged commit logs nothing");
        }
    }

    @Test
    void shouldCountObjectsAnUpdateLeftUnreachable() {
        try (ObjectStore store = ObjectStore.open(dir)) {
            Node root = new Node("root");
            root.next = new Node("a");
            root.next.next = new Node("b");
            root.next.next.next = root;
            root.children.add(new Node("child"));
            store.setRoot("root", root);
            store.commit();
            assertEquals(0, store.stats().objectsUnreachable());
            root.next.name = "renamed";
            store.commit();
            assertEquals(0, store.stats().objectsUnreachable(), "an update that removes no reference traces nothing");
            root.next = null;
            store.commit();
            assertEquals(2, store.stats().objectsUnreachable(), "a and b are cut off (b's reference back to root does not help)");
            root.children.clear();
            store.commit();
            assertEquals(3, store.stats().objectsUnreachable(), "a collection element removed");
        }
    }

    @Test
    void shouldRefuseARootOfTheWrongType() {
        try (ObjectStore store = ObjectStore.open(dir)) {
            store.setRoot("n", new Node("n"));
            store.commit();
            WrongRootTypeException e = assertThrows(WrongRootTypeException.class, () -> store.root("n", Item.class));
            assertTrue(e.getMessage().contains("'n'") && e.getMessage().contains(Node.class.getName())
                && e.getMessage().contains(Item.class.getName()), e.getMessage());
        }
    }

    @Test
    void shouldRefuseANonPersistentRoot() {
        try (ObjectStore store = ObjectStore.open(dir)) {
            NotPersistentException e = assertThrows(NotPersistentException.class, () -> store.setRoot("x", new NotAnnotated()));
            assertTrue(e.getMessage().contains(NotAnnotated.class.getName()), e.getMessage());
            assertTrue(e.getMessage().contains("Annotate it with @org.swizzle.Persistent"), e.getMessage());
            NotPersistentException value = assertThrows(NotPersistentException.class, () -> store.setRoot("s", "a string"));
            assertTrue(value.getMessage().contains("It is a value: hold it in a field of a @Persistent class"), value.getMessage());
            // a JDK class no field can hold: the advice must not be to hold it in a field (outside trial 52)
            NotPersistentException other = assertThrows(NotPersistentException.class,
                () -> store.setRoot("b", new StringBuilder()));
            assertTrue(other.getMessage().contains("java.lang.StringBuilder") && other.getMessage().contains(
                "Nor is it a value Swizzle stores") && !other.getMessage().contains("It is a value"), other.getMessage());
        }
    }

    /** Under the default barrier (remset), which the tests' JVM runs. */
    @Test
    void shouldRewriteOnlyTheFixedSizeFieldsOfAnObjectWhoseOnlyStoresWereIntoThem() {
        try (ObjectStore store = ObjectStore.open(dir)) {
            Node a = new Node("a");
            a.children.add(new Node("child"));
            store.setRoot("a", a);
            store.commit();
            StoreStats before = store.stats();
            a.next = a.children.get(0);
            store.commit();
            StoreStats referenceOnly = store.stats();
            assertEquals(1, referenceOnly.fixedFieldRewrites() - before.fixedFieldRewrites(),
                "a reference store: the committed bytes with the fixed-size fields written over them");
            a.other = a;
            a.children.add(new Node("added"));
            store.commit();
            StoreStats withCollection = store.stats();
            assertEquals(1, withCollection.fixedFieldRewrites() - referenceOnly.fixedFieldRewrites(),
                "a collection changed as well: it is a stored thing of its own, written apart, and the object's only"
                + " store was still into a fixed-size field");
            assertEquals(1, withCollection.objectsDiffed() - referenceOnly.objectsDiffed(), withCollection.toString());
            Node child = a.children.get(0);
            child.other = a;
            child.next = child;
            a.next = null;
            store.commit();
            assertEquals(2, store.stats().fixedFieldRewrites() - withCollection.fixedFieldRewrites(),
                "two objects rewritten, the second after the first in the writer's buffer");
        }
        try (ObjectStore store = ObjectStore.open(dir)) {
            Node a = store.root("a", Node.class);
            assertNull(a.next);
            assertSame(a, a.other);
            assertEquals(2, a.children.size());
            Node child = a.children.get(0);
            assertEquals("child", child.name);
            assertSame(a, child.other);
            assertSame(child, child.next);
            assertEquals("added", a.children.get(1).name);
        }
    }

    @Test
    void shouldRefuseANonPersistentObjectReachedAtCommit() {
        try (ObjectStore store = ObjectStore.open(dir)) {
            store.setRoot("n", new Node("committed before"));
            store.commit();
            org.swizzle.it.model.AllTypes all = new org.swizzle.it.model.AllTypes();
            all.shape = new org.swizzle.it.bad.PlainShape();
            store.setRoot("all", all);
            NotPersistentException e = assertThrows(NotPersistentException.class, store::commit);
            assertTrue(e.getMessage().contains("AllTypes.shape") && e.getMessage().contains("PlainShape"), e.getMessage());
            all.shape = org.swizzle.it.bad.EnumShape.UNIT;
            NotPersistentException constant = assertThrows(NotPersistentException.class, store::commit);
            assertTrue(constant.getMessage().contains("AllTypes.shape") && constant.getMessage().contains("declare the field"
                + " with the enum's type org.swizzle.it.bad.EnumShape") && !constant.getMessage().contains("Annotate"),
                "an enum cannot be annotated: " + constant.getMessage());
            all.shape = null;
            store.commit();
        }
        try (ObjectStore store = ObjectStore.open(dir)) {
            assertEquals("committed before", store.root("n", Node.class).name);
            assertNull(store.root("all", org.swizzle.it.model.AllTypes.class).shape);
        }
    }

    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void shouldCommitWholeOrNotAtAllACommitOfMoreImagesThanItPutsAtOnce() {
        int count = 20_000; // about 1.5 MB of images: the object manager puts them to the store in several batches
        try (ObjectStore store = ObjectStore.open(dir)) {
            store.setRoot("n", new Node("committed before"));
            store.commit();
            Node head = new Node("node 0");
            Node last = head;
            for (int i = 1; i < count; i++) {
                last.next = new Node("node " + i + " " + "x".repeat(40));
                last = last.next;
            }
            ((java.util.List) last.children).add(new org.swizzle.it.bad.PlainShape()); // written after every node
            store.setRoot("chain", head);
            UnsupportedFieldTypeException e = assertThrows(UnsupportedFieldTypeException.class, store::commit);
            assertTrue(e.getMessage().contains("PlainShape") && e.getMessage().contains("Node.children"), e.getMessage());
            last.children.clear();
            store.commit();
        }
        try (ObjectStore store = ObjectStore.open(dir)) {
            assertEquals("committed before", store.root("n", Node.class).name);
            Node node = store.root("chain", Node.class);
            for (int i = 0; i < count; i++) {
                assertEquals(i == 0 ? "node 0" : "node " + i + " " + "x".repeat(40), node.name);
                assertTrue(node.children.isEmpty());
                node = node.next;
            }
            assertNull(node);
        }
    }

    /**
     * A value of a class its collection's declaration does not admit, put there through a raw type, is refused by the
     * commit, naming the field and both classes: stored, it was refused on every read of the collection. Nothing of
     * that commit is written; without the value, the commit stores the rest. So in a small collection, a map, a
     * large list's chunk and a large sorted map's list of keys and values.
     */
    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void shouldRefuseAtCommitAValueItsCollectionsDeclarationDoesNotAdmit() {
        int large = 3_000;
        try (ObjectStore store = ObjectStore.open(dir)) {
            AllTypes all = AllTypes.sample();
            for (int i = 0; i < large; i++) {
                all.nodeList.add(new Node("n" + i));
                all.treeMap.put("key " + i, new Node("m" + i));
            }
            store.setRoot("all", all);
            store.commit();
            all.hashSet.add("three");
            ((java.util.Set) all.hashSet).add(3);
            refused(store, "an element of the collection in field " + AllTypes.class.getName() + ".hashSet",
                "java.lang.Integer", "java.lang.String");
            all.hashSet.remove((Object) 3);
            ((java.util.Map) all.hashMap).put("c", 3L);
            refused(store, "a value of the collection in field " + AllTypes.class.getName() + ".hashMap", "java.lang.Long",
                "java.lang.Integer");
            all.hashMap.put("c", 3);
            ((java.util.List) all.nodeList).add(2_000, "not a node");
            refused(store, "an element of the collection in field " + AllTypes.class.getName() + ".nodeList", "java.lang.String",
                Node.class.getName());
            all.nodeList.remove(2_000);
            ((java.util.Map) all.treeMap).put("key 1500x", "not a node");
            refused(store, "a value of the collection in field " + AllTypes.class.getName() + ".treeMap", "java.lang.String",
                Node.class.getName());
            all.treeMap.remove("key 1500x");
            store.commit();
        }
        try (ObjectStore store = ObjectStore.open(dir)) {
            AllTypes all = store.root("all", AllTypes.class);
            assertEquals(Set.of("one", "two", "three"), all.hashSet);
            assertEquals(3, all.hashMap.get("c"));
            assertEquals(2 + large, all.nodeList.size());
            assertEquals("n1998", all.nodeList.get(2_000).name);
            assertEquals(1 + large, all.treeMap.size());
            assertEquals("m1500", all.treeMap.get("key 1500").name);
        }
    }

    private static void refused(ObjectStore store, String what, String stored, String declared) {
        long before = store.stats().commits();
        UnsupportedFieldTypeException e = assertThrows(UnsupportedFieldTypeException.class, store::commit);
        assertTrue(e.getMessage().contains("Cannot store a " + stored + " as " + what + ", whose declared")
            && e.getMessage().contains(" type is " + declared + ": it got there through a raw type"), e.getMessage());
        assertEquals(before, store.stats().commits());
    }

    /** A record in a stored collection is refused with advice that works: a record cannot be @Persistent (trial 43b). */
    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void shouldAdviseStoringARecordsComponentsWhenACollectionHoldsOne() {
        try (ObjectStore store = ObjectStore.open(dir)) {
            Node node = new Node("holder");
            ((java.util.List) node.children).add(new org.swizzle.it.bad.PlainPoint(1, 2));
            store.setRoot("n", node);
            UnsupportedFieldTypeException e = assertThrows(UnsupportedFieldTypeException.class, store::commit);
            assertTrue(e.getMessage().contains("org.swizzle.it.bad.PlainPoint is a record, which cannot be @Persistent: store"
                + " its components as such values") && !e.getMessage().contains("Annotate"), e.getMessage());
        }
    }

    @Test
    void shouldRefuseAClassWithAnUnsupportedFieldType() {
        try (ObjectStore store = ObjectStore.open(dir)) {
            UnsupportedFieldTypeException e = assertThrows(UnsupportedFieldTypeException.class, () -> store.setRoot("t", new HasThread()));
            assertTrue(e.getMessage().contains(HasThread.class.getName()) && e.getMessage().contains("worker")
                && e.getMessage().contains("java.lang.Thread"), e.getMessage());
        }
    }

    @Test
    void shouldRefuseAPersistentClassWithANonPersistentSuperclass() {
        try (ObjectStore store = ObjectStore.open(dir)) {
            UnsupportedClassException e = assertThrows(UnsupportedClassException.class, () -> store.setRoot("b", new BadSuper()));
            assertTrue(e.getMessage().contains(BadSuper.class.getName()) && e.getMessage().contains(NotAnnotated.class.getName()), e.getMessage());
        }
    }

    @Test
    void shouldRefuseAPersistentRecordAsAClass() {
        try (ObjectStore store = ObjectStore.open(dir)) {
            UnsupportedClassException e = assertThrows(UnsupportedClassException.class,
                () -> store.setRoot("r", new PersistentRecord(1)));
            assertTrue(e.getMessage().contains(PersistentRecord.class.getName()) && e.getMessage().contains("a record"), e.getMessage());
        }
    }

    @Test
    void shouldRefuseAnInnerClassOfANonPersistentClass() {
        try (ObjectStore store = ObjectStore.open(dir)) {
            UnsupportedClassException e = assertThrows(UnsupportedClassException.class,
                () -> store.setRoot("i", new PlainOuter().new Inner()));
            assertTrue(e.getMessage().contains(PlainOuter.Inner.class.getName())
                && e.getMessage().contains("inner class of " + PlainOuter.class.getName()), e.getMessage());
        }
    }

    @Test
    void shouldStoreTheEnclosingInstanceOfAnInnerClassOfAPersistentClass() {
        try (ObjectStore store = ObjectStore.open(dir)) {
            Owner outer = new Owner("outer");
            store.setRoot("inner", outer.new Part("p"));
            store.setRoot("local", outer.captured(3, "t"));
            store.commit();
        }
        try (ObjectStore store = ObjectStore.open(dir)) {
            Owner.Part part = store.root("inner", Owner.Part.class);
            assertEquals("p of outer", part.describe(), "the enclosing instance is stored with the inner object");
            assertEquals("t3 of outer", store.root("local", java.util.function.Supplier.class).get(),
                "a local class keeps its enclosing instance and captured variables");
        }
    }

    /**
     * An anonymous subclass of a persistent class is stored under the name javac made from its place in the source, which
     * an anonymous class declared before it in a later version takes: the store warns once, when it first stores one.
     */
    @Test
    void shouldWarnOnceWhenItFirstStoresAnObjectOfAnAnonymousClass() {
        String anonymous = Owner.anonymousNode("x").getClass().getName();
        List<String> warnings = LoggedWarnings.during(() -> {
            try (ObjectStore store = ObjectStore.open(dir)) {
                store.setRoot("a", Owner.anonymousNode("a"));
                store.setRoot("plain", new Node("p"));
                store.commit();
                store.setRoot("b", Owner.anonymousNode("b"));
                store.commit();
            }
        });
        try (ObjectStore store = ObjectStore.open(dir)) {
            assertEquals("anonymous a", store.root("a", Node.class).toString());
            assertEquals("anonymous b", store.root("b", Node.class).toString());
        }
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).startsWith("Objects of " + anonymous + ", an anonymous class (persistent as its superclass "
            + Node.class.getName() + " is)") && warnings.get(0).contains("from its place in " + Owner.class.getName())
            && warnings.get(0).contains("Make it a named class"), warnings.get(0));
    }

    /** An object of an anonymous class that is not persistent is refused without advice to annotate it, which Java does not allow. */
    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void shouldRefuseAnAnonymousClassWithAdviceThatCanBeFollowed() {
        try (ObjectStore store = ObjectStore.open(dir)) {
            Node node = new Node("n");
            Object anonymous = new Object() {
            };
            ((java.util.List) node.children).add(anonymous);
            store.setRoot("n", node);
            UnsupportedFieldTypeException refused = assertThrows(UnsupportedFieldTypeException.class, store::commit);
            assertTrue(refused.getMessage().contains(anonymous.getClass().getName() + " is an anonymous class, which cannot be"
                + " annotated: store an object of a named @Persistent class instead") && !refused.getMessage().contains("Annotate"),
                refused.getMessage());
        }
    }

    /** The same in a reference field of an application interface's type: the advice names a class that can be annotated. */
    @Test
    void shouldRefuseAnAnonymousClassInAReferenceFieldWithAdviceThatCanBeFollowed() {
        try (ObjectStore store = ObjectStore.open(dir)) {
            AllTypes holder = new AllTypes();
            holder.shape = new Shape() {
                @Override
                public double area() {
                    return 1;
                }
            };
            store.setRoot("h", holder);
            NotPersistentException refused = assertThrows(NotPersistentException.class, store::commit);
            assertTrue(refused.getMessage().contains("refers to a " + holder.shape.getClass().getName() + ", which is not"
                + " @Persistent. " + holder.shape.getClass().getName() + " is an anonymous class, which cannot be annotated:"
                + " refer to an object of a named @Persistent class instead") && !refused.getMessage().contains("Annotate"),
                refused.getMessage());
        }
    }

    /** A lambda in a stored collection is refused as one, not with advice to annotate a class the JVM made. */
    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void shouldRefuseALambdaAsOne() {
        try (ObjectStore store = ObjectStore.open(dir)) {
            Node node = new Node("n");
            ((java.util.List) node.children).add((Runnable) () -> { });
            store.setRoot("n", node);
            UnsupportedFieldTypeException refused = assertThrows(UnsupportedFieldTypeException.class, store::commit);
            assertTrue(refused.getMessage().contains("It is a lambda or another class the JVM made, which cannot be stored")
                && !refused.getMessage().contains("Annotate"), refused.getMessage());
        }
    }

    /** An object not read before close() cannot be read or changed after it: the refusal names the object and its class. */
    @Test
    void shouldNameTheObjectThatCloseLeftUnread() {
        try (ObjectStore store = ObjectStore.open(dir)) {
            Node node = new Node("n");
            node.next = new Node("m");
            store.setRoot("n", node);
            store.commit();
        }
        ObjectStore store = ObjectStore.open(dir);
        Node node = store.root("n", Node.class);
        Node next = node.next; // a reference, not read yet
        store.close();
        StoreClosedException unread = assertThrows(StoreClosedException.class, () -> next.name.length());
        assertTrue(unread.getMessage().contains("is closed, so object ") && unread.getMessage().contains("(" + Node.class.getName()
            + "), which was not read before close() or had changes close() discarded"), unread.getMessage());
        StoreClosedException written = assertThrows(StoreClosedException.class, () -> next.name = "m2");
        assertTrue(written.getMessage().contains("cannot be read or changed now"), written.getMessage());
    }

    /**
     * An object changed and not committed before close() is hollow after it, as abort() leaves it: reading it is refused
     * with a message that says why, not that it was never read.
     */
    @Test
    void shouldSayThatCloseDiscardedTheChangesOfAnObjectItCannotReadAfterwards() {
        try (ObjectStore store = ObjectStore.open(dir)) {
            store.setRoot("n", new Node("n"));
            store.commit();
        }
        ObjectStore store = ObjectStore.open(dir);
        Node node = store.root("n", Node.class);
        assertEquals("n", node.name);
        node.name = "changed";
        store.close();
        StoreClosedException discarded = assertThrows(StoreClosedException.class, () -> node.name.length());
        assertTrue(discarded.getMessage().contains("or had changes close() discarded (as abort() does, they make it hollow)")
            && discarded.getMessage().contains("commit what you changed, before close()"), discarded.getMessage());
    }

    /**
     * A collection changed and not committed before close(), which close() detached as abort() does, refuses a change
     * after close() as the store's collections all do then: the store is closed (not that an abort detached it).
     */
    @Test
    void shouldRefuseAChangeAfterCloseToACollectionCloseDetachedAsAChangeAfterClose() {
        try (ObjectStore store = ObjectStore.open(dir)) {
            Node node = new Node("n");
            node.children.add(new Node("c"));
            store.setRoot("n", node);
            store.commit();
        }
        ObjectStore store = ObjectStore.open(dir);
        java.util.List<Node> children = store.root("n", Node.class).children;
        children.add(new Node("discarded by close"));
        store.close();
        StoreClosedException added = assertThrows(StoreClosedException.class, () -> children.add(new Node("after close")));
        assertTrue(added.getMessage().contains("is closed") && added.getMessage().contains(Node.class.getName() + ".children"),
            added.getMessage());
        try (ObjectStore again = ObjectStore.open(dir)) {
            assertEquals(1, again.root("n", Node.class).children.size());
        }
    }

    /**
     * An object names its store by a slot of the stores open in the JVM, which a store opened after a close takes again:
     * the close leaves its objects naming no open store, so the next store's commit never writes one of them, and they
     * refuse a change or a read as objects of a closed store.
     */
    @Test
    void shouldNotLetTheObjectsOfAClosedStoreReachTheStoreOpenedAfterIt() {
        try (ObjectStore store = ObjectStore.open(dir)) {
            Node node = new Node("n");
            node.next = new Node("m");
            store.setRoot("n", node);
            store.commit();
        }
        ObjectStore closed = ObjectStore.open(dir);
        Node node = closed.root("n", Node.class);
        Node next = node.next; // not read
        closed.close();
        Path other = dir.resolve("other");
        try (ObjectStore store = ObjectStore.open(other)) {
            store.setRoot("o", new Node("o"));
            StoreClosedException changed = assertThrows(StoreClosedException.class, () -> node.name = "written to the other");
            assertTrue(changed.getMessage().contains("would be lost"), changed.getMessage());
            StoreClosedException read = assertThrows(StoreClosedException.class, () -> next.name.length());
            assertTrue(read.getMessage().contains("which was not read before close()"), read.getMessage());
            NotPersistentException bound = assertThrows(NotPersistentException.class, () -> store.setRoot("n", node));
            assertTrue(bound.getMessage().contains("before it was closed"), bound.getMessage());
            store.commit();
            assertEquals(1, store.stats().objectsCreated(), store.stats().toString());
            assertEquals(0, store.stats().objectsDirtied(), "no object of the closed store: " + store.stats());
        }
        try (ObjectStore store = ObjectStore.open(other)) {
            assertEquals("o", store.root("o", Node.class).name);
            assertNull(store.root("n", Node.class));
        }
        try (ObjectStore store = ObjectStore.open(dir)) {
            assertEquals("n", store.root("n", Node.class).name);
            assertEquals("m", store.root("n", Node.class).next.name);
        }
    }

    /**
     * After close(): the store refuses its methods, resident objects are still read, and a change to one or to a
     * collection it holds, which no commit would write, is refused (under the default barrier; see the README).
     */
    @Test
    void shouldRefuseUseAfterClose() {
        ObjectStore store = ObjectStore.open(dir);
        Node node = new Node("n");
        node.next = new Node("m");
        node.children.add(new Node("c"));
        store.setRoot("n", node);
        store.commit();
        store.close();
        assertThrows(StoreClosedException.class, store::commit);
        assertEquals("m", node.next.name, "a resident object is still read after close()");
        StoreClosedException changed = assertThrows(StoreClosedException.class, () -> node.name = "after close");
        assertTrue(changed.getMessage().contains(Node.class.getName()) && changed.getMessage().contains("would be lost"),
            changed.getMessage());
        assertEquals("n", node.name, "the change is refused before it is made: the object keeps its committed value");
        java.util.List<Node> children = node.children;
        StoreClosedException added = assertThrows(StoreClosedException.class, () -> children.add(new Node("after close")));
        assertTrue(added.getMessage().contains(Node.class.getName() + ".children"), added.getMessage());
        try (ObjectStore again = ObjectStore.open(dir)) {
            Node reread = again.root("n", Node.class);
            assertNotNull(reread);
            assertEquals("m", reread.next.name);
            assertEquals("n", reread.name);
            assertEquals(1, reread.children.size());
            NotPersistentException bound = assertThrows(NotPersistentException.class, () -> again.setRoot("old", node));
            assertTrue(bound.getMessage().contains("read from a store before it was closed (this one, closed and opened again"),
                bound.getMessage());
            reread.next = node.next;
            NotPersistentException referred = assertThrows(NotPersistentException.class, again::commit);
            assertTrue(referred.getMessage().contains(Node.class.getName() + ".next")
                && referred.getMessage().contains("read it again from the open store"), referred.getMessage());
            again.abort();
        }
    }

    /**
     * A paged map of a closed store whose pages were not all read cannot be stored again: refused naming the field, as
     * an object of the closed store is, not with the closed store's StoreClosedException, which said to open a store
     * that was open.
     */
    @Test
    void shouldRefuseALargeMapOfAClosedStoreWhosePagesWereNotRead() {
        try (ObjectStore store = ObjectStore.open(dir)) {
            org.swizzle.it.model.Holder holder = new org.swizzle.it.model.Holder();
            for (int i = 0; i < 20_000; i++) {
                holder.byName.put("n" + i, new Node("n" + i));
            }
            store.setRoot("h", holder);
            store.commit();
        }
        ObjectStore closed = ObjectStore.open(dir);
        java.util.Map<String, Node> map = closed.root("h", org.swizzle.it.model.Holder.class).byName;
        assertEquals(20_000, map.size(), "the size, from the map's directory: no page read");
        closed.close();
        try (ObjectStore store = ObjectStore.open(dir)) {
            org.swizzle.it.model.Holder reread = store.root("h", org.swizzle.it.model.Holder.class);
            reread.byName = map;
            NotPersistentException refused = assertThrows(NotPersistentException.class, store::commit);
            assertTrue(refused.getMessage().contains(org.swizzle.it.model.Holder.class.getName() + ".byName")
                && refused.getMessage().contains("closed before every page of the collection was read")
                && refused.getMessage().contains("read it again from the open store"), refused.getMessage());
            store.abort();
            java.util.Map<String, Node> again = store.root("h", org.swizzle.it.model.Holder.class).byName;
            assertEquals(20_000, again.size());
            assertEquals("n1", again.get("n1").name);
        }
    }

    /**
     * A collection another store holds too goes on changing after its first store closed, and one taken over after it
     * closed changes too: the other store commits them.
     */
    @Test
    void shouldLetAnotherStoreCommitACollectionOfAClosedOne() {
        try (ObjectStore first = ObjectStore.open(dir.resolve("first"))) {
            org.swizzle.it.model.AllTypes stored = new org.swizzle.it.model.AllTypes();
            stored.list = new java.util.ArrayList<>(java.util.List.of("a"));
            stored.hashMap = new java.util.HashMap<>(java.util.Map.of("k", 1));
            first.setRoot("all", stored);
            first.commit();
        }
        ObjectStore first = ObjectStore.open(dir.resolve("first"));
        org.swizzle.it.model.AllTypes loaded = first.root("all", org.swizzle.it.model.AllTypes.class);
        java.util.List<String> list = loaded.list; // tracked: they report their changes to the first store
        java.util.Map<String, Integer> map = loaded.hashMap;
        try (ObjectStore second = ObjectStore.open(dir.resolve("second"))) {
            org.swizzle.it.model.AllTypes holder = new org.swizzle.it.model.AllTypes();
            holder.list = list;
            second.setRoot("all", holder);
            second.commit();
            first.close();
            list.add("b");
            holder.hashMap = map; // taken over from the closed store
            second.commit();
            map.put("k2", 2);
            second.commit();
        }
        try (ObjectStore second = ObjectStore.open(dir.resolve("second"))) {
            org.swizzle.it.model.AllTypes read = second.root("all", org.swizzle.it.model.AllTypes.class);
            assertEquals(java.util.List.of("a", "b"), read.list);
            assertEquals(java.util.Map.of("k", 1, "k2", 2), read.hashMap);
        }
    }

    @Test
    void shouldRehollowCleanObjectsPastTheResidentBudget() {
        int count = 20_000;
        try (ObjectStore store = ObjectStore.open(dir)) {
            org.swizzle.it.model.Holder holder = new org.swizzle.it.model.Holder();
            for (int i = 0; i < count; i++) {
                holder.items.add(new Item(i, "item " + i));
            }
            store.setRoot("h", holder);
            store.commit();
        }
        StoreOptions options = StoreOptions.builder().residentBudget(1_000).confined(true).build();
        try (ObjectStore store = ObjectStore.open(dir, options)) {
            java.util.List<Item> items = store.root("h", org.swizzle.it.model.Holder.class).items;
            Item first = items.get(0);
            long sum = 0;
            for (int pass = 0; pass < 2; pass++) {
                for (Item item : items) {
                    sum += item.value;
                }
            }
            assertEquals(2L * count * (count - 1) / 2, sum, "every value survives re-hollowing");
            StoreStats stats = store.stats();
            assertTrue(stats.objectsRehollowed() > count, "clean objects were re-hollowed: " + stats);
            assertTrue(stats.objectsResident() <= 1_001, "the budget holds: " + stats);
            assertSame(first, items.get(0), "one Java object per stored object");
            first.value = -1;
            for (Item item : items) {
                sum += item.label.length();
            }
            assertEquals(-1, first.value, "a dirty object is never re-hollowed before commit");
            store.commit();
        }
        try (ObjectStore store = ObjectStore.open(dir)) {
            assertEquals(-1, store.root("h", org.swizzle.it.model.Holder.class).items.get(0).value);
        }
    }

    /**
     * A store opened confined refuses a change that another thread makes to one of its resident objects or stored
     * collections, as it refuses that thread's calls and faults, where the change was taken silently and written by the
     * owner's next commit (trial finding); the refusal comes before the change, also in a large list whose chunk the
     * owner changed already (review finding: the chunk changed, its directory did not, and the store could not be
     * read); the owner's changes go on.
     */
    @Test
    void shouldRefuseAChangeFromAnotherThreadOfAConfinedStore() throws InterruptedException {
        int count = 3_000; // a large list, kept in chunks
        try (ObjectStore store = ObjectStore.open(dir)) {
            Node node = new Node("committed");
            for (int i = 0; i < count; i++) {
                node.children.add(new Node("child " + i));
            }
            store.setRoot("n", node);
            store.commit();
        }
        try (ObjectStore store = ObjectStore.open(dir, StoreOptions.builder().confined(true).build())) {
            Node node = store.root("n", Node.class);
            java.util.List<Node> children = node.children;
            children.set(5, new Node("set by the owner")); // its chunk is changed already
            java.util.List<RuntimeException> refusals = onAnotherThread("other", () -> node.name = "from another thread",
                () -> children.add(3, new Node("from another thread")), () -> children.remove(4));
            assertEquals(3, refusals.size(), "every change refused: " + refusals);
            assertTrue(refusals.stream().allMatch(StoreConfinedException.class::isInstance), refusals.toString());
            assertTrue(refusals.get(0).getMessage().contains("confined to thread '" + Thread.currentThread().getName()
                + "', and thread 'other' used it"), refusals.get(0).getMessage());
            // trial 79: the refusal says what the thread did, and to which object or field
            String nodeClass = java.util.regex.Pattern.quote(Node.class.getName());
            assertTrue(refusals.get(0).getMessage().matches(".*used it: it changed object \\d+ \\(" + nodeClass + "\\)\\. .*"),
                refusals.get(0).getMessage());
            assertTrue(refusals.get(1).getMessage().contains("it changed the collection reached through field "
                + Node.class.getName() + ".children."), refusals.get(1).getMessage());
            Node hollow = children.get(2_000); // in a chunk the owner has read, itself never touched
            java.util.List<RuntimeException> uses = onAnotherThread("other", () -> hollow.name.length(), store::commit);
            assertTrue(uses.get(0).getMessage().matches(".*used it: it faulted object \\d+ \\(" + nodeClass + "\\)\\. .*"),
                uses.get(0).getMessage());
            assertTrue(uses.get(1).getMessage().contains("it called commit()."), uses.get(1).getMessage());
            // trial 68: a thread without a name (a virtual thread has none) was named ''
            String unnamed = onAnotherThread("", () -> node.name = "from another thread").get(0).getMessage();
            assertTrue(unnamed.contains("and thread Thread[") && !unnamed.contains("''"), unnamed);
            assertEquals(count, children.size());
            assertEquals("committed", node.name, "the other thread's store is refused before it is made");
            children.add(new Node("added by the owner"));
            store.commit();
        }
        ObjectStore confined = ObjectStore.open(dir, StoreOptions.builder().confined(true).build());
        Node held = confined.root("n", Node.class);
        held.children.remove(0);
        held.children.add(new Node("discarded by close()"));
        // from any thread, as README says: it reverts the owner's changes
        assertEquals(java.util.List.of(), onAnotherThread("closer", confined::close));
        try (ObjectStore store = ObjectStore.open(dir)) {
            Node node = store.root("n", Node.class);
            assertEquals("committed", node.name);
            assertEquals(count + 1, node.children.size());
            assertEquals("child 3", node.children.get(3).name);
            assertEquals("set by the owner", node.children.get(5).name);
            assertEquals("added by the owner", node.children.get(count).name);
            int i = 0;
            for (Node child : node.children) {
                assertNotNull(child.name, "child " + i++);
            }
        }
    }

    /** Holds arrays in a list, which the store watches: abort() and close() give it its committed elements back in place. */
    @org.swizzle.Persistent
    public static class Rows {
        public java.util.List<int[]> rows = new java.util.ArrayList<>();
    }

    /**
     * close() of a confined store from another thread reverts the owner's changes, also those the store undoes by
     * changing a collection in place (a list of arrays, watched), without refusing the closing thread as one that
     * changes the store's collections (review finding).
     */
    @Test
    void shouldCloseAConfinedStoreFromAnotherThread() throws InterruptedException {
        try (ObjectStore store = ObjectStore.open(dir)) {
            Rows rows = new Rows();
            rows.rows.add(new int[] {1, 2});
            store.setRoot("rows", rows);
            store.commit();
        }
        ObjectStore confined = ObjectStore.open(dir, StoreOptions.builder().confined(true).build());
        confined.root("rows", Rows.class).rows.get(0)[0] = 42;
        assertEquals(1, confined.stats().objectsWatched());
        assertEquals(java.util.List.of(), onAnotherThread("closer", confined::close));
        try (ObjectStore store = ObjectStore.open(dir)) {
            assertEquals(1, store.root("rows", Rows.class).rows.get(0)[0]);
        }
    }

    /**
     * Once a confined store is closed, a collection of it that another store holds too is that store's to change from
     * any thread, as before confined stores checked changes (review finding).
     */
    @Test
    void shouldLetAnotherStoreChangeACollectionOfAClosedConfinedStore() throws InterruptedException {
        Path first = dir.resolve("first");
        Path second = dir.resolve("second");
        try (ObjectStore store = ObjectStore.open(first)) {
            AllTypes all = new AllTypes();
            all.list = new java.util.ArrayList<>(java.util.List.of("a"));
            store.setRoot("all", all);
            store.commit();
        }
        ObjectStore confined = ObjectStore.open(first, StoreOptions.builder().confined(true).build());
        java.util.List<String> shared = confined.root("all", AllTypes.class).list;
        try (ObjectStore other = ObjectStore.open(second)) {
            AllTypes holder = new AllTypes();
            holder.list = shared;
            other.setRoot("all", holder);
            other.commit();
            confined.close();
            assertEquals(java.util.List.of(), onAnotherThread("worker", () -> shared.add("b"), other::commit));
        }
        try (ObjectStore store = ObjectStore.open(second)) {
            assertEquals(java.util.List.of("a", "b"), store.root("all", AllTypes.class).list);
        }
    }

    /**
     * {@code objectsWatched} counts an object once an array of it was passed on: commits compare it from then on. An
     * array passed to a JDK method that only reads it ({@code Arrays.toString}) watches nothing.
     */
    @Test
    void shouldCountTheObjectsWatched() {
        try (ObjectStore store = ObjectStore.open(dir)) {
            org.swizzle.it.model.Blob blob = new org.swizzle.it.model.Blob();
            blob.ints = new int[] {Integer.MIN_VALUE, 0, Integer.MAX_VALUE};
            blob.bytes = new byte[] {1, 2};
            store.setRoot("blob", blob);
            store.commit();
        }
        try (ObjectStore store = ObjectStore.open(dir)) {
            org.swizzle.it.model.Blob blob = store.root("blob", org.swizzle.it.model.Blob.class);
            assertNull(blob.text);
            assertEquals(0, store.stats().objectsWatched());
            assertEquals("[-2147483648, 0, 2147483647]", java.util.Arrays.toString(blob.ints));
            assertEquals("\u0001\u0002", new String(blob.bytes, java.nio.charset.StandardCharsets.ISO_8859_1));
            assertEquals(0, store.stats().objectsWatched(), store.stats().toString());
            assertEquals(-1, sum(blob.ints));
            assertEquals(1, store.stats().objectsWatched(), store.stats().toString());
            long compared = store.stats().objectsCompared();
            store.commit();
            assertEquals(compared + 1, store.stats().objectsCompared());
        }
    }

    /** Holds rows of numbers: an array of arrays. */
    @org.swizzle.Persistent
    public static class Board {
        public int[][] cells;
    }

    /**
     * An array of primitive rows read (its length, rows, their elements) watches nothing, as a one-dimensional array
     * only read does; a row's element written watches the object, and the write is committed (it was watched at any
     * load, a null check included).
     */
    @Test
    void shouldWatchNoObjectWhoseRowsAreOnlyReadAndCommitAWriteIntoARow() {
        try (ObjectStore store = ObjectStore.open(dir)) {
            Board board = new Board();
            board.cells = new int[][] {{1, 2}, {3}, null};
            store.setRoot("board", board);
            store.commit();
        }
        try (ObjectStore store = ObjectStore.open(dir)) {
            Board board = store.root("board", Board.class);
            long sum = board.cells.length;
            for (int[] row : board.cells) {
                for (int i = 0; row != null && i < row.length; i++) {
                    sum += row[i];
                }
            }
            assertEquals(9, sum);
            assertEquals(0, store.stats().objectsWatched(), store.stats().toString());
            board.cells[1][0] = 30;
            assertEquals(1, store.stats().objectsWatched(), store.stats().toString());
            store.commit();
        }
        try (ObjectStore store = ObjectStore.open(dir)) {
            assertEquals("[[1, 2], [30], null]", java.util.Arrays.deepToString(store.root("board", Board.class).cells));
        }
    }

    /** Runs {@code actions} one after another on a new thread named {@code name}; returns what each threw. */
    private static java.util.List<RuntimeException> onAnotherThread(String name, Runnable... actions)
        throws InterruptedException {
        java.util.List<RuntimeException> thrown = new java.util.ArrayList<>();
        Thread thread = new Thread(() -> {
            for (Runnable action : actions) {
                try {
                    action.run();
                } catch (RuntimeException e) {
                    thrown.add(e);
                }
            }
        }, name);
        thread.start();
        thread.join();
        return thrown;
    }

    private static int sum(int[] values) {
        int sum = 0;
        for (int value : values) {
            sum += value;
        }
        return sum;
    }

    /** Prints a root's state, for checks in a fresh JVM. */
    public static final class ReadRoot {
        public static void main(String[] args) {
            try (ObjectStore store = ObjectStore.open(Path.of(args[0]))) {
                Node node = store.root(args[1], Node.class);
                java.util.List<String> children = new java.util.ArrayList<>();
                node.children.forEach(child -> children.add(child.name));
                System.out.println("name=" + node.name + " roots=" + store.rootNames() + " children=" + children);
            }
        }
    }
}
