package org.swizzle.it.collections;

import java.util.Locale;
import java.util.Objects;

import org.swizzle.Persistent;

/**
 * A key equal by its name, as the JVM's {@code -Dnamed.equality} says: {@code exact} (the default), {@code caseless} (a
 * later version of the class whose {@code equals}, {@code hashCode} and {@code compareTo} ignore case) or
 * {@code identity} (the object's own identity, and order by identity hash).
 */
@Persistent
public class Named implements Comparable<Named> {

    String name;

    Named(String name) {
        this.name = name;
    }

    private static String equality() {
        return System.getProperty("named.equality", "exact");
    }

    private String key() {
        return equality().equals("caseless") ? name.toLowerCase(Locale.ROOT) : name;
    }

    @Override
    public boolean equals(Object o) {
        if (equality().equals("identity")) {
            return this == o;
        }
        return o instanceof Named && Objects.equals(((Named) o).key(), key());
    }

    @Override
    public int hashCode() {
        return equality().equals("identity") ? System.identityHashCode(this) : Objects.hashCode(key());
    }

    @Override
    public int compareTo(Named other) {
        if (equality().equals("identity")) {
            return Integer.compare(System.identityHashCode(this), System.identityHashCode(other));
        }
        return key().compareTo(other.key());
    }

    @Override
    public String toString() {
        return name;
    }
}
