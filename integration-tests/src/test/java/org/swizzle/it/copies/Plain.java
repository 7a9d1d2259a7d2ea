package org.swizzle.it.copies;

import org.swizzle.Persistent;

/** A cloneable persistent class that does not override {@code clone()}: copies are made by a virtual call to it. */
@Persistent
public class Plain implements Cloneable {
    int count;
    String label;

    Plain(int count, String label) {
        this.count = count;
        this.label = label;
    }

    /** {@code Object.clone()} reached through {@code invokevirtual clone()Ljava/lang/Object;}. */
    Plain twin() throws CloneNotSupportedException {
        return (Plain) clone();
    }

    @Override
    public String toString() {
        return label + ":" + count;
    }
}
