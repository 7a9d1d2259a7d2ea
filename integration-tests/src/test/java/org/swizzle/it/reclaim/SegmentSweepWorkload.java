package org.swizzle.it.reclaim;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.swizzle.ObjectStore;
import org.swizzle.Persistent;
import org.swizzle.it.Phases;

/**
 * The child JVM of {@link ReachedDuringCycleTest}'s fault-unit test: cells kept by a root share their segments with
 * garbage cells, each of which holds a list and refers to a garbage cell in another segment. Faulting the kept cells
 * while a cycle sweeps, under {@code fault=segment}, reads their segments whole.
 */
public final class SegmentSweepWorkload {

    static final int CELLS = 40_000;
    /** How far back a garbage cell of the upper half refers: past its segment of 256 OIDs, ahead of an early sweep. */
    static final int REACH = CELLS / 4;

    @Persistent
    public static class Cell {
        int id;
        Cell next;
        List<Integer> values = new ArrayList<>();

        Cell(int id) {
            this.id = id;
            values.add(id);
        }
    }

    @Persistent
    public static class Cells {
        Cell[] all;
        Cell[] kept;
    }

    private final String phase;

    private SegmentSweepWorkload(String phase) {
        this.phase = phase;
    }

    public static void main(String[] args) throws Exception {
        SegmentSweepWorkload workload = new SegmentSweepWorkload(args[0]);
        Phases.run(args, Map.of("build", workload::build, "faultWhileSweeping", workload::faultWhileSweeping,
            "verify", workload::verify));
    }

    /**
     * Every other cell kept; the others garbage, each with a list, those of the upper half referring to one in another
     * segment (those of the lower half to none, so that the garbage the root's own segment holds reaches no more).
     */
    private void build(ObjectStore store) {
        Cells cells = store.root("cells", Cells.class, Cells::new);
        cells.all = new Cell[CELLS];
        for (int i = 0; i < CELLS; i++) {
            cells.all[i] = new Cell(i);
        }
        store.commit(); // the cells and their lists in OID order, kept and garbage ones side by side in each segment
        cells.kept = new Cell[CELLS / 2];
        for (int i = 0; i < CELLS; i += 2) {
            cells.kept[i / 2] = cells.all[i];
            if (i >= CELLS / 2) {
                cells.all[i + 1].next = cells.all[i + 1 - REACH];
            }
        }
        cells.all = null;
        store.commit();
    }

    /**
     * Another thread collects; once its sweep frees, this one faults the kept cells from the last, ahead of the sweep:
     * each fault reads the cell's segment, garbage cells too, which refer to garbage cells elsewhere. Prints {@code
     * RACED n}, the cells it faulted while the collecting thread still ran: 0 if the sweep ended first.
     */
    private void faultWhileSweeping(ObjectStore store) throws Exception {
        Cell[] kept = store.root("cells", Cells.class).kept;
        long[] freed = {-1};
        Thread collector = new Thread(() -> freed[0] = store.collectGarbage());
        collector.start();
        while (store.stats().objectsCollected() == 0 && collector.isAlive()) {
            Thread.onSpinWait();
        }
        long sum = 0;
        int raced = 0;
        for (int i = kept.length - 1; i >= 0; i--) {
            if (collector.isAlive()) {
                raced++;
            }
            sum += kept[i].id;
        }
        collector.join();
        System.out.println("RACED " + raced);
        Phases.check(phase, "the kept cells' ids sum to " + sum, sum == (long) (CELLS / 2) * (CELLS / 2 - 1));
        Phases.check(phase, "the cycle freed " + freed[0] + " objects and collections", freed[0] > 0);
    }

    private void verify(ObjectStore store) {
        Cell[] kept = store.root("cells", Cells.class).kept;
        int wrong = 0;
        for (int i = 0; i < kept.length; i++) {
            if (kept[i].id != 2 * i || !List.of(2 * i).equals(kept[i].values) || kept[i].next != null) {
                wrong++;
            }
        }
        Phases.check(phase, wrong + " of " + kept.length + " kept cells changed", wrong == 0);
        long freed = store.collectGarbage();
        Phases.check(phase, "a second cycle freed " + freed + " (the garbage the first one kept because a fault read it)",
            freed >= 0);
    }
}
