package org.swizzle.it.model;

import org.swizzle.Persistent;

@Persistent
public class Square implements Shape {
    public double side;

    public Square(double side) {
        this.side = side;
    }

    @Override
    public double area() {
        return side * side;
    }
}
