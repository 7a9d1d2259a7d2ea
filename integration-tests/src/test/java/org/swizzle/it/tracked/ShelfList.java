package org.swizzle.it.tracked;

import java.util.ArrayList;
import java.util.List;

import org.swizzle.Persistent;

/** The root of the shelves. */
@Persistent
public class ShelfList {
    ArrayList<Shelf> shelves;

    ShelfList(List<Shelf> shelves) {
        this.shelves = new ArrayList<>(shelves);
    }
}
