package org.swizzle.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.agrona.collections.LongArrayList;
import org.junit.jupiter.api.Test;

/**
 * The resident space of a long-running store whose objects come and go (re-hollowed by the budget, faulted again
 * elsewhere): its entries and address space follow what is resident now, not every fault ever made, and what it
 * gives back is reused clean.
 */
class ResidentSpaceTest {

    private static final int RESIDENT = 2_000;
    private static final int WAVES = 200;

    @Test
    void shouldKeepEntriesAndChunksProportionalToTheResidentObjects() {
        ResidentSpace space = new ResidentSpace();
        List<StateCell> resident = new ArrayList<>();
        long maxEntries = 0;
        int maxChunks = 0;
        for (int wave = 0; wave < WAVES; wave++) {
            for (StateCell cell : resident) {
                cell.state = Persistable.HOLLOW; // re-hollowed by the budget
            }
            resident.clear();
            for (int i = 0; i < RESIDENT; i++) {
                resident.add(place(space, new StateCell(), 64));
            }
            maxEntries = Math.max(maxEntries, space.entries());
            maxChunks = Math.max(maxChunks, space.chunks());
        }
        assertTrue(maxEntries <= 3L * RESIDENT + 4096 + ResidentSpace.CHUNK_BYTES / 8,
            "entries stay within twice the resident objects and the slack; found " + maxEntries + " for " + RESIDENT
                + " resident after " + WAVES * RESIDENT + " placements");
        int residentChunks = RESIDENT * 64 / ResidentSpace.CHUNK_BYTES + 1;
        assertTrue(maxChunks <= 3 * residentChunks + 4096 * 64 / ResidentSpace.CHUNK_BYTES + 1,
            "chunks stay proportional to the resident objects; found " + maxChunks);

        List<Persistable> found = new ArrayList<>();
        space.forEachResident(found::add);
        assertEquals(Set.copyOf(resident), new HashSet<>(found), "every resident object is still found, and no other");
    }

    @Test
    void shouldFindTheObjectsOfADirtyCardAfterASweep() {
        ResidentSpace space = new ResidentSpace();
        List<StateCell> cells = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            cells.add(place(space, new StateCell(), 64));
        }
        for (int i = 0; i < cells.size(); i += 2) {
            cells.get(i).state = Persistable.HOLLOW;
        }
        space.sweep();
        StateCell target = cells.get(10_001);
        ResidentSpace.dirty(target);
        List<StateCell> found = new ArrayList<>();
        LongArrayList dirtyCards = new LongArrayList();
        space.forEachInDirtyCards(object -> found.add((StateCell) object), dirtyCards);
        assertTrue(found.contains(target), "the object of the dirty card is a candidate");
        assertTrue(found.stream().allMatch(cell -> cell.state == Persistable.RESIDENT), "only resident objects are candidates");
        ResidentSpace.clean(dirtyCards);
    }

    @Test
    void shouldReuseTheAddressesOfAClosedStoreWithCleanCards() {
        ResidentSpace closing = new ResidentSpace();
        Set<Long> cards = new HashSet<>();
        for (int i = 0; i < 5_000; i++) {
            StateCell cell = place(closing, new StateCell(), 64);
            cards.add(cell.address >>> CardTable.SHIFT);
            if (i % 100 == 0) {
                ResidentSpace.dirty(cell);
            }
        }
        closing.release();
        for (long card : cards) {
            assertFalse(CardTable.isDirty(card), "a chunk given back has clean cards");
        }

        ResidentSpace next = new ResidentSpace();
        StateCell reused = place(next, new StateCell(), 64);
        assertTrue(cards.contains(reused.address >>> CardTable.SHIFT),
            "a new store places its objects in the range the closed store gave back");
        next.release();
    }

    private static StateCell place(ResidentSpace space, StateCell cell, int length) {
        cell.address = space.place(cell, length);
        return cell;
    }
}
