package org.swizzle.it.model;

/** Persistent through its superclass (@Persistent is @Inherited). */
public class Dog extends Animal {
    public int barks;
    public final String breed;

    public Dog(String name, String breed) {
        super(name, 4);
        this.breed = breed;
    }

    @Override
    public String sound() {
        return "woof x" + barks;
    }
}
