package org.swizzle.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import org.swizzle.internal.tracked.PageSlot;

class ResidentPagesTest {

    /** A slot whose page is clean unless told otherwise. */
    private static final class Slot implements PageSlot {
        boolean changed;
        boolean detached;
        boolean held = true;

        @Override
        public boolean hold(Object page) {
            boolean was = held;
            held = true;
            return !was;
        }

        @Override
        public Release release() {
            if (detached) {
                return Release.FORGOTTEN;
            }
            if (changed) {
                return Release.KEPT;
            }
            held = false;
            return Release.RELEASED;
        }
    }

    @Test
    void shouldLetGoOfThePagesInMemoryLongestWhileTheyHoldMoreEntriesThanTheBudget() {
        ResidentPages pages = new ResidentPages(500);
        Slot[] slots = new Slot[4];
        for (int i = 0; i < slots.length; i++) {
            slots[i] = new Slot();
            pages.read(slots[i], 200);
        }
        pages.trim();
        assertFalse(slots[0].held, "the first read goes first");
        assertFalse(slots[1].held);
        assertTrue(slots[2].held, "400 entries are within the budget");
        assertTrue(slots[3].held);
        assertEquals(400, pages.entries());
        assertEquals(2, pages.released());
    }

    @Test
    void shouldKeepAChangedPageAndLookAtItAgainLater() {
        ResidentPages pages = new ResidentPages(100);
        Slot changed = new Slot();
        changed.changed = true;
        Slot clean = new Slot();
        pages.read(changed, 100);
        pages.read(clean, 100);
        pages.trim();
        assertTrue(changed.held, "a changed page stays");
        assertFalse(clean.held);
        changed.changed = false; // committed
        pages.read(new Slot(), 100);
        pages.trim();
        assertFalse(changed.held, "once clean it goes, before the page read after it");
        assertEquals(100, pages.entries());
    }

    @Test
    void shouldCountThePagesACommitStoresOnlyOnceItSucceeded() {
        ResidentPages pages = new ResidentPages(100);
        Slot abandoned = new Slot();
        pages.stored(abandoned, 300);
        pages.abandoned();
        pages.committed();
        pages.trim();
        assertTrue(abandoned.held, "a commit that failed stored nothing");
        assertEquals(0, pages.entries());

        Slot stored = new Slot();
        pages.stored(stored, 300);
        pages.trim();
        assertTrue(stored.held, "not counted before the commit ends");
        pages.committed();
        pages.trim();
        assertFalse(stored.held);
    }

    @Test
    void shouldStopCountingAPageThatCanNeverGo() {
        ResidentPages pages = new ResidentPages(100);
        Slot detached = new Slot();
        detached.detached = true;
        pages.read(detached, 150);
        pages.trim();
        assertEquals(0, pages.entries(), "a page of a detached collection no longer counts");
        assertEquals(0, pages.released(), "nor was it let go");
        Slot later = new Slot();
        pages.read(later, 100);
        pages.trim();
        assertTrue(later.held, "the budget is not spent on a page that can never go");
    }

    @Test
    void shouldKeepEveryPageWithoutABudget() {
        ResidentPages pages = new ResidentPages(Long.MAX_VALUE);
        Slot slot = new Slot();
        pages.read(slot, Integer.MAX_VALUE);
        pages.trim();
        assertTrue(slot.held);
        assertEquals(0, pages.entries());
    }
}
