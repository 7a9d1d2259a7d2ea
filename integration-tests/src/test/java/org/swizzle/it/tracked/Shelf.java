package org.swizzle.it.tracked;

import java.util.ArrayList;

import org.swizzle.Persistent;

/** A small object with one collection, many of which overflow a resident budget. */
@Persistent
public class Shelf {
    ArrayList<String> titles = new ArrayList<>();
}
