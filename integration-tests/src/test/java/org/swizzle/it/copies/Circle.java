package org.swizzle.it.copies;

/** A shape whose {@code clone()} is its base's. */
public class Circle extends Shape {
    int radius;
    String label;

    Circle(int radius, String label) {
        this.radius = radius;
        this.label = label;
    }

    @Override
    public String toString() {
        return label + ":" + radius;
    }
}
