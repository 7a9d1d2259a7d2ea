package org.swizzle.it.collections;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.swizzle.ObjectStore;
import org.swizzle.Persistent;
import org.swizzle.it.Phases;

/**
 * The child JVM of {@link AccessOrderTest}: a {@code LinkedHashMap} in access order keeps its order mode and the order
 * its lookups made, both for a map a persistent class made (tracked) and for one the application made elsewhere.
 */
public final class AccessOrderWorkload {

    /** Two maps in access order and one in insertion order; a map of a subclass whose {@code put} takes strings only. */
    @Persistent
    public static class Cache {
        LinkedHashMap<String, Integer> recent = new LinkedHashMap<>(16, 0.75f, true);
        Map<String, Integer> made;
        LinkedHashMap<String, Integer> inserted = new LinkedHashMap<>();
        Map<String, Integer> names;
        int touched;
    }

    /** A subclass the store reloads as a {@code LinkedHashMap}; its typed {@code put} refuses any other key. */
    public static class LowerCaseNames extends LinkedHashMap<String, Integer> {
        private static final long serialVersionUID = 1L;

        @Override
        public Integer put(String key, Integer value) {
            return super.put(key.toLowerCase(), value);
        }
    }

    private final String phase;

    private AccessOrderWorkload(String phase) {
        this.phase = phase;
    }

    public static void main(String[] args) throws Exception {
        AccessOrderWorkload workload = new AccessOrderWorkload(args[0]);
        Phases.run(args, Map.of("build", workload::build, "touch", workload::touch, "verify", workload::verify,
            "abort", workload::abort));
    }

    /** Three entries in each map, committed; then lookups alone, committed. */
    private void build(ObjectStore store) {
        Cache cache = store.root("cache", Cache.class, Cache::new);
        cache.made = plainAccessOrdered();
        LowerCaseNames names = new LowerCaseNames();
        names.put("B", 2);
        names.put("A", 1);
        cache.names = names;
        for (Map<String, Integer> map : List.of(cache.recent, cache.made, cache.inserted)) {
            map.put("a", 1);
            map.put("b", 2);
            map.put("c", 3);
        }
        store.commit();
        for (Map<String, Integer> map : List.of(cache.recent, cache.made, cache.inserted)) {
            map.get("a");
        }
        check("lookups alone", cache, List.of("b", "c", "a"), List.of("a", "b", "c"));
        store.commit();
        Phases.halt(phase);
    }

    /** After a reload: the maps still order by access, and a lookup alone is committed. */
    private void touch(ObjectStore store) {
        Cache cache = store.root("cache", Cache.class);
        check("reloaded", cache, List.of("b", "c", "a"), List.of("a", "b", "c"));
        for (Map<String, Integer> map : List.of(cache.recent, cache.made, cache.inserted)) {
            map.getOrDefault("b", 0);
            map.put("d", 4);
        }
        check("getOrDefault and put after a reload", cache, List.of("c", "a", "b", "d"), List.of("a", "b", "c", "d"));
        store.commit();
        Phases.halt(phase);
    }

    private void verify(ObjectStore store) {
        Cache cache = store.root("cache", Cache.class);
        check("reloaded after the second session", cache, List.of("c", "a", "b", "d"), List.of("a", "b", "c", "d"));
        Phases.check(phase, "the subclass's map, in insertion order: " + cache.names, new ArrayList<>(cache.names.keySet()).equals(List.of("b", "a")));
    }

    /** A map kept across abort() is detached, and still read: a lookup of a detached map in access order is no change to refuse. */
    private void abort(ObjectStore store) {
        Cache cache = store.root("cache", Cache.class);
        Map<String, Integer> recent = cache.recent;
        recent.get("a");
        cache.touched++;
        store.abort();
        Phases.check(phase, "a lookup in a detached map in access order", recent.get("b") == 2);
        check("read again after abort()", cache, List.of("c", "a", "b", "d"), List.of("a", "b", "c", "d"));
    }

    /** Made where no agent rewrites it, as a library would hand it over. */
    private static Map<String, Integer> plainAccessOrdered() {
        return new LinkedHashMap<>(16, 0.75f, true);
    }

    private void check(String when, Cache cache, List<String> byAccess, List<String> byInsertion) {
        Phases.check(phase, when + ": the tracked map's order " + cache.recent.keySet(), new ArrayList<>(cache.recent.keySet()).equals(byAccess));
        Phases.check(phase, when + ": the application's map's order " + cache.made.keySet(), new ArrayList<>(cache.made.keySet()).equals(byAccess));
        Phases.check(phase, when + ": the insertion-ordered map's order " + cache.inserted.keySet(),
            new ArrayList<>(cache.inserted.keySet()).equals(byInsertion));
    }
}
