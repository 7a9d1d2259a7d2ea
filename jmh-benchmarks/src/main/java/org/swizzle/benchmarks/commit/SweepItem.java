package org.swizzle.benchmarks.commit;

import org.swizzle.Persistent;

/**
 * An object of the commit sweep's resident set: a link of a singly linked list, so that walking the
 * list from the root faults in exactly one object per item and the resident set is the list's length.
 * No arrays or collections, so nothing is ever watched: a commit's candidates come from the barrier alone.
 */
@Persistent
public class SweepItem {
    SweepItem next;
    int id;
    int value;
    long stamp;
}
