package org.swizzle.it.crash;

import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The checksum of a logical state: everything reachable from the root of a {@link Model}, walked
 * in an order fixed by the state itself (cells in list order, then by name, then references), each
 * object once. Unreachable records do not count, so the model of the workload and the model read
 * back from a store digest alike exactly when their reachable graphs are equal.
 */
final class StateDigest {
    /** The digest of a store without a root, as before the first commit. */
    static final String EMPTY = new Hash64().add("no root").hex();

    private final Model model;
    private final Hash64 hash = new Hash64();
    private final ArrayDeque<Integer> queue = new ArrayDeque<>();
    private final Set<Integer> cellsSeen = new HashSet<>();
    private final Set<Integer> leavesSeen = new HashSet<>();

    private StateDigest(Model model) {
        this.model = model;
    }

    /** The digest of {@code model}'s reachable state. */
    static String of(Model model) {
        return model.hasRoot ? new StateDigest(model).digest() : EMPTY;
    }

    private String digest() {
        hash.add(model.seq).add(model.nextId).add(model.note).add(model.cells.size());
        for (int id : model.cells) {
            hash.add(id);
            queue.add(id);
        }
        hash.add(model.byName.size());
        for (Map.Entry<String, Integer> entry : model.byName.entrySet()) {
            hash.add(entry.getKey()).add(entry.getValue());
            queue.add(entry.getValue());
        }
        while (!queue.isEmpty()) {
            int id = queue.poll();
            if (id != Model.NONE && cellsSeen.add(id)) {
                addCell(id);
            }
        }
        return hash.hex();
    }

    private void addCell(int id) {
        CellRecord cell = model.cell(id);
        hash.add("cell").add(id);
        if (cell == null) {
            hash.add("missing");
            return;
        }
        hash.add(cell.total).add(Double.doubleToLongBits(cell.ratio)).add(cell.flag ? 1 : 0).add(cell.mark)
            .add(cell.label).add(cell.values).add(cell.link).add(cell.leaf);
        queue.add(cell.link);
        hash.add(cell.numbers.size());
        for (Integer number : cell.numbers) {
            hash.add(number == null ? Long.MIN_VALUE : number);
        }
        hash.add(cell.tags.size());
        cell.tags.forEach((key, value) -> hash.add(key).add(value));
        hash.add(cell.children.size());
        for (int child : cell.children) {
            hash.add(child);
            queue.add(child);
        }
        for (int leaf = cell.leaf; leaf != Model.NONE && leavesSeen.add(leaf); ) {
            LeafRecord record = model.leaf(leaf);
            hash.add("leaf").add(leaf);
            if (record == null) {
                hash.add("missing");
                break;
            }
            hash.add(record.text).add(record.stamp).add(record.next);
            leaf = record.next;
        }
    }
}
