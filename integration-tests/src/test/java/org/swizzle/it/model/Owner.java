package org.swizzle.it.model;

import org.swizzle.Persistent;

/** A persistent class with a non-static inner persistent class, whose objects refer to their owner. */
@Persistent
public class Owner {
    public String name;

    public Owner(String name) {
        this.name = name;
    }

    /** A local persistent class: stored with its enclosing {@link Owner} and the variables it captures. */
    public java.util.function.Supplier<String> captured(int number, String text) {
        @Persistent
        class Local implements java.util.function.Supplier<String> {
            @Override
            public String get() {
                return text + number + " of " + name;
            }
        }
        return new Local();
    }

    /** An anonymous subclass of {@link Node}, persistent as its superclass is, stored under the name javac gave it. */
    public static Node anonymousNode(String name) {
        return new Node(name) {
            @Override
            public String toString() {
                return "anonymous " + name;
            }
        };
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
