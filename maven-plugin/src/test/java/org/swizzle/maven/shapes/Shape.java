package org.swizzle.maven.shapes;

import org.swizzle.Persistent;

/** An abstract persistent class, which classes compiled after its enhancement extend. */
@Persistent
public abstract class Shape {
    int corners;

    public abstract double area();
}
