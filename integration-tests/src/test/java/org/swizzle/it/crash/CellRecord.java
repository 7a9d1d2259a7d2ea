package org.swizzle.it.crash;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/** The plain-Java model of a {@link Cell}: references are ids, {@link Model#NONE} for null. */
final class CellRecord {
    final int id;
    long total;
    double ratio;
    boolean flag;
    char mark;
    String label;
    int[] values;
    int link = Model.NONE;
    int leaf = Model.NONE;
    final List<Integer> numbers = new ArrayList<>();
    final TreeMap<String, String> tags = new TreeMap<>();
    final List<Integer> children = new ArrayList<>();

    CellRecord(int id) {
        this.id = id;
    }

    /** A deep copy, for the undo log. */
    CellRecord copy() {
        CellRecord copy = new CellRecord(id);
        copy.total = total;
        copy.ratio = ratio;
        copy.flag = flag;
        copy.mark = mark;
        copy.label = label;
        copy.values = values == null ? null : values.clone();
        copy.link = link;
        copy.leaf = leaf;
        copy.numbers.addAll(numbers);
        copy.tags.putAll(tags);
        copy.children.addAll(children);
        return copy;
    }
}
