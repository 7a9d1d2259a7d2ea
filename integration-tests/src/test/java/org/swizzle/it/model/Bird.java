package org.swizzle.it.model;

public class Bird extends Animal {
    public boolean flies = true;

    public Bird(String name) {
        super(name, 2);
    }

    @Override
    public String sound() {
        return "tweet";
    }
}
