package org.swizzle.it.model;

/** An application interface: fields of this type hold references to persistent objects. */
public interface Shape {
    double area();
}
