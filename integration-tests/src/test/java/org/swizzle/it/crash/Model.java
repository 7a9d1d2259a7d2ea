package org.swizzle.it.crash;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The crash workload's own, plain-Java idea of the committed state: records keyed by object id,
 * with an undo log so that an aborted transaction can be rolled back as the store rolls back.
 * {@link StateDigest} checksums it; {@link GraphReader} builds one from a reopened store, so both
 * sides of a comparison go through the same code.
 *
 * <p>Records that are no longer reachable from the root may stay in the maps; the digest ignores them.
 */
final class Model {
    /** The id standing for a null reference. */
    static final int NONE = 0;

    /** Whether the store has a root at all (false before the first commit). */
    boolean hasRoot;
    long seq;
    int nextId = 1;
    String note;
    final List<Integer> cells = new ArrayList<>();
    final TreeMap<String, Integer> byName = new TreeMap<>();
    private final Map<Integer, CellRecord> cellRecords = new HashMap<>();
    private final Map<Integer, LeafRecord> leafRecords = new HashMap<>();

    private Model saved;
    private final Map<Integer, CellRecord> cellUndo = new HashMap<>();
    private final Map<Integer, LeafRecord> leafUndo = new HashMap<>();

    /** The cell record with this id, for reading; null if there is none. */
    CellRecord cell(int id) {
        return cellRecords.get(id);
    }

    /** The leaf record with this id, for reading; null if there is none. */
    LeafRecord leaf(int id) {
        return leafRecords.get(id);
    }

    /** Adds a record read from a store (no undo). */
    void put(CellRecord record) {
        cellRecords.put(record.id, record);
    }

    /** Adds a record read from a store (no undo). */
    void put(LeafRecord record) {
        leafRecords.put(record.id, record);
    }

    /** Starts a transaction: from now on changes are undone by {@link #rollback()}. */
    void begin() {
        saved = new Model();
        saved.hasRoot = hasRoot;
        saved.seq = seq;
        saved.nextId = nextId;
        saved.note = note;
        saved.cells.addAll(cells);
        saved.byName.putAll(byName);
        cellUndo.clear();
        leafUndo.clear();
    }

    /** The cell record with this id, for changing it in the current transaction. */
    CellRecord editCell(int id) {
        CellRecord record = cellRecords.get(id);
        if (!cellUndo.containsKey(id)) {
            cellUndo.put(id, record.copy());
        }
        return record;
    }

    /** The leaf record with this id, for changing it in the current transaction. */
    LeafRecord editLeaf(int id) {
        LeafRecord record = leafRecords.get(id);
        if (!leafUndo.containsKey(id)) {
            leafUndo.put(id, record.copy());
        }
        return record;
    }

    /** A new cell record, made in the current transaction. */
    CellRecord newCell(int id) {
        CellRecord record = new CellRecord(id);
        cellRecords.put(id, record);
        cellUndo.put(id, null);
        return record;
    }

    /** A new leaf record, made in the current transaction. */
    LeafRecord newLeaf(int id) {
        LeafRecord record = new LeafRecord(id);
        leafRecords.put(id, record);
        leafUndo.put(id, null);
        return record;
    }

    /** Ends the transaction, keeping its changes. */
    void commit() {
        saved = null;
        cellUndo.clear();
        leafUndo.clear();
    }

    /** Ends the transaction, undoing its changes. */
    void rollback() {
        hasRoot = saved.hasRoot;
        seq = saved.seq;
        nextId = saved.nextId;
        note = saved.note;
        cells.clear();
        cells.addAll(saved.cells);
        byName.clear();
        byName.putAll(saved.byName);
        cellUndo.forEach((id, before) -> {
            if (before == null) {
                cellRecords.remove(id);
            } else {
                cellRecords.put(id, before);
            }
        });
        leafUndo.forEach((id, before) -> {
            if (before == null) {
                leafRecords.remove(id);
            } else {
                leafRecords.put(id, before);
            }
        });
        commit();
    }
}
