package org.swizzle.it.reclaim;

import java.util.ArrayList;
import java.util.List;

import org.swizzle.Persistent;

/** The root of the churn: the live items, replaced round after round. */
@Persistent
public class Pool {
    int round;
    List<Item> items = new ArrayList<>();
    Item kept;
}
