package org.swizzle.internal.tracked;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * The sections a paged map's or list's directory is stored in: what a split, an added or removed element and a
 * removed chunk change, and what stays written.
 */
class SectionsTest {

    @Test
    void shouldCutALargeMapsDirectoryIntoSectionsThatHoldEveryPageOnce() {
        TrackedHashMap<Integer, Integer> map = mapOf(300_000);
        Sections sections = map.sections();
        assertTrue(sections.count() >= 3, sections.count() + " sections for " + map.pageCount() + " pages");
        int pages = 0;
        for (int i = 0; i < sections.count(); i++) {
            assertTrue(sections.pages(i) > 0 && sections.pages(i) <= Sections.CAPACITY, "section " + i + ": " + sections.pages(i));
            pages += sections.pages(i);
        }
        assertEquals(map.pageCount(), pages);
    }

    @Test
    void shouldChangeOnlyTheSectionOfAPageThatSplits() {
        TrackedHashMap<Integer, Integer> map = mapOf(300_000);
        Sections sections = map.sections();
        writeAll(sections);
        int pagesBefore = map.pageCount();
        List<Integer> boundsBefore = bounds(map);
        int key = 300_000;
        while (map.pageCount() == pagesBefore) {
            map.put(key, key);
            key++;
        }
        List<Integer> changed = changed(sections);
        assertEquals(1, changed.size(), "sections changed by one split: " + changed);
        int pages = 0;
        for (int i = 0; i < sections.count(); i++) {
            pages += sections.pages(i);
        }
        assertEquals(map.pageCount(), pages, "the sections hold every page after the split");
        int first = 0;
        for (int i = 0; i < changed.get(0); i++) {
            first += sections.pages(i);
        }
        List<Integer> after = bounds(map);
        after.removeAll(boundsBefore);
        assertEquals(1, after.size(), "one new page: " + after);
        int splitAt = bounds(map).indexOf(after.get(0));
        assertTrue(splitAt >= first && splitAt < first + sections.pages(changed.get(0)),
            "the new page " + splitAt + " is in the changed section, pages " + first + " on");
        for (int i = 0; i < sections.count(); i++) {
            assertEquals(1000 + i, sections.oid(i), "section " + i + " keeps its OID, changed or not");
        }
    }

    @Test
    void shouldSplitAFullSectionInHalfAndStoreTheUpperHalfAnew() {
        Sections sections = Sections.fresh(Sections.CAPACITY);
        assertEquals(2, sections.count());
        writeAll(sections);
        for (int page = 0; page <= Sections.CAPACITY / 2; page++) {
            sections.pageInserted(1);
        }
        assertEquals(3, sections.count());
        assertEquals(List.of(0, 1), changed(sections), "the full section and its new upper half");
        assertEquals(0, sections.oid(1), "the upper half is not stored yet");
        assertEquals(1001, sections.oid(2), "the sections after it keep their OIDs");
        assertEquals(Sections.CAPACITY + Sections.CAPACITY / 2 + 1, sections.pages(0) + sections.pages(1) + sections.pages(2));
    }

    @Test
    void shouldUndoAWriteOfACommitThatFailed() {
        Sections sections = Sections.fresh(3);
        sections.written(0, 42);
        assertFalse(sections.isChanged(0));
        sections.unwritten(0, 0);
        assertTrue(sections.isChanged(0));
        assertEquals(0, sections.oid(0));
    }

    @Test
    void shouldRefuseSectionsThatNameOneOidTwiceOrHoldNoPage() {
        IllegalArgumentException twice = assertThrows(IllegalArgumentException.class,
            () -> Sections.stored(new int[] {1, 1}, new long[] {9, 9}));
        assertEquals("sections 0 and 1 are both stored as OID 9", twice.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Sections.stored(new int[] {1, 0}, new long[] {9, 10}));
    }

    @Test
    void shouldChangeOnlyTheSectionThatCountsAChangedChunk() {
        TrackedArrayList<Integer> list = listOf(400_000);
        Sections sections = list.sections();
        assertTrue(sections.count() >= 3, sections.count() + " sections for " + list.pageCount() + " chunks");
        writeAll(sections);
        list.add(-1);
        assertEquals(List.of(sections.count() - 1), changed(sections), "an element appended");
        writeAll(sections);
        list.set(200_000, -2);
        assertEquals(List.of(), changed(sections), "a set changes its chunk, not a count");
        list.remove(200_000);
        list.add(200_000, -3);
        int middle = sectionOfChunk(sections, chunkOf(list, 200_000));
        assertEquals(List.of(middle), changed(sections), "an element removed and one inserted in one chunk");
        for (int i = 0; i < sections.count(); i++) {
            assertEquals(1000 + i, sections.oid(i), "section " + i + " keeps its OID");
        }
    }

    @Test
    void shouldDropTheSectionsOfRemovedChunks() {
        TrackedArrayList<Integer> list = listOf(400_000);
        Sections sections = list.sections();
        int before = sections.count();
        writeAll(sections);
        list.subList(1_000, 390_000).clear();
        assertTrue(sections.count() < before, sections.count() + " sections, " + before + " before");
        assertEquals(list.pageCount(), sections.pageCount(), "the sections hold every chunk left");
        for (int i = 0; i < sections.count(); i++) {
            assertTrue(sections.pages(i) > 0 && sections.pages(i) <= Sections.CAPACITY, "section " + i + ": " + sections.pages(i));
        }
        list.subList(0, list.size()).clear();
        list.add(7);
        assertEquals(List.of(7), list.subList(0, 1));
    }

    @Test
    void shouldMergeASmallSectionWithItsSuccessorAndDropAnEmptyOne() {
        Sections sections = Sections.stored(new int[] {100, 100, Sections.CAPACITY}, new long[] {1, 2, 3});
        sections.pageRemoved(0);
        assertEquals(2, sections.count());
        assertEquals(199, sections.pages(0));
        assertEquals(List.of(1L, 3L), List.of(sections.oid(0), sections.oid(1)), "the merged section keeps the first's OID");
        assertEquals(List.of(0), changed(sections));
        for (int page = 0; page < 199; page++) {
            sections.pageRemoved(0);
        }
        assertEquals(1, sections.count());
        assertEquals(3, sections.oid(0));
        assertEquals(List.of(), changed(sections), "the section left did not change");
        for (int page = 0; page < Sections.CAPACITY; page++) {
            sections.pageRemoved(0);
        }
        assertEquals(0, sections.count());
        sections.pageInserted(0);
        assertEquals(1, sections.count());
        assertEquals(1, sections.pageCount());
    }

    @Test
    void shouldMarkEverySectionWhoseEntriesAChangeAltered() {
        TrackedArrayList<Integer> list = listOf(300_000);
        Sections sections = list.sections();
        Random random = new Random(16);
        long oid = 1_000;
        for (int step = 0; step < 300; step++) {
            for (int i = 0; i < sections.count(); i++) {
                sections.written(i, oid++);
            }
            Map<Long, List<String>> before = new HashMap<>();
            for (int i = 0; i < sections.count(); i++) {
                before.put(sections.oid(i), entries(list, i));
            }
            int size = list.size();
            int index = random.nextInt(size);
            int step97 = step % 97;
            switch (step == 100 ? -1 : step == 200 ? -2 : step % 6) {
                case -1 -> list.subList(50_000, 200_000).clear();
                case -2 -> list.addAll(10, Collections.nCopies(100_000, step));
                case 0 -> list.add(index, step);
                case 1 -> list.remove(index);
                case 2 -> list.subList(index, Math.min(size, index + random.nextInt(3_000))).clear();
                case 3 -> list.addAll(index, Collections.nCopies(random.nextInt(2_000), step));
                case 4 -> list.removeIf(element -> element % 97 == step97);
                default -> list.add(step);
            }
            for (int i = 0; i < sections.count(); i++) {
                if (!sections.isChanged(i)) {
                    assertTrue(before.get(sections.oid(i)).equals(entries(list, i)), "step " + step + ": section " + i
                        + " (OID " + sections.oid(i) + ") changed, and is not marked changed");
                }
            }
            assertEquals(list.pageCount(), sections.pageCount(), "step " + step);
        }
    }

    /** Each chunk's count and identity, for the chunks of section {@code section} of {@code list}. */
    private static List<String> entries(TrackedArrayList<?> list, int section) {
        Sections sections = list.sections();
        List<String> entries = new ArrayList<>();
        int first = sections.firstPage(section);
        list.forEachPage(first, first + sections.pages(section),
            (count, loaded, oid, slot) -> entries.add(count + "@" + System.identityHashCode(loaded)));
        return entries;
    }

    private static TrackedArrayList<Integer> listOf(int elements) {
        TrackedArrayList<Integer> list = new TrackedArrayList<>();
        for (int i = 0; i < elements; i++) {
            list.add(i);
        }
        assertTrue(list.isPaged());
        return list;
    }

    /** The index of the chunk that holds element {@code index} of {@code list}. */
    private static int chunkOf(TrackedArrayList<?> list, int index) {
        int[] at = {0, 0, -1};
        list.forEachPage((count, loaded, oid, slot) -> {
            if (at[2] < 0 && index < at[0] + count) {
                at[2] = at[1];
            }
            at[0] += count;
            at[1]++;
        });
        return at[2];
    }

    private static int sectionOfChunk(Sections sections, int chunk) {
        int section = 0;
        while (chunk >= sections.firstPage(section + 1)) {
            section++;
        }
        return section;
    }

    private static TrackedHashMap<Integer, Integer> mapOf(int entries) {
        TrackedHashMap<Integer, Integer> map = new TrackedHashMap<>();
        for (int i = 0; i < entries; i++) {
            map.put(i * 7919, i);
        }
        assertTrue(map.isPaged());
        return map;
    }

    /** The lowest hash of each page, in order. */
    private static List<Integer> bounds(TrackedHashMap<?, ?> map) {
        List<Integer> bounds = new ArrayList<>();
        map.forEachPage((bound, loaded, oid, slot) -> bounds.add(bound));
        return bounds;
    }

    /** As a commit does: every section written, section i as OID 1000 + i. */
    private static void writeAll(Sections sections) {
        for (int i = 0; i < sections.count(); i++) {
            sections.written(i, 1000 + i);
        }
    }

    private static List<Integer> changed(Sections sections) {
        List<Integer> changed = new ArrayList<>();
        for (int i = 0; i < sections.count(); i++) {
            if (sections.isChanged(i)) {
                changed.add(i);
            }
        }
        return changed;
    }
}
