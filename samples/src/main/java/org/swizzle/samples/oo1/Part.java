package org.swizzle.samples.oo1;

import java.util.ArrayList;
import java.util.List;

import org.swizzle.Persistent;

/** An OO1 part (Cattell &amp; Skeen): three outgoing connections, any number incoming. */
@Persistent
public class Part {
    int id;
    String type;
    int x;
    int y;
    long build;
    Connection[] to = new Connection[3];
    List<Connection> from = new ArrayList<>();

    Part(int id, String type, int x, int y, long build) {
        this.id = id;
        this.type = type;
        this.x = x;
        this.y = y;
        this.build = build;
    }
}
