package org.swizzle.benchmarks.oo7;

import java.util.ArrayList;

import org.swizzle.Persistent;

/** An atomic part: the node of a composite part's graph, with its outgoing and incoming connections. */
@Persistent
public class AtomicPart extends DesignObject {
    int x;
    int y;
    int docId;
    ArrayList<Connection> to = new ArrayList<>();
    ArrayList<Connection> from = new ArrayList<>();
    CompositePart partOf;

    AtomicPart(int id, String type, int buildDate, int x, int y, int docId, CompositePart partOf) {
        super(id, type, buildDate);
        this.x = x;
        this.y = y;
        this.docId = docId;
        this.partOf = partOf;
    }

    /** The update of traversal T2. */
    void swapXY() {
        int t = x;
        x = y;
        y = t;
    }
}
