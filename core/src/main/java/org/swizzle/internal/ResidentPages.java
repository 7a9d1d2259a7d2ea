package org.swizzle.internal;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

import org.swizzle.internal.tracked.PageSlot;

/**
 * The pages of paged collections held in memory, under the resident budget: past it, the clean pages read or
 * stored longest ago are let go by their collections, to be read again when a lookup leads to them. A page counts
 * as the entries it held when it came in (one that grows later is counted short), so that the entries pages keep
 * in memory stay within about the number of resident objects the budget allows; without it, one pass over a large
 * map kept every page, and every hollow object its entries refer to, for as long as the map was held.
 */
final class ResidentPages {

    /** A page in memory, and the entries it held when it came in. */
    private record Held(PageSlot slot, int entries) {
    }

    private final long limit;
    private final ArrayDeque<Held> order = new ArrayDeque<>();
    /** Pages the commit in progress stores for the first time, counted once it succeeds. */
    private final List<Held> stored = new ArrayList<>();
    private long entries;
    private long released;

    /** @param limit the budget, in entries; {@code Long.MAX_VALUE} keeps every page */
    ResidentPages(long limit) {
        this.limit = limit;
    }

    /** {@code slot} now holds a page of {@code entries} entries, read from the store. */
    void read(PageSlot slot, int entries) {
        if (budgeted()) {
            order.addLast(new Held(slot, entries));
            this.entries += entries;
        }
    }

    /** {@code slot} holds a page of {@code entries} entries that the commit in progress stores for the first time. */
    void stored(PageSlot slot, int entries) {
        if (budgeted()) {
            stored.add(new Held(slot, entries));
        }
    }

    private boolean budgeted() {
        return limit != Long.MAX_VALUE;
    }

    /** The commit in progress succeeded: the pages it stored count from now on. */
    void committed() {
        for (Held held : stored) {
            order.addLast(held);
            entries += held.entries();
        }
        stored.clear();
    }

    /** The commit in progress failed: the pages it was to store are not stored. */
    void abandoned() {
        stored.clear();
    }

    /**
     * Lets go of clean pages, longest in memory first, while they hold more entries than the budget; a page that
     * changed since the last commit stays and is looked at again later, and one that can never go is no longer
     * counted.
     */
    void trim() {
        int candidates = order.size();
        for (int looked = 0; entries > limit && looked < candidates; looked++) {
            Held held = order.pollFirst();
            switch (held.slot().release()) {
                case RELEASED:
                    released++;
                    entries -= held.entries();
                    break;
                case FORGOTTEN:
                    entries -= held.entries();
                    break;
                case KEPT:
                    order.addLast(held);
                    break;
            }
        }
    }

    /** The entries the pages in memory held when they came in. */
    long entries() {
        return entries;
    }

    /** How many pages were let go since the store was opened. */
    long released() {
        return released;
    }
}
