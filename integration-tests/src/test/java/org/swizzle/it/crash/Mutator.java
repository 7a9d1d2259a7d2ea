package org.swizzle.it.crash;

import java.util.Random;

/**
 * Makes random changes to the persistent graph under a {@link CrashRoot} and the same changes to
 * the workload's {@link Model}: new objects, field, array and collection changes, references made
 * and dropped. Objects are found by position in both, and their ids are compared on the way, so a
 * live difference between the two is caught as soon as it is touched.
 */
final class Mutator {
    static final int MIN_CELLS = 200;
    static final int MAX_CELLS = 400;
    private static final int MAX_CHILDREN = 6;
    private static final int MAX_LEAVES = 5;
    private static final int NAMES = 40;

    private final Random random;
    private final CrashRoot root;
    private final Model model;
    private final boolean heavy;

    /**
     * @param heavy whether every transaction also replaces a large array (8 to 32 KiB), so that the
     *              log fills and checkpoints come often
     */
    Mutator(Random random, CrashRoot root, Model model, boolean heavy) {
        this.random = random;
        this.root = root;
        this.model = model;
        this.heavy = heavy;
    }

    /** Makes the changes of one transaction: the sequence number, then {@code changes} random changes. */
    void transaction(int changes) {
        nextSeq();
        for (int i = 0; i < changes; i++) {
            change();
        }
        if (heavy) {
            int index = random.nextInt(4);
            int[] values = RandomText.ints(random, 2048 + random.nextInt(6 * 1024));
            cellAt(index).values = values;
            edit(index).values = values.clone();
        }
    }

    /** Fills a new root with its first cells. */
    void populate() {
        model.hasRoot = true;
        while (model.cells.size() < MIN_CELLS + 50) {
            addCell();
        }
    }

    /** Makes one random change. */
    private void change() {
        switch (random.nextInt(22)) {
            case 0 -> addCell();
            case 1 -> removeCell();
            case 2 -> setScalars();
            case 3 -> setLabel();
            case 4, 5 -> setArrayElement();
            case 6 -> replaceArray();
            case 7 -> addNumber();
            case 8 -> removeOrSetNumber();
            case 9 -> putTag();
            case 10 -> removeTag();
            case 11 -> addChild();
            case 12 -> removeChild();
            case 13 -> setLink();
            case 14 -> putName();
            case 15 -> removeName();
            case 16, 17 -> pushLeaf();
            case 18 -> popLeaf();
            case 19 -> editLeaf();
            default -> setNote();
        }
    }

    /** Counts a commit: every transaction changes the root's sequence number. */
    private void nextSeq() {
        root.seq++;
        model.seq++;
        check(root.seq == model.seq, "root.seq is " + root.seq + ", the model says " + model.seq);
    }

    // ---------------------------------------------------------------- cells

    private void addCell() {
        int id = newId();
        Cell cell = new Cell(id);
        CellRecord record = model.newCell(id);
        cell.total = record.total = random.nextLong();
        cell.label = record.label = RandomText.string(random, 12);
        cell.values = randomArray();
        record.values = copy(cell.values);
        for (int i = random.nextInt(4); i > 0; i--) {
            int number = random.nextInt(1000);
            cell.numbers.add(number);
            record.numbers.add(number);
        }
        if (!model.cells.isEmpty() && random.nextBoolean()) {
            int target = random.nextInt(model.cells.size());
            cell.link = cellAt(target);
            record.link = model.cells.get(target);
        }
        for (int i = 2 + random.nextInt(4); i > 0; i--) {
            pushLeaf(cell, record);
        }
        if (model.cells.size() >= MAX_CELLS) {
            int index = random.nextInt(model.cells.size());
            cellAt(index);
            root.cells.set(index, cell);
            model.cells.set(index, id);
        } else {
            root.cells.add(cell);
            model.cells.add(id);
        }
    }

    private void removeCell() {
        if (model.cells.size() > MIN_CELLS) {
            int index = random.nextInt(model.cells.size());
            cellAt(index);
            root.cells.remove(index);
            model.cells.remove(index);
        }
    }

    private void setScalars() {
        int index = pick();
        Cell cell = cellAt(index);
        CellRecord record = edit(index);
        cell.total = record.total = record.total + random.nextInt(1000) - 500;
        cell.ratio = record.ratio = random.nextInt(1_000_000) / 1024.0;
        cell.flag = record.flag = random.nextBoolean();
        cell.mark = record.mark = (char) random.nextInt(0x3000);
    }

    private void setLabel() {
        int index = pick();
        cellAt(index).label = edit(index).label = RandomText.string(random, 24);
    }

    private void setArrayElement() {
        int index = pick();
        Cell cell = cellAt(index);
        CellRecord record = edit(index);
        check(lengthOf(cell.values) == lengthOf(record.values), "cell " + record.id + " has an array of "
            + lengthOf(cell.values) + " ints, the model says " + lengthOf(record.values));
        if (record.values != null && record.values.length > 0) {
            int element = random.nextInt(record.values.length);
            int value = random.nextInt();
            cell.values[element] = value;
            record.values[element] = value;
        }
    }

    private void replaceArray() {
        int index = pick();
        int[] values = randomArray();
        cellAt(index).values = values;
        edit(index).values = copy(values);
    }

    // ---------------------------------------------------------------- collections

    private void addNumber() {
        int index = pick();
        int number = random.nextInt();
        cellAt(index).numbers.add(number);
        edit(index).numbers.add(number);
    }

    private void removeOrSetNumber() {
        int index = pick();
        Cell cell = cellAt(index);
        CellRecord record = edit(index);
        check(cell.numbers.size() == record.numbers.size(), "cell " + record.id + " has " + cell.numbers.size()
            + " numbers, the model says " + record.numbers.size());
        if (!record.numbers.isEmpty()) {
            int element = random.nextInt(record.numbers.size());
            if (random.nextBoolean()) {
                cell.numbers.remove(element);
                record.numbers.remove(element);
            } else {
                int number = random.nextInt(50);
                cell.numbers.set(element, number);
                record.numbers.set(element, number);
            }
        }
    }

    private void putTag() {
        int index = pick();
        String key = "t" + random.nextInt(6);
        String value = RandomText.string(random, 10);
        cellAt(index).tags.put(key, value);
        edit(index).tags.put(key, value);
    }

    private void removeTag() {
        int index = pick();
        String key = "t" + random.nextInt(6);
        cellAt(index).tags.remove(key);
        edit(index).tags.remove(key);
    }

    private void addChild() {
        int index = pick();
        int child = pick();
        Cell cell = cellAt(index);
        CellRecord record = edit(index);
        if (record.children.size() < MAX_CHILDREN) {
            cell.children.add(cellAt(child));
            record.children.add(model.cells.get(child));
        }
    }

    private void removeChild() {
        int index = pick();
        Cell cell = cellAt(index);
        CellRecord record = edit(index);
        if (!record.children.isEmpty()) {
            int element = random.nextInt(record.children.size());
            check(cell.children.get(element).id == record.children.get(element), "child " + element + " of cell "
                + record.id + " has id " + cell.children.get(element).id + ", the model says " + record.children.get(element));
            cell.children.remove(element);
            record.children.remove(element);
        }
    }

    private void setLink() {
        int index = pick();
        if (random.nextInt(4) == 0) {
            cellAt(index).link = null;
            edit(index).link = Model.NONE;
        } else {
            int target = pick();
            cellAt(index).link = cellAt(target);
            edit(index).link = model.cells.get(target);
        }
    }

    private void putName() {
        String name = "n" + random.nextInt(NAMES);
        int index = pick();
        root.byName.put(name, cellAt(index));
        model.byName.put(name, model.cells.get(index));
    }

    private void removeName() {
        String name = "n" + random.nextInt(NAMES);
        root.byName.remove(name);
        model.byName.remove(name);
    }

    // ---------------------------------------------------------------- leaves and the note

    private void pushLeaf() {
        int index = pick();
        pushLeaf(cellAt(index), edit(index));
    }

    private void pushLeaf(Cell cell, CellRecord record) {
        if (chainLength(record) >= MAX_LEAVES) {
            popLeaf(cell, record);
            return;
        }
        int id = newId();
        Leaf leaf = new Leaf(id);
        LeafRecord leafRecord = model.newLeaf(id);
        leaf.text = leafRecord.text = RandomText.string(random, 40);
        leaf.stamp = leafRecord.stamp = random.nextLong();
        leaf.next = cell.leaf;
        leafRecord.next = record.leaf;
        cell.leaf = leaf;
        record.leaf = id;
    }

    private void popLeaf() {
        int index = pick();
        popLeaf(cellAt(index), edit(index));
    }

    private void popLeaf(Cell cell, CellRecord record) {
        if (record.leaf != Model.NONE) {
            check(cell.leaf != null && cell.leaf.id == record.leaf, "cell " + record.id + " has leaf "
                + (cell.leaf == null ? null : cell.leaf.id) + ", the model says " + record.leaf);
            cell.leaf = cell.leaf.next;
            record.leaf = model.leaf(record.leaf).next;
        }
    }

    private void editLeaf() {
        int index = pick();
        Cell cell = cellAt(index);
        CellRecord record = cellRecordAt(index);
        if (record.leaf != Model.NONE) {
            check(cell.leaf != null && cell.leaf.id == record.leaf, "cell " + record.id + " has leaf "
                + (cell.leaf == null ? null : cell.leaf.id) + ", the model says " + record.leaf);
            LeafRecord leafRecord = model.editLeaf(record.leaf);
            if (random.nextBoolean()) {
                cell.leaf.text = leafRecord.text = RandomText.string(random, 40);
            } else {
                cell.leaf.stamp = leafRecord.stamp = leafRecord.stamp + 1;
            }
        }
    }

    private void setNote() {
        String note = RandomText.string(random, random.nextInt(8) == 0 ? 3000 : 30);
        root.note = note;
        model.note = note;
    }

    // ---------------------------------------------------------------- helpers

    private int newId() {
        check(root.nextId == model.nextId, "root.nextId is " + root.nextId + ", the model says " + model.nextId);
        root.nextId++;
        return model.nextId++;
    }

    private int pick() {
        return random.nextInt(model.cells.size());
    }

    /** The persistent cell at {@code index} of the root's list, checked against the model. */
    private Cell cellAt(int index) {
        check(root.cells.size() == model.cells.size(), "root.cells has " + root.cells.size()
            + " cells, the model says " + model.cells.size());
        Cell cell = root.cells.get(index);
        int expected = model.cells.get(index);
        check(cell != null && cell.id == expected, "root.cells[" + index + "] is "
            + (cell == null ? "null" : "cell " + cell.id) + ", the model says cell " + expected);
        return cell;
    }

    private CellRecord cellRecordAt(int index) {
        return model.cell(model.cells.get(index));
    }

    private CellRecord edit(int index) {
        return model.editCell(model.cells.get(index));
    }

    private int chainLength(CellRecord record) {
        int length = 0;
        for (int leaf = record.leaf; leaf != Model.NONE; leaf = model.leaf(leaf).next) {
            length++;
        }
        return length;
    }

    private int[] randomArray() {
        int kind = random.nextInt(40);
        if (kind == 0) {
            return null;
        }
        if (kind == 1) {
            return RandomText.ints(random, 1024 + random.nextInt(7 * 1024));
        }
        return RandomText.ints(random, random.nextInt(48));
    }

    private static int[] copy(int[] values) {
        return values == null ? null : values.clone();
    }

    private static int lengthOf(int[] values) {
        return values == null ? -1 : values.length;
    }

    private static void check(boolean condition, String problem) {
        if (!condition) {
            throw new LiveStateMismatch(problem);
        }
    }

    /** The live persistent graph differs from the model: the store or the agent lost or invented a change. */
    static final class LiveStateMismatch extends RuntimeException {
        LiveStateMismatch(String message) {
            super(message);
        }
    }
}
