package org.swizzle.it.model;

import org.swizzle.Persistent;

/** An abstract persistent superclass with private state. */
@Persistent
public abstract class Animal {
    private String name;
    protected int legs;

    protected Animal(String name, int legs) {
        this.name = name;
        this.legs = legs;
    }

    public String name() {
        return name;
    }

    public void rename(String name) {
        this.name = name;
    }

    public abstract String sound();
}
