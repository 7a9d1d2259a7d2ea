package org.swizzle.it.schemes;

import java.util.ArrayList;
import java.util.HashMap;

import org.swizzle.Persistent;

/** A persistent object with every kind of mutation: fields, array elements, collections, references. */
@Persistent
public class Cell {
    public int value;
    public String label;
    public int[] data = new int[8];
    public Cell[] neighbours = new Cell[2];
    public ArrayList<Integer> list = new ArrayList<>();
    public HashMap<String, Integer> map = new HashMap<>();
    public Cell link;

    public Cell(int value) {
        this.value = value;
        this.label = "cell " + value;
    }
}
