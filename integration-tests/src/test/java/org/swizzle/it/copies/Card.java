package org.swizzle.it.copies;

import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.Serializable;

import org.swizzle.Persistent;

/**
 * A serializable persistent class with no persistent superclass whose own {@code writeObject} writes its fields
 * by reflection at once: only the call the agent puts first in it faults the object in.
 */
@Persistent
public class Card implements Serializable {
    private static final long serialVersionUID = 1L;

    String title;
    int number;

    Card(String title, int number) {
        this.title = title;
        this.number = number;
    }

    private void writeObject(ObjectOutputStream out) throws IOException {
        out.defaultWriteObject();
    }

    @Override
    public String toString() {
        return title + ":" + number;
    }
}
