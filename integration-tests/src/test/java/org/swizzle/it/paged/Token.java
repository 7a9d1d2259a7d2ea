package org.swizzle.it.paged;

import org.swizzle.Persistent;

/** A persistent key with {@code Object}'s identity hash, which no reload keeps: a map holding one is not paged. */
@Persistent
public class Token {
    String label;

    Token(String label) {
        this.label = label;
    }
}
