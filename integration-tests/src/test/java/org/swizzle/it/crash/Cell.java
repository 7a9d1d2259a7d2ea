package org.swizzle.it.crash;

import java.util.ArrayList;
import java.util.HashMap;

import org.swizzle.Persistent;

/**
 * A persistent object of the crash workload with a field of every kind the workload changes:
 * primitives, a String, an int array, collections of values and of references, a reference to
 * another cell and the head of a chain of {@link Leaf leaves}.
 */
@Persistent
class Cell {
    /** Unique among the workload's objects, so that a reopened graph can be compared with the model. */
    int id;
    long total;
    double ratio;
    boolean flag;
    char mark;
    String label;
    int[] values;
    Cell link;
    Leaf leaf;
    ArrayList<Integer> numbers = new ArrayList<>();
    HashMap<String, String> tags = new HashMap<>();
    ArrayList<Cell> children = new ArrayList<>();

    Cell(int id) {
        this.id = id;
    }
}
