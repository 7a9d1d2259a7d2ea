package org.swizzle.it.large;

import java.util.ArrayList;
import java.util.List;

import org.swizzle.Persistent;

/** An OO1 part (Cattell &amp; Skeen) for the working set larger than the heap. */
@Persistent
public class LargePart {
    int id;
    String type;
    int x;
    int y;
    long build;
    LargeConnection[] to = new LargeConnection[3];
    List<LargeConnection> from = new ArrayList<>();
    /** About 200 bytes of its own, which a re-hollowed part gives back: the budget's saving, beyond the state shared strings save anyway. */
    String note;

    LargePart(int id, String type, int x, int y, long build) {
        this.id = id;
        this.type = type;
        this.x = x;
        this.y = y;
        this.build = build;
        String line = "part " + id + " of the working set larger than the heap, built on day " + build + " at " + x + "," + y;
        this.note = line + "; " + line;
    }
}
