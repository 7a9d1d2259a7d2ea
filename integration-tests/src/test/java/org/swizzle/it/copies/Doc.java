package org.swizzle.it.copies;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

import org.swizzle.Persistent;

/** A persistent class that is also serializable, with Java's default serialized form. */
@Persistent
public class Doc implements Serializable {
    private static final long serialVersionUID = 1L;

    int value;
    String name;
    Doc next;
    int[] cells = {1, 2};
    List<String> tags = new ArrayList<>();

    Doc(int value, String name) {
        this.value = value;
        this.name = name;
    }

    @Override
    public String toString() {
        return name + ":" + value + " cells=" + cells[0] + "," + cells[1] + " tags=" + tags
            + (next == null ? "" : " next=(" + next + ")");
    }
}
