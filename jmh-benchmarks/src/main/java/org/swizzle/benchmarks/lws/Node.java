package org.swizzle.benchmarks.lws;

import org.swizzle.Persistent;

/**
 * An object of Moss's load-work-save collections: a binary tree node ({@link #left}, {@link #right})
 * with extra reference slots, of which the initialized ones are self-loops, and extra bytes and
 * integers that add bulk. Arrays are stored inside the node, so every node is one stored object.
 */
@Persistent
public class Node {

    Node left;
    Node right;
    /** Extra slots beyond the two of the tree, or null when there are none. */
    Node[] slots;
    /** Extra bytes, or null when there are none. */
    byte[] bytes;
    /** Extra integers (series II), or null when there are none. */
    int[] ints;
    /** Incremented by every update, so an update always changes the object. */
    int stamp;
}
