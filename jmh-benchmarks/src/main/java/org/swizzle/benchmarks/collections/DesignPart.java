package org.swizzle.benchmarks.collections;

import java.util.LinkedList;

import org.swizzle.Persistent;

/** A part of a collection-heavy design, as OO7's atomic parts: its connections in a {@code LinkedList}. */
@Persistent
public class DesignPart {
    int id;
    int x;
    int y;
    LinkedList<DesignConnection> connections = new LinkedList<>();
}
