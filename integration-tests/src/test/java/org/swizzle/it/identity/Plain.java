package org.swizzle.it.identity;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Not persistent: its {@code new ArrayList<>()} is the plain {@code java.util} class, as in application code. */
final class Plain {

    private Plain() {
    }

    static List<String> list(String... elements) {
        return new ArrayList<>(Arrays.asList(elements));
    }
}
