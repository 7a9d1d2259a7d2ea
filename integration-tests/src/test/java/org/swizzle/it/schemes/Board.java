package org.swizzle.it.schemes;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import org.swizzle.Persistent;

/** The root of the scheme tests: a list of cells. The same class serves as the plain-Java model (never stored). */
@Persistent
public class Board {
    public ArrayList<Cell> cells = new ArrayList<>();

    /** A deep copy made of new, transient objects, with shared references and cycles kept. */
    public Board copy() {
        Map<Cell, Cell> copies = new IdentityHashMap<>();
        Board board = new Board();
        for (Cell cell : cells) {
            board.cells.add(copy(cell, copies));
        }
        return board;
    }

    private static Cell copy(Cell cell, Map<Cell, Cell> copies) {
        if (cell == null) {
            return null;
        }
        Cell done = copies.get(cell);
        if (done != null) {
            return done;
        }
        Cell copy = new Cell(cell.value);
        copies.put(cell, copy);
        copy.label = cell.label;
        copy.data = cell.data.clone();
        copy.list = new ArrayList<>(cell.list);
        copy.map = new java.util.HashMap<>(cell.map);
        copy.link = copy(cell.link, copies);
        copy.neighbours = new Cell[cell.neighbours.length];
        for (int i = 0; i < cell.neighbours.length; i++) {
            copy.neighbours[i] = copy(cell.neighbours[i], copies);
        }
        return copy;
    }

    /** Every stored value, with references as positions in {@link #cells}: equal text, equal state. */
    public String render() {
        Map<Cell, Integer> positions = new IdentityHashMap<>();
        for (int i = 0; i < cells.size(); i++) {
            positions.put(cells.get(i), i);
        }
        StringBuilder text = new StringBuilder();
        for (Cell cell : cells) {
            text.append(cell.value).append(',').append(cell.label).append(',')
                .append(java.util.Arrays.toString(cell.data)).append(',').append(cell.list).append(',')
                .append(new java.util.TreeMap<>(cell.map)).append(",link=").append(position(cell.link, positions))
                .append(",n=");
            for (Cell neighbour : cell.neighbours) {
                text.append(position(neighbour, positions)).append(' ');
            }
            text.append('\n');
        }
        return text.toString();
    }

    private static int position(Cell cell, Map<Cell, Integer> positions) {
        return cell == null ? -1 : positions.getOrDefault(cell, -2);
    }

    static List<Cell> newCells(int count, int from) {
        List<Cell> made = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            made.add(new Cell(from + i));
        }
        return made;
    }
}
