package org.swizzle.it.collections;

import java.util.Objects;

import org.swizzle.Persistent;

/** A key whose {@code hashCode} throws {@code IndexOutOfBoundsException} in a JVM started with {@code -Dfussy.throw=true}. */
@Persistent
public class Fussy {
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
        if (Boolean.getBoolean("fussy.throw")) {
            throw new IndexOutOfBoundsException("Fussy.hashCode: index 3 out of bounds for length 0");
        }
        return Objects.hashCode(name);
    }
}
