package org.swizzle.benchmarks.oo7;

import org.swizzle.Persistent;

/** What every OO7 design object has (Carey, DeWitt &amp; Naughton, Figure 1): an id, a type and a build date. */
@Persistent
public abstract class DesignObject {
    int id;
    String type;
    int buildDate;

    DesignObject(int id, String type, int buildDate) {
        this.id = id;
        this.type = type;
        this.buildDate = buildDate;
    }
}
