package org.swizzle.it.threads;

import org.swizzle.Persistent;

/** The root of the thread-safety stress tests: a ring of cells. */
@Persistent
public class Cells {
    public Cell[] all;

    public Cells(int n) {
        all = new Cell[n];
        for (int i = 0; i < n; i++) {
            all[i] = new Cell(i, n);
        }
        for (int i = 0; i < n; i++) {
            all[i].next = all[(i + 1) % n];
        }
    }
}
