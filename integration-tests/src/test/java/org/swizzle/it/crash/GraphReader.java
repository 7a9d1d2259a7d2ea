package org.swizzle.it.crash;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;

/**
 * Reads a persistent graph into a {@link Model}: every object reachable from the {@link CrashRoot},
 * faulting it in. Two different objects with the same id, which the workload never makes, are
 * reported as a broken graph.
 */
final class GraphReader {
    private final Model model = new Model();
    private final Map<Integer, Object> objects = new HashMap<>();
    private final ArrayDeque<Cell> queue = new ArrayDeque<>();

    private GraphReader() {
    }

    /** The model of the graph under {@code root}; an empty model if {@code root} is null. */
    static Model read(CrashRoot root) {
        return new GraphReader().readRoot(root);
    }

    private Model readRoot(CrashRoot root) {
        if (root == null) {
            return model;
        }
        model.hasRoot = true;
        model.seq = root.seq;
        model.nextId = root.nextId;
        model.note = root.note;
        for (Cell cell : root.cells) {
            model.cells.add(enqueue(cell));
        }
        root.byName.forEach((name, cell) -> model.byName.put(name, enqueue(cell)));
        while (!queue.isEmpty()) {
            readCell(queue.poll());
        }
        return model;
    }

    /** The id of {@code cell}, queued to be read if it was not seen yet. */
    private int enqueue(Cell cell) {
        if (cell == null) {
            return Model.NONE;
        }
        if (claim(cell.id, cell)) {
            queue.add(cell);
        }
        return cell.id;
    }

    /** Whether {@code object} is seen for the first time; fails if another object has its id. */
    private boolean claim(int id, Object object) {
        Object previous = objects.putIfAbsent(id, object);
        if (previous != null && previous != object) {
            throw new IllegalStateException("Broken graph: two objects have id " + id + ": " + previous + " and " + object);
        }
        return previous == null;
    }

    private void readCell(Cell cell) {
        CellRecord record = new CellRecord(cell.id);
        record.total = cell.total;
        record.ratio = cell.ratio;
        record.flag = cell.flag;
        record.mark = cell.mark;
        record.label = cell.label;
        record.values = cell.values == null ? null : cell.values.clone();
        record.link = enqueue(cell.link);
        record.numbers.addAll(cell.numbers);
        record.tags.putAll(cell.tags);
        for (Cell child : cell.children) {
            record.children.add(enqueue(child));
        }
        record.leaf = cell.leaf == null ? Model.NONE : cell.leaf.id;
        for (Leaf leaf = cell.leaf; leaf != null && claim(leaf.id, leaf); leaf = leaf.next) {
            LeafRecord leafRecord = new LeafRecord(leaf.id);
            leafRecord.text = leaf.text;
            leafRecord.stamp = leaf.stamp;
            leafRecord.next = leaf.next == null ? Model.NONE : leaf.next.id;
            model.put(leafRecord);
        }
        model.put(record);
    }
}
