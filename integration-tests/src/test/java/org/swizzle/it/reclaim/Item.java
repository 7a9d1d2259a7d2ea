package org.swizzle.it.reclaim;

import org.swizzle.Persistent;

/** An object of the churn: a number, a payload and a child it owns, so that dropping it leaves two objects behind. */
@Persistent
public class Item {
    int id;
    String payload;
    Item child;
    /** A list the item may share with others, so that holding it is not owning it. */
    java.util.List<Item> shared;
    /** A list of arrays the item may share with others, whose arrays the application may hold apart from it. */
    java.util.List<int[]> arrays;

    Item(int id, int payloadLength) {
        this.id = id;
        this.payload = "p".repeat(payloadLength) + id;
    }
}
