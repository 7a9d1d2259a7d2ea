package org.swizzle.it.jit;

import org.swizzle.Persistent;

/** A node of the traversal whose compiled code {@link InliningTest} inspects: an OO1-like part. */
@Persistent
public class Link {
    int id;
    int x;
    Link left;
    Link right;

    Link(int id) {
        this.id = id;
    }
}
