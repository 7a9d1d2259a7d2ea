package org.swizzle.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.junit.jupiter.api.Test;

class BudgetTest {

    /** Says every object may be dirty until told otherwise, and counts how often it was asked. */
    private static final class AllDirty extends UpdateDetector {
        boolean dirty = true;
        int asked;

        @Override
        void collect(Consumer<Persistable> action) {
        }

        @Override
        void reset() {
            dirty = false;
        }

        @Override
        boolean mayBeDirty(Persistable object) {
            asked++;
            return dirty;
        }
    }

    /**
     * A transaction that changed more objects than the budget holds: each fault's trim finds nothing to re-hollow, and
     * looks at each changed object once, not at every fault (which took time growing with the square of their number);
     * after the commit they are re-hollowed, oldest first.
     */
    @Test
    void shouldLookAtAnObjectItCannotRehollowOncePerTransaction() {
        AllDirty detector = new AllDirty();
        List<StateCell> rehollowed = new ArrayList<>();
        Budget budget = new Budget(10, detector, object -> {
            object.$swz_state(Persistable.HOLLOW);
            rehollowed.add((StateCell) object);
        }, object -> false);
        List<StateCell> cells = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            StateCell cell = new StateCell();
            cells.add(cell);
            budget.admitted(cell);
            assertEquals(0, budget.rehollow(Math.max(0, cells.size() - 10), cell, false));
        }
        assertEquals(999, detector.asked, "each changed object looked at once (the one being faulted is kept)");

        detector.reset();
        budget.restoreSetAside();
        assertEquals(990, budget.rehollow(990, null, true));
        assertEquals(cells.subList(0, 990), rehollowed, "the oldest first");
    }
}
