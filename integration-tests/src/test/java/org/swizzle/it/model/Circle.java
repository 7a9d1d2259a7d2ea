package org.swizzle.it.model;

import org.swizzle.Persistent;

@Persistent
public class Circle implements Shape {
    public double radius;

    public Circle(double radius) {
        this.radius = radius;
    }

    @Override
    public double area() {
        return Math.PI * radius * radius;
    }
}
