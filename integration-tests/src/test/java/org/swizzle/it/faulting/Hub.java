package org.swizzle.it.faulting;

import org.swizzle.Persistent;

/** A subclass of {@link Vertex} with fields of its own and overriding methods (polymorphism). */
@Persistent
public class Hub extends Vertex {
    public String motto;
    public Vertex hubOf;

    public Hub(int id) {
        super(id);
        this.motto = "motto " + id;
    }

    @Override
    public String kind() {
        return "hub";
    }

    @Override
    public String label() {
        return "hub(" + motto + ")" + super.label();
    }

    @Override
    public String describe() {
        return super.describe() + ":" + motto;
    }
}
