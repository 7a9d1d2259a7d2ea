package org.swizzle.it.paged;

import org.swizzle.Persistent;

/** A persistent key that hashes and compares by its value: a map of them stays one image, rehashed when read. */
@Persistent
public class Code {
    String value;

    Code(String value) {
        this.value = value;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Code && ((Code) o).value.equals(value);
    }

    @Override
    public int hashCode() {
        return value.hashCode();
    }
}
