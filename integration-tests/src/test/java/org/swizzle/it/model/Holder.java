package org.swizzle.it.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;

import org.swizzle.Persistent;

/** A root holding many objects. */
@Persistent
public class Holder {
    public Map<String, Node> byName = new HashMap<>();
    public Node[] nodes;
    public ArrayList<Item> items = new ArrayList<>();
    public Item[] itemArray;
    public Shape[] shapes;
    public Animal pet;
}
