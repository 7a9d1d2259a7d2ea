package org.swizzle.it.faulting;

import java.lang.reflect.Field;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;

import org.swizzle.ObjectStore;
import org.swizzle.StoreOptions;
import org.swizzle.StoreStats;
import org.swizzle.internal.Persistable;

/**
 * The child JVM of {@link SchemeBehaviourTest}: {@code MODE DIR} builds a small store for one
 * behaviour, commits, closes it, reopens it (so every object is stored and nothing is resident) and
 * prints what it observes as {@code FACT key=value} lines. Raw field values are read with
 * reflection, which the agent does not intercept, so looking never faults; residency is read
 * with {@code Persistable.$swz_state()}, which the agent does not rewrite either.
 */
public final class SchemeFacts {

    /** Length of the ring of the {@code lookups} mode: the reference loads of one traversal. */
    static final int RING = 64;

    /** Vertices of the {@code unit} mode: more than one logical segment (256 OIDs), less than one 1 MiB cluster. */
    static final int UNIT_VERTICES = 400;

    private SchemeFacts() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[1]);
        switch (args[0]) {
            case "node": node(dir); break;
            case "edge": edge(dir); break;
            case "lookups": lookups(dir); break;
            case "eager": eager(dir); break;
            case "unit": unit(dir); break;
            case "entry": entry(dir); break;
            default: throw new IllegalArgumentException(args[0]);
        }
    }

    // ------------------------------------------------------------------ node marking

    private static void node(Path dir) throws Exception {
        try (ObjectStore store = ObjectStore.open(dir)) {
            Vertex a = new Vertex(1);
            Vertex b = new Vertex(2);
            a.next = b;
            b.next = new Vertex(3);
            store.setRoot("a", a);
            store.commit();
        }
        try (ObjectStore store = ObjectStore.open(dir)) {
            Vertex a = store.root("a", Vertex.class);
            fact("root.hollow", state(a) == Persistable.HOLLOW);
            StoreStats start = store.stats();
            fact("touch.id", a.id);
            fact("touch.faults", store.stats().faults() - start.faults());
            Object rawNext = raw(a, "next");
            fact("fault.rawNextIsAVertex", rawNext != null && rawNext.getClass() == Vertex.class);
            fact("fault.rawNextHollow", rawNext != null && state(rawNext) == Persistable.HOLLOW);
            fact("load.sameAsRaw", a.next == rawNext);
            fact("load.targetStillHollow", state(rawNext) == Persistable.HOLLOW);
            fact("load.faults", store.stats().faults() - start.faults());
            fact("deref.id", a.next.id);
            fact("deref.rawNextSameObject", raw(a, "next") == rawNext);
            fact("deref.targetResident", state(rawNext) == Persistable.RESIDENT);
            fact("deref.faults", store.stats().faults() - start.faults());
            Object rawNextNext = raw(rawNext, "next");
            fact("deref.targetsReferenceIsAHollowVertex", rawNextNext != null && rawNextNext.getClass() == Vertex.class
                && state(rawNextNext) == Persistable.HOLLOW);
            fact("shadowFieldPresent", hasField(Vertex.class, "$swz_ref$next"));
            fact("stats", store.stats());
        }
    }

    // ------------------------------------------------------------------ edge marking

    private static void edge(Path dir) throws Exception {
        try (ObjectStore store = ObjectStore.open(dir)) {
            Vertex r = new Vertex(1);
            Vertex s = new Vertex(2);
            Vertex t = new Vertex(10);
            r.next = t;
            s.next = t;
            r.edges[0] = t;
            r.tag = t;
            store.setRoot("r", r);
            store.setRoot("s", s);
            store.commit();
        }
        try (ObjectStore store = ObjectStore.open(dir)) {
            fact("shadow.next", hasField(Vertex.class, "$swz_ref$next"));
            fact("shadow.tag", hasField(Vertex.class, "$swz_ref$tag"));
            fact("shadow.hubOf", hasField(Hub.class, "$swz_ref$hubOf"));
            fact("shadow.first", hasField(Graph.class, "$swz_ref$first"));
            fact("shadow.edges", hasField(Vertex.class, "$swz_ref$edges"));
            fact("shadow.list", hasField(Vertex.class, "$swz_ref$list"));
            fact("shadow.id", hasField(Vertex.class, "$swz_ref$id"));
            fact("shadow.name", hasField(Vertex.class, "$swz_ref$name"));

            Vertex r = store.root("r", Vertex.class);
            Vertex s = store.root("s", Vertex.class);
            fact("fault.ids", r.id + "," + s.id);
            fact("fault.rawNextNull", raw(r, "next") == null);
            long shadow = rawLong(r, "$swz_ref$next");
            fact("fault.shadowNonZero", shadow != 0);
            fact("fault.rawTagNull", raw(r, "tag") == null);
            fact("fault.tagShadowNonZero", rawLong(r, "$swz_ref$tag") != 0);
            Vertex[] edges = (Vertex[]) raw(r, "edges");
            Object element = edges[0];
            fact("fault.arrayElementIsAHollowVertex", element != null && element.getClass() == Vertex.class
                && state(element) == Persistable.HOLLOW);

            StoreStats before = store.stats();
            Vertex t1 = r.next;
            Vertex t2 = r.next;
            fact("load.sameInstance", t1 == t2);
            fact("load.sameAsArrayElement", t1 == element);
            fact("load.targetHollow", t1 != null && state(t1) == Persistable.HOLLOW);
            fact("load.rawStillNull", raw(r, "next") == null);
            fact("load.shadowUnchanged", rawLong(r, "$swz_ref$next") == shadow);
            fact("compare.equal", r.next == s.next);
            Labelled viaInterface = r.tag;
            fact("compare.interfaceLoadSame", viaInterface == t1);
            Vertex copy = t1;
            Vertex[] copies = {copy, s.next};
            fact("copy.same", copies[0] == copies[1]);
            fact("load.targetStillHollow", state(t1) == Persistable.HOLLOW);
            StoreStats loaded = store.stats();
            fact("load.faults", loaded.faults() - before.faults());
            fact("load.objectsFaulted", loaded.objectsFaulted() - before.objectsFaulted());

            fact("deref.id", t1.id);
            StoreStats derefed = store.stats();
            fact("deref.faults", derefed.faults() - loaded.faults());
            fact("deref.targetResident", state(t1) == Persistable.RESIDENT);
            fact("deref.rawOfOtherReferrerStillNull", raw(s, "next") == null);

            Vertex t3 = s.next;
            fact("discover.same", t3 == t1);
            fact("discover.rawIsTarget", raw(s, "next") == t1);
            fact("discover.shadowKept", rawLong(s, "$swz_ref$next") != 0); // the Java field takes precedence; the stored reference stays for racing loads
            fact("discover.faults", store.stats().faults() - derefed.faults());
            fact("stats", store.stats());
        }
    }

    // ------------------------------------------------------------------ OID lookups per traversal

    private static void lookups(Path dir) throws Exception {
        try (ObjectStore store = ObjectStore.open(dir)) {
            Vertex[] ring = new Vertex[RING];
            for (int i = 0; i < RING; i++) {
                ring[i] = new Vertex(i);
            }
            for (int i = 0; i < RING; i++) {
                ring[i].next = ring[(i + 1) % RING];
            }
            store.setRoot("ring", ring[0]);
            store.commit();
        }
        try (ObjectStore store = ObjectStore.open(dir)) {
            Vertex start = store.root("ring", Vertex.class);
            String[] names = {"cold", "warm1", "warm2"};
            for (String name : names) {
                StoreStats before = store.stats();
                Vertex current = start;
                long sum = 0;
                for (int i = 0; i < RING; i++) {
                    current = current.next;
                    sum += current.id;
                }
                StoreStats after = store.stats();
                fact(name + ".closed", current == start && sum == (long) RING * (RING - 1) / 2);
                fact(name + ".lookups", after.oidLookups() - before.oidLookups());
                fact(name + ".faults", after.faults() - before.faults());
            }
            fact("loads", RING);
            fact("rawNextNull", raw(start, "next") == null);
            fact("sameOnTwoLoads", start.next == start.next);
            fact("stats", store.stats());
        }
    }

    // ------------------------------------------------------------------ eager swizzling

    private static void eager(Path dir) throws Exception {
        try (ObjectStore store = ObjectStore.open(dir)) {
            Vertex r = new Vertex(1);
            Vertex a = new Vertex(2);
            Vertex b = new Vertex(3);
            Hub c = new Hub(10);
            Vertex d = new Vertex(4);
            Tag e = new Tag("e", null);
            r.next = a;
            r.edges[0] = b;
            r.edges[1] = c;
            r.list.add(d);
            r.tag = e;
            a.next = new Vertex(5);
            c.hubOf = new Vertex(6);
            store.setRoot("r", r);
            store.commit();
        }
        try (ObjectStore store = ObjectStore.open(dir)) {
            Vertex r = store.root("r", Vertex.class);
            StoreStats before = store.stats();
            fact("touch.id", r.id);
            StoreStats touched = store.stats();
            fact("touch.faults", touched.faults() - before.faults());
            fact("touch.objectsFaulted", touched.objectsFaulted() - before.objectsFaulted());
            Object a = raw(r, "next");
            Object[] edges = (Object[]) raw(r, "edges");
            Object d = ((List<?>) raw(r, "list")).get(0);
            Object e = raw(r, "tag");
            fact("field.resident", a != null && a.getClass() == Vertex.class && state(a) == Persistable.RESIDENT);
            fact("array.resident", edges[0] != null && state(edges[0]) == Persistable.RESIDENT
                && edges[1] != null && edges[1].getClass() == Hub.class && state(edges[1]) == Persistable.RESIDENT);
            fact("list.resident", d != null && state(d) == Persistable.RESIDENT);
            fact("interface.resident", e != null && e.getClass() == Tag.class && state(e) == Persistable.RESIDENT);
            fact("target.filledInPlace", a != null && Integer.valueOf(2).equals(raw(a, "id")) && "v2".equals(raw(a, "name")));
            Object secondLevel = a == null ? null : raw(a, "next");
            Object hubOf = edges[1] == null ? null : raw(edges[1], "hubOf");
            fact("secondLevel.hollow", secondLevel != null && state(secondLevel) == Persistable.HOLLOW
                && hubOf != null && state(hubOf) == Persistable.HOLLOW);
            String targetIds = r.next.id + "," + r.edges[0].id + "," + r.edges[1].id + "," + r.list.get(0).id + "," + r.tag.label();
            StoreStats targetsTouched = store.stats();
            fact("target.ids", targetIds);
            fact("target.touchFaults", targetsTouched.faults() - touched.faults());
            fact("secondLevel.id", r.next.next.id);
            fact("secondLevel.faults", store.stats().faults() - targetsTouched.faults());
            fact("stats", store.stats());
        }
    }

    // ------------------------------------------------------------------ fault units

    private static void unit(Path dir) throws Exception {
        StoreOptions options = StoreOptions.builder().clusterSize(1 << 20).build();
        try (ObjectStore store = ObjectStore.open(dir, options)) {
            Graph graph = new Graph();
            Vertex previous = null;
            for (int i = 0; i < UNIT_VERTICES; i++) {
                Vertex v = new Vertex(i);
                v.edges = null;
                graph.all.add(v);
                if (previous != null) {
                    previous.next = v;
                }
                previous = v;
            }
            store.setRoot("graph", graph);
            store.commit();
        }
        try (ObjectStore store = ObjectStore.open(dir, options)) {
            Graph graph = store.root("graph", Graph.class);
            StoreStats before = store.stats();
            fact("first.generation", graph.generation);
            StoreStats first = store.stats();
            fact("first.faults", first.faults() - before.faults());
            fact("first.objectsFaulted", first.objectsFaulted() - before.objectsFaulted());
            List<?> all = (List<?>) raw(graph, "all");
            int resident = 0;
            int filled = 0;
            int direct = 0;
            int residentPairs = 0;
            for (int i = 0; i < all.size(); i++) {
                Object v = all.get(i);
                if (state(v) == Persistable.RESIDENT) {
                    resident++;
                    if (Integer.valueOf(i).equals(raw(v, "id")) && ("v" + i).equals(raw(v, "name"))) {
                        filled++;
                    }
                    if (i + 1 < all.size() && state(all.get(i + 1)) == Persistable.RESIDENT) {
                        residentPairs++;
                        if (raw(v, "next") == all.get(i + 1)) {
                            direct++;
                        }
                    }
                }
            }
            fact("first.residentNeighbours", resident);
            fact("first.neighboursFilledInPlace", filled == resident);
            fact("first.directReferencesInUnit", direct == residentPairs);
            long sum = 0;
            for (Vertex v : graph.all) {
                sum += v.id;
            }
            StoreStats traversed = store.stats();
            fact("traversal.sum", sum == (long) UNIT_VERTICES * (UNIT_VERTICES - 1) / 2);
            fact("traversal.faults", traversed.faults() - first.faults());
            fact("total.objectsFaulted", traversed.objectsFaulted() - before.objectsFaulted());
            fact("objects", UNIT_VERTICES + 1);
            fact("stats", store.stats());
        }
    }

    // ------------------------------------------------------------------ method-entry checks

    private static void entry(Path dir) throws Exception {
        try (ObjectStore store = ObjectStore.open(dir)) {
            Vertex b = new Vertex(2);
            b.next = new Vertex(3);
            store.setRoot("a", new Vertex(1));
            store.setRoot("b", b);
            store.setRoot("d", new Vertex(4));
            store.setRoot("e", new Vertex(5));
            store.setRoot("f", new Vertex(6));
            store.setRoot("g", new Vertex(7));
            store.setRoot("h", new Hub(10));
            store.commit();
        }
        try (ObjectStore store = ObjectStore.open(dir)) {
            Vertex a = store.root("a", Vertex.class);
            fact("describe.hollowBefore", state(a) == Persistable.HOLLOW);
            StoreStats before = store.stats();
            String described = a.describe();
            fact("describe.correct", described.equals("vertex:v1:1:" + Vertex.weightOf(1)));
            fact("describe.faults", store.stats().faults() - before.faults());
            fact("describe.resident", state(a) == Persistable.RESIDENT);

            Vertex b = store.root("b", Vertex.class);
            before = store.stats();
            fact("nextId.value", b.nextId());
            fact("nextId.faults", store.stats().faults() - before.faults());

            Vertex d = store.root("d", Vertex.class);
            fact("sameId.receiverId", d.id);
            Vertex e = store.root("e", Vertex.class);
            fact("sameId.otherHollowBefore", state(e) == Persistable.HOLLOW);
            before = store.stats();
            fact("sameId.value", d.sameId(e));
            fact("sameId.faults", store.stats().faults() - before.faults());
            fact("sameId.otherResident", state(e) == Persistable.RESIDENT);
            fact("sameId.self", d.sameId(d));

            Vertex h = store.root("h", Vertex.class);
            before = store.stats();
            String hub = h.describe();
            fact("hub.correct", hub.equals("hub:v10:10:" + Vertex.weightOf(10) + ":motto 10"));
            fact("hub.faults", store.stats().faults() - before.faults());
            fact("hub.label", h.label());

            Vertex f = store.root("f", Vertex.class);
            before = store.stats();
            f.rename("renamed");
            fact("rename.faults", store.stats().faults() - before.faults());
            fact("rename.visible", "renamed".equals(f.name));
            store.commit();

            Vertex g = store.root("g", Vertex.class);
            g.weight = 99;
            Supplier<String> later = g.nameLater();
            store.abort();
            boolean hollow = state(g) == Persistable.HOLLOW;
            fact("lambda.hollowAfterAbort", hollow);
            before = store.stats();
            fact("lambda.value", later.get());
            fact("lambda.faults", store.stats().faults() - before.faults());
            fact("lambda.faultsExpected", hollow ? 1 : 0);
            fact("lambda.weightReverted", g.weight == Vertex.weightOf(7));
            fact("stats", store.stats());
        }
        try (ObjectStore store = ObjectStore.open(dir)) {
            fact("rename.persisted", store.root("f", Vertex.class).name);
        }
    }

    // ------------------------------------------------------------------ looking without touching

    static byte state(Object object) {
        return ((Persistable) object).$swz_state();
    }

    static Object raw(Object object, String name) throws ReflectiveOperationException {
        return field(object.getClass(), name).get(object);
    }

    static long rawLong(Object object, String name) throws ReflectiveOperationException {
        return field(object.getClass(), name).getLong(object);
    }

    static boolean hasField(Class<?> type, String name) {
        for (Field field : type.getDeclaredFields()) {
            if (field.getName().equals(name)) {
                return true;
            }
        }
        return false;
    }

    private static Field field(Class<?> type, String name) throws NoSuchFieldException {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            for (Field field : c.getDeclaredFields()) {
                if (field.getName().equals(name)) {
                    field.setAccessible(true);
                    return field;
                }
            }
        }
        throw new NoSuchFieldException(type.getName() + " has no field " + name);
    }

    static void fact(String key, Object value) {
        System.out.println("FACT " + key + "=" + value);
    }
}
