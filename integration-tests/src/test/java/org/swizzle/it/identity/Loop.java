package org.swizzle.it.identity;

import java.util.ArrayList;
import java.util.List;

import org.swizzle.Persistent;

/** Holds a list that contains itself. */
@Persistent
public class Loop {
    List<Object> items;

    static List<Object> newItems() {
        return new ArrayList<>();
    }
}
