package org.swizzle.it.bad;

import org.swizzle.it.model.Shape;

/** A Shape that is not @Persistent. */
public class PlainShape implements Shape {
    @Override
    public double area() {
        return 1;
    }
}
