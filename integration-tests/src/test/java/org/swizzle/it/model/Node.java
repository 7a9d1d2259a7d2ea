package org.swizzle.it.model;

import java.util.ArrayList;
import java.util.List;

import org.swizzle.Persistent;

/** A graph node: cycles, self references, shared references and lists of references. */
@Persistent
public class Node {
    public String name;
    public Node next;
    public Node other;
    public List<Node> children = new ArrayList<>();

    public Node(String name) {
        this.name = name;
    }

    @Override
    public String toString() {
        return "Node(" + name + ")";
    }
}
