package org.swizzle.it.model;

import org.swizzle.Persistent;

/** A persistent class with a non-static inner persistent class, whose objects refer to their owner. */
@Persistent
public class Owner {
    public String name;

    public Owner(String name) {
        this.name = name;
    }

    /** Stored with its enclosing {@link Owner}. */
    @Persistent
    public class Part {
        public String label;

        public Part(String label) {
            this.label = label;
        }

        public String describe() {
            return label + " of " + name;
        }
    }
}
