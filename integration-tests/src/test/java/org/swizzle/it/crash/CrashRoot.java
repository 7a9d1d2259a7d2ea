package org.swizzle.it.crash;

import java.util.ArrayList;
import java.util.HashMap;

import org.swizzle.Persistent;

/**
 * The root of the crash workload's persistent graph: a commit sequence number that every committed
 * transaction increments, a list of cells, cells by name, and the next object id to hand out.
 */
@Persistent
class CrashRoot {
    /** Workload transactions committed so far: 1 for the state after the first commit. */
    long seq;
    /** Next id for a new {@link Cell} or {@link Leaf}; ids are never reused. */
    int nextId = 1;
    String note;
    ArrayList<Cell> cells = new ArrayList<>();
    HashMap<String, Cell> byName = new HashMap<>();
}
