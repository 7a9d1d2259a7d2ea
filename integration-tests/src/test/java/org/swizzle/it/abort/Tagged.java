package org.swizzle.it.abort;

import java.util.Set;

import org.swizzle.Persistent;

/** A persistent key hashed by its name and the size of its set. */
@Persistent
public class Tagged {
    String name;
    Set<Tagged> set;

    Tagged(String name) {
        this.name = name;
    }

    @Override
    public int hashCode() {
        return name.hashCode() * 31 + set.size();
    }

    @Override
    public boolean equals(Object o) {
        return o == this;
    }
}
