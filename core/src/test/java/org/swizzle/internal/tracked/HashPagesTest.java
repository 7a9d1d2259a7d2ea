package org.swizzle.internal.tracked;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;

import org.junit.jupiter.api.Test;

/**
 * A {@link TrackedHashMap} that outgrows {@link HashPages#PAGING_THRESHOLD} pages its entries, in memory: it
 * behaves as a {@code HashMap} through every operation (checked against one, step by step, through growth,
 * splits and shrinking), and goes back to its own table for a key whose hash no reload keeps.
 */
class HashPagesTest {

    /** A key that keeps {@code Object}'s identity hash. */
    private static final class Token {
    }

    @Test
    void shouldPageOnlyBeyondTheThreshold() {
        TrackedHashMap<Integer, Integer> map = new TrackedHashMap<>();
        for (int i = 0; i < HashPages.PAGING_THRESHOLD; i++) {
            map.put(i, i);
        }
        assertFalse(map.isPaged());
        map.put(-1, -1);
        assertTrue(map.isPaged());
        assertEquals(HashPages.PAGING_THRESHOLD + 1, map.size());
        for (int i = 0; i < HashPages.PAGING_THRESHOLD; i++) {
            assertEquals(i, map.get(i));
        }
    }

    @Test
    void shouldSplitPagesAsTheMapGrows() {
        TrackedHashMap<Long, String> map = new TrackedHashMap<>();
        for (long i = 0; i < 100_000; i++) {
            map.put(i, "v" + i);
        }
        int[] largest = {0};
        map.forEachPage((bound, loaded, oid, slot) -> largest[0] = Math.max(largest[0], ((Map<?, ?>) loaded).size()));
        assertTrue(largest[0] <= HashPages.PAGE_CAPACITY, "the largest page holds " + largest[0]);
        assertTrue(map.pageCount() >= 100_000 / HashPages.PAGE_CAPACITY, map.pageCount() + " pages");
        assertEquals(100_000, map.size());
        assertEquals("v77777", map.get(77_777L));
    }

    /**
     * Ascending keys (consecutive numbers, past 65,536 too, where a boxed number's hash mixes its high bits in) are put
     * into the last page, whose splits leave the lower pages nearly full: a median split left them half full, twice
     * as many pages.
     */
    @Test
    void shouldKeepPagesNearlyFullWhenKeysAreAppended() {
        TrackedHashMap<Long, Long> map = new TrackedHashMap<>();
        for (long i = 0; i < 200_000; i++) {
            map.put(i, i);
        }
        int nearlyFull = HashPages.PAGE_CAPACITY - HashPages.APPENDED_WINDOW;
        assertTrue(map.pageCount() <= 200_000 / nearlyFull + 1, map.pageCount() + " pages for 200,000 ascending keys, where"
            + " pages of at least " + nearlyFull + " take " + (200_000 / nearlyFull + 1));
        assertEquals(200_000, map.size());
        assertEquals(199_999L, map.get(199_999L));
    }

    @Test
    void shouldIterateConsecutiveKeysInAboutTheirOrderAsAHashMapDoes() {
        TrackedHashMap<Long, Long> map = new TrackedHashMap<>();
        Map<Long, Long> plain = new HashMap<>();
        for (long i = 0; i < 100_000; i++) {
            map.put(i, i);
            plain.put(i, i);
        }
        assertEquals(100_000, map.keySet().stream().distinct().count());
        int descents = descents(map.keySet());
        int plainDescents = descents(plain.keySet());
        assertTrue(descents <= plainDescents + map.pageCount(), descents + " steps back in " + map.pageCount()
            + " pages, where a HashMap takes " + plainDescents + ": at most one more per page, where its table wraps");
        int[] lowest = {-1};
        map.forEachPage((bound, loaded, oid, slot) -> {
            assertTrue(lowest[0] == -1 ? bound == 0 : Integer.compareUnsigned(lowest[0], bound) < 0, "pages in hash order");
            lowest[0] = bound;
        });
    }

    private static int descents(Iterable<Long> keys) {
        int descents = 0;
        long previous = Long.MIN_VALUE;
        for (long key : keys) {
            if (key < previous) {
                descents++;
            }
            previous = key;
        }
        return descents;
    }

    @Test
    void shouldBehaveAsAHashMapThroughEveryOperation() {
        Random random = new Random(42);
        TrackedHashMap<Integer, Integer> map = new TrackedHashMap<>();
        Map<Integer, Integer> model = new HashMap<>();
        for (int step = 0; step < 200_000; step++) {
            int key = random.nextInt(step < 100_000 ? 4_000 : 1_500);
            int value = random.nextInt(10);
            switch (random.nextInt(16)) {
                case 0: assertEquals(model.put(key, value), map.put(key, value)); break;
                case 1: assertEquals(model.remove(key), map.remove(key)); break;
                case 2: assertEquals(model.remove(key, value), map.remove(key, value)); break;
                case 3: assertEquals(model.putIfAbsent(key, value), map.putIfAbsent(key, value)); break;
                case 4: assertEquals(model.replace(key, value), map.replace(key, value)); break;
                case 5: assertEquals(model.replace(key, value, value + 1), map.replace(key, value, value + 1)); break;
                case 6: assertEquals(model.compute(key, (k, v) -> added(v, value)), map.compute(key, (k, v) -> added(v, value))); break;
                case 7: assertEquals(model.computeIfAbsent(key, k -> value), map.computeIfAbsent(key, k -> value)); break;
                case 8: assertEquals(model.computeIfPresent(key, (k, v) -> v > 5 ? null : v + 1),
                    map.computeIfPresent(key, (k, v) -> v > 5 ? null : v + 1)); break;
                case 9: assertEquals(model.merge(key, value, (a, b) -> a + b > 12 ? null : a + b),
                    map.merge(key, value, (a, b) -> a + b > 12 ? null : a + b)); break;
                case 10: assertEquals(model.get(key), map.get(key)); break;
                case 11: assertEquals(model.containsKey(key), map.containsKey(key)); break;
                case 12: assertEquals(model.getOrDefault(key, -1), map.getOrDefault(key, -1)); break;
                case 13: assertEquals(model.keySet().remove(key), map.keySet().remove(key)); break;
                case 14: assertEquals(model.containsValue(value), map.containsValue(value)); break;
                default: assertEquals(model.size(), map.size()); break;
            }
            if (step % 20_000 == 0) {
                bulk(model, map, step);
            }
        }
        assertEquals(model, map);
        assertEquals(map, model);
        assertEquals(model.hashCode(), map.hashCode());
    }

    @Test
    void shouldIterateWhatTheMapHoldsAfterEveryChange() {
        Random random = new Random(7);
        TrackedHashMap<Integer, Integer> map = new TrackedHashMap<>();
        Map<Integer, Integer> model = new HashMap<>();
        for (int step = 0; step < 6_000; step++) {
            int key = random.nextInt(3_000);
            int value = random.nextInt(10);
            switch (random.nextInt(8)) {
                case 0: case 1: assertEquals(model.put(key, value), map.put(key, value)); break;
                case 2: assertEquals(model.remove(key), map.remove(key)); break;
                case 3: assertEquals(model.merge(key, value, (a, b) -> a + b > 12 ? null : a + b),
                    map.merge(key, value, (a, b) -> a + b > 12 ? null : a + b)); break;
                case 4: assertEquals(model.replace(key, value), map.replace(key, value)); break;
                case 5:
                    for (Iterator<Integer> keys = map.keySet().iterator(); keys.hasNext(); ) {
                        int next = keys.next();
                        if (next % 211 == key % 211) {
                            keys.remove();
                            model.remove(next);
                        }
                    }
                    break;
                case 6:
                    for (Map.Entry<Integer, Integer> entry : map.entrySet()) {
                        if (entry.getKey() % 17 == key % 17) {
                            entry.setValue(value);
                            model.put(entry.getKey(), value);
                        }
                    }
                    break;
                default: // one key for its neighbour: the page holds as many entries, other ones
                    if (model.containsKey(key) && !model.containsKey(key + 1)) {
                        assertEquals(model.remove(key), map.remove(key));
                        assertEquals(model.put(key + 1, value), map.put(key + 1, value));
                    }
                    break;
            }
            Map<Integer, Integer> iterated = new HashMap<>();
            for (Map.Entry<Integer, Integer> entry : map.entrySet()) {
                assertNull(iterated.put(entry.getKey(), entry.getValue()), "key " + entry.getKey() + " met twice");
            }
            assertEquals(model, iterated, "step " + step);
            long valueSum = 0;
            for (int v : map.values()) {
                valueSum += v;
            }
            assertEquals(model.values().stream().mapToLong(Integer::longValue).sum(), valueSum, "step " + step);
            assertEquals(model.keySet(), new HashSet<>(map.keySet()), "step " + step);
        }
        assertTrue(map.isPaged());
    }

    /** {@code value} added to {@code v}, or null (a removal) past 12. */
    private static Integer added(Integer v, int value) {
        if (v == null) {
            return value;
        }
        return v + value > 12 ? null : v + value;
    }

    /** The bulk operations and iterators, then a full comparison. */
    private static void bulk(Map<Integer, Integer> model, TrackedHashMap<Integer, Integer> map, int step) {
        for (Map<Integer, Integer> each : java.util.List.of(model, map)) {
            each.replaceAll((k, v) -> k % 7 == step % 7 ? v + 1 : v);
            each.values().removeIf(v -> v == 11);
            each.keySet().removeIf(k -> k % 101 == step % 101);
            each.entrySet().removeIf(e -> e.getKey() % 103 == 1);
            for (Map.Entry<Integer, Integer> entry : each.entrySet()) {
                if (entry.getKey() % 13 == 0) {
                    entry.setValue(entry.getValue() * 2 % 12);
                }
            }
            for (Iterator<Integer> keys = each.keySet().iterator(); keys.hasNext(); ) {
                if (keys.next() % 97 == 5) {
                    keys.remove();
                }
            }
        }
        assertEquals(model, map);
        assertEquals(new HashMap<>(model), new HashMap<>(map));
        Map<Integer, Integer> sum = new HashMap<>();
        map.forEach(sum::put);
        assertEquals(model, sum);
        assertEquals(model, map.clone());
    }

    @Test
    void shouldFailFastWhenChangedWhileIterated() {
        TrackedHashMap<Integer, Integer> map = filled(2_000);
        Iterator<Integer> keys = map.keySet().iterator();
        keys.next();
        map.put(-5, 5);
        assertThrows(ConcurrentModificationException.class, keys::next);
    }

    /** After a change behind its back, hasNext says what a HashMap's iterator says: whether it had returned all. */
    @Test
    void shouldAnswerHasNextAsAHashMapsIteratorAfterAChangeBehindIt() {
        Random random = new Random(20261125);
        for (int round = 0; round < 200; round++) {
            int size = 600 + random.nextInt(200);
            Map<Integer, Integer> model = new HashMap<>();
            TrackedHashMap<Integer, Integer> map = filled(size);
            map.forEach(model::put);
            Iterator<Integer> theirs = model.values().iterator();
            Iterator<Integer> mine = map.values().iterator();
            for (int step = random.nextInt(size + 1); step > 0; step--) {
                theirs.next();
                mine.next();
                if (random.nextInt(50) == 0) {
                    theirs.remove();
                    mine.remove();
                }
            }
            int key = random.nextInt(2 * size);
            int before = model.size();
            if (random.nextBoolean()) {
                model.put(key + size, key);
                map.put(key + size, key);
            } else {
                model.remove(key);
                map.remove(key);
            }
            assertEquals(theirs.hasNext(), mine.hasNext(), "round " + round);
            assertEquals(model.size(), map.size());
            if (model.size() == before || !theirs.hasNext()) {
                continue;
            }
            assertThrows(ConcurrentModificationException.class, theirs::next);
            assertThrows(ConcurrentModificationException.class, mine::next);
        }
    }

    /** The edges a random walk seldom meets: nothing left, the last entry left and removed, a clear(). */
    @Test
    void shouldAnswerHasNextAsAHashMapsIteratorAtItsEnd() {
        List<Function<Map<Integer, Integer>, Iterator<?>>> views =
            List.of(m -> m.keySet().iterator(), m -> m.values().iterator(), m -> m.entrySet().iterator());
        for (Function<Map<Integer, Integer>, Iterator<?>> view : views) {
            assertEdge(view, 0, (m, unreturned) -> m.put(-1, 1));
            assertEdge(view, 1, (m, unreturned) -> m.remove(unreturned));
            assertEdge(view, 0, (m, unreturned) -> m.clear());
            assertEdge(view, 100, (m, unreturned) -> m.clear());
        }
    }

    /**
     * Walks a HashMap and a paged map until {@code left} entries are not returned, changes each behind its
     * iterator ({@code change} is handed a key not returned, or null), and checks that both iterators then answer
     * alike.
     */
    private static void assertEdge(Function<Map<Integer, Integer>, Iterator<?>> view, int left,
            BiConsumer<Map<Integer, Integer>, Integer> change) {
        Map<Integer, Integer> model = new HashMap<>();
        TrackedHashMap<Integer, Integer> map = filled(700);
        map.forEach(model::put);
        List<Boolean> answers = new ArrayList<>();
        for (Map<Integer, Integer> walked : List.of(model, map)) {
            Set<Integer> unreturned = new HashSet<>(walked.keySet());
            Iterator<?> iterator = view.apply(walked);
            for (int step = walked.size() - left; step > 0; step--) {
                Object next = iterator.next();
                unreturned.remove(next instanceof Map.Entry ? ((Map.Entry<?, ?>) next).getKey() : next);
            }
            int before = walked.size();
            change.accept(walked, unreturned.isEmpty() ? null : unreturned.iterator().next());
            boolean hasNext = iterator.hasNext();
            answers.add(hasNext);
            if (hasNext && walked.size() != before) {
                assertThrows(ConcurrentModificationException.class, iterator::next);
            }
        }
        assertEquals(answers.get(0), answers.get(1), left + " left");
    }

    @Test
    void shouldGoBackToOneTableForAKeyHashedByIdentity() {
        TrackedHashMap<Object, Integer> map = new TrackedHashMap<>();
        for (int i = 0; i < 2_000; i++) {
            map.put(i, i);
        }
        assertTrue(map.isPaged());
        Token token = new Token();
        assertEquals(null, map.get(token));
        assertFalse(map.containsKey(token));
        map.put(token, -1);
        assertFalse(map.isPaged());
        assertEquals(-1, map.get(token));
        for (int i = 0; i < 2_000; i++) {
            assertEquals(i, map.get(i));
        }
        map.put(5_000, 1);
        assertFalse(map.isPaged(), "a map holding such a key stays one table");
        map.clear();
        for (int i = 0; i < 2_000; i++) {
            map.put(i, i);
        }
        assertTrue(map.isPaged(), "until it is cleared");
    }

    @Test
    void shouldPlaceEnumsByNameAndStringsByHashCode() {
        assertEquals(HashPages.hash("SECONDS"), HashPages.hash(java.util.concurrent.TimeUnit.SECONDS));
        assertTrue(HashPages.placeable(java.util.concurrent.TimeUnit.SECONDS));
        assertTrue(HashPages.placeable(null));
        assertFalse(HashPages.placeable(new Token()));
        assertFalse(HashPages.placeable(java.time.LocalDate.EPOCH), "a hash the JDK does not specify");
        assertFalse(HashPages.placeable(new java.util.ArrayList<>()), "a list hashes its elements, which may hash by identity");
    }

    @Test
    void shouldLetAPageOfEqualHashesGrowInsteadOfSplitting() {
        TrackedHashMap<String, Integer> map = new TrackedHashMap<>();
        for (int i = 0; i < 400; i++) {
            map.put("k" + i, i);
        }
        List<String> colliding = collidingStrings();
        for (String key : colliding) {
            map.put(key, key.length());
        }
        assertTrue(map.isPaged());
        assertEquals(400 + colliding.size(), map.size());
        String flooded = colliding.get(0);
        int[] pages = {0};
        int[] largeOthers = {0};
        map.forEachPage((bound, loaded, oid, slot) -> {
            pages[0]++;
            Map<?, ?> page = (Map<?, ?>) loaded;
            if (!page.containsKey(flooded) && page.size() > HashPages.PAGE_CAPACITY) {
                largeOthers[0]++;
            }
        });
        assertEquals(0, largeOthers[0], "only the page of the shared hash outgrows its capacity");
        assertTrue(pages[0] <= 10, pages[0] + " pages");
        for (String key : colliding) {
            assertEquals(20, map.get(key));
        }
    }

    @Test
    void shouldRefuseADirectoryWhoseBoundsAndPagesDiffer() {
        assertThrows(IllegalArgumentException.class, () -> TrackedHashMap.paged(3, new int[] {0}, new long[] {0x65, 0x66}, null, null));
        assertThrows(IllegalArgumentException.class, () -> TrackedHashMap.paged(3, new int[] {0, 1}, new long[] {0x65}, null, null));
    }

    @Test
    void shouldRefuseADirectoryNamingOnePageTwice() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
            () -> TrackedHashMap.paged(3, new int[] {0, 1, 2}, new long[] {0x65, 0x66, 0x65}, null, null));
        assertEquals("pages 0 and 2 are both stored as OID 101", refused.getMessage());
    }

    @Test
    void shouldSplitOtherKeysOffAPageOfEqualHashesAtTheUsualSize() {
        TrackedHashMap<Object, Integer> map = new TrackedHashMap<>();
        List<String> colliding = collidingStrings();
        for (String key : colliding) {
            map.put(key, key.length());
        }
        assertTrue(map.isPaged());
        for (int i = 0; i < 3_000; i++) {
            map.put(i, i);
        }
        String flooded = colliding.get(0);
        int[] largeOthers = {0};
        map.forEachPage((bound, loaded, oid, slot) -> {
            Map<?, ?> page = (Map<?, ?>) loaded;
            if (!page.containsKey(flooded) && page.size() > HashPages.PAGE_CAPACITY) {
                largeOthers[0]++;
            }
        });
        assertEquals(0, largeOthers[0], "pages of other keys than the shared hash's hold " + HashPages.PAGE_CAPACITY
            + " entries or fewer, whenever they were added");
        for (int i = 0; i < 3_000; i++) {
            assertEquals(i, map.get(i));
        }
        for (String key : colliding) {
            assertEquals(20, map.get(key));
        }
    }

    /** 1,024 strings of one hash: "Aa" and "BB" share a hash, and so do any two strings made of ten of them. */
    private static List<String> collidingStrings() {
        List<String> colliding = new ArrayList<>(List.of(""));
        for (int round = 0; round < 10; round++) {
            List<String> longer = new ArrayList<>();
            for (String prefix : colliding) {
                longer.add(prefix + "Aa");
                longer.add(prefix + "BB");
            }
            colliding = longer;
        }
        return colliding;
    }

    @Test
    void shouldKeepViewsTakenBeforeTheMapIsPagedOrFlatAgain() {
        TrackedHashMap<Object, Integer> map = new TrackedHashMap<>();
        java.util.Set<Object> keys = map.keySet();
        java.util.Set<Map.Entry<Object, Integer>> entries = map.entrySet();
        for (int i = 0; i < 2_000; i++) {
            map.put(i, i);
        }
        assertTrue(map.isPaged());
        assertEquals(2_000, keys.size());
        assertTrue(keys.remove(3));
        assertFalse(map.containsKey(3));
        map.put(new Token(), -1);
        assertFalse(map.isPaged());
        for (Map.Entry<Object, Integer> entry : entries) {
            if (Integer.valueOf(7).equals(entry.getKey())) {
                entry.setValue(70);
            }
        }
        assertEquals(70, map.get(7));
    }

    /** A {@code HashMap} keeps its entries through a resize: an entry taken while the map was flat stays the map's once it pages. */
    @Test
    void shouldKeepAnEntryTakenBeforeTheMapPaged() {
        TrackedHashMap<String, Integer> map = new TrackedHashMap<>();
        for (int i = 0; i < 500; i++) {
            map.put("k" + i, i);
        }
        Map.Entry<String, Integer> held = entryOf(map, "k7");
        Map.Entry<String, Integer> read = entryOf(map, "k8");
        Object[] array = map.entrySet().toArray();
        for (int i = 500; i < 600; i++) {
            map.put("k" + i, i);
        }
        assertTrue(map.isPaged());
        assertEquals(7, held.setValue(-7));
        assertEquals(-7, map.get("k7"));
        map.put("k8", 80);
        assertEquals(80, read.getValue(), "a put through the map shows in the entry, as in a HashMap's own");
        assertEquals(Map.entry("k8", 80), read);
        assertEquals("k8=80", read.toString());
        @SuppressWarnings("unchecked")
        Map.Entry<String, Integer> fromArray = (Map.Entry<String, Integer>) array[0];
        fromArray.setValue(-1);
        assertEquals(-1, map.get(fromArray.getKey()));
    }

    /** As in a {@code HashMap}, an entry whose key was removed is the map's no longer, even if the key is put again. */
    @Test
    void shouldLetGoOfAnEntryWhoseKeyWasRemoved() {
        for (int size : new int[] {100, 600}) {
            TrackedHashMap<String, Integer> map = new TrackedHashMap<>();
            for (int i = 0; i < size; i++) {
                map.put("k" + i, i);
            }
            Map.Entry<String, Integer> held = entryOf(map, "k7");
            map.remove("k7");
            map.put("k7", 1);
            held.setValue(99);
            assertEquals(1, map.get("k7"), size + " entries");
        }
    }

    private static Map.Entry<String, Integer> entryOf(Map<String, Integer> map, String key) {
        for (Map.Entry<String, Integer> entry : map.entrySet()) {
            if (entry.getKey().equals(key)) {
                return entry;
            }
        }
        throw new AssertionError(key);
    }

    @Test
    void shouldRefuseAnIteratorOrAFunctionThatOutlivesThePages() {
        TrackedHashMap<Object, Integer> map = new TrackedHashMap<>();
        for (int i = 0; i < 2_000; i++) {
            map.put(i, i);
        }
        Iterator<Object> keys = map.keySet().iterator();
        keys.next();
        map.clear();
        assertThrows(ConcurrentModificationException.class, keys::next);
        for (int i = 0; i < 2_000; i++) {
            map.put(i, i);
        }
        assertThrows(ConcurrentModificationException.class, () -> map.computeIfAbsent(5_000, key -> {
            map.put(new Token(), 1);
            return 2;
        }));
    }

    @Test
    void shouldRefuseAFunctionThatAddsOneEntryAsHashMapDoes() {
        List<Consumer<Map<Integer, Integer>>> calls = List.of(
            map -> map.computeIfAbsent(-1, key -> map.put(-2, 0)),
            map -> map.computeIfPresent(1, (key, value) -> map.put(-2, 0)),
            map -> map.compute(1, (key, value) -> map.put(-2, 0)),
            map -> map.merge(1, 5, (value, given) -> map.put(-2, 0)));
        for (Consumer<Map<Integer, Integer>> call : calls) {
            Map<Integer, Integer> plain = new HashMap<>();
            for (int i = 0; i < 5_000; i++) {
                plain.put(i, i);
            }
            assertThrows(ConcurrentModificationException.class, () -> call.accept(plain));
            TrackedHashMap<Integer, Integer> paged = filled(5_000);
            assertThrows(ConcurrentModificationException.class, () -> call.accept(paged), "a key of another page");
            assertEquals(plain, paged);
        }
    }

    @Test
    void shouldCopyAPagedMapFlat() {
        TrackedHashMap<Integer, Integer> map = filled(2_000);
        @SuppressWarnings("unchecked")
        TrackedHashMap<Integer, Integer> copy = (TrackedHashMap<Integer, Integer>) map.clone();
        assertEquals(map, copy);
        copy.put(-1, -1);
        assertFalse(map.containsKey(-1), "the copy has entries of its own");
        assertEquals(map.size() + 1, copy.size());
    }

    private static TrackedHashMap<Integer, Integer> filled(int size) {
        TrackedHashMap<Integer, Integer> map = new TrackedHashMap<>();
        for (int i = 0; i < size; i++) {
            map.put(i, i);
        }
        assertTrue(map.isPaged());
        return map;
    }
}
