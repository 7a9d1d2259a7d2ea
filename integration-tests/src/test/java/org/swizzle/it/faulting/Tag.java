package org.swizzle.it.faulting;

import org.swizzle.Persistent;

/** Another implementation of {@link Labelled}, unrelated to {@link Vertex} by class. */
@Persistent
public class Tag implements Labelled {
    public String text;
    public Vertex owner;

    public Tag(String text, Vertex owner) {
        this.text = text;
        this.owner = owner;
    }

    @Override
    public String label() {
        return "tag(" + text + ")";
    }
}
