package org.swizzle.it.collections;

import java.util.Objects;

import org.swizzle.Persistent;

/**
 * A key whose {@code hashCode} and {@code compareTo} throw {@code IndexOutOfBoundsException} in a JVM started with
 * {@code -Dfussy.throw=true}.
 */
@Persistent
public class Fussy implements Comparable<Fussy> {
    String name;

    Fussy(String name) {
        this.name = name;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Fussy && Objects.equals(((Fussy) o).name, name);
    }

    @Override
    public int hashCode() {
        refuseIfAsked("hashCode");
        return Objects.hashCode(name);
    }

    @Override
    public int compareTo(Fussy other) {
        refuseIfAsked("compareTo");
        return name.compareTo(other.name);
    }

    private static void refuseIfAsked(String method) {
        if (Boolean.getBoolean("fussy.throw")) {
            throw new IndexOutOfBoundsException("Fussy." + method + ": index 3 out of bounds for length 0");
        }
    }
}
