package org.swizzle.it.copies;

import org.swizzle.Persistent;

/** A persistent base with no fields of its own that gives its hierarchy {@code clone()}. */
@Persistent
public abstract class Shape implements Cloneable {

    @Override
    public Shape clone() {
        try {
            return (Shape) super.clone();
        } catch (CloneNotSupportedException e) {
            throw new AssertionError(e);
        }
    }
}
