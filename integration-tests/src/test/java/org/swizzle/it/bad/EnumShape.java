package org.swizzle.it.bad;

import org.swizzle.it.model.Shape;

/** An enum implementing an application interface, its constant with a body of its own (an anonymous subclass). */
public enum EnumShape implements Shape {
    UNIT {
        @Override
        public double area() {
            return 1;
        }
    }
}
