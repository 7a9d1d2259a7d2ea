package org.swizzle.it.copies;

import java.util.ArrayList;
import java.util.List;

import org.swizzle.Persistent;

/** The root: the sheets in the order they were added. */
@Persistent
public class Album {
    List<Sheet> sheets = new ArrayList<>();
    Token token;
    /** Objects of classes whose clone() is reached through a fieldless class or a virtual call. */
    List<Object> others = new ArrayList<>();
}
