package org.swizzle.it.copies;

import org.swizzle.Persistent;

/** A persistent class whose {@code clone()} returns the object itself, which must stay what it is. */
@Persistent
public class Token implements Cloneable {
    String label;

    Token(String label) {
        this.label = label;
    }

    @Override
    public Object clone() {
        return this;
    }

    /** {@code other.clone()} called from a persistent class, so the call is wrapped. */
    Object cloneOf(Token other) {
        return other.clone();
    }
}
