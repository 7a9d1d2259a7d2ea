package org.swizzle.it.faulting;

import java.util.ArrayList;
import java.util.HashMap;

import org.swizzle.Persistent;

/** The root of the faulting tests: every vertex in a list, a few by name, a self reference and a generation counter. */
@Persistent
public class Graph {
    public ArrayList<Vertex> all = new ArrayList<>();
    public HashMap<String, Vertex> byName = new HashMap<>();
    public Vertex first;
    public Labelled special;
    public Graph self;
    public long generation;
}
