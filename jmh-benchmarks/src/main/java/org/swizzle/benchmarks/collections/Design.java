package org.swizzle.benchmarks.collections;

import java.util.ArrayList;

import org.swizzle.Persistent;

/** The root of the design: every part, in a list. */
@Persistent
public class Design {
    ArrayList<DesignPart> parts = new ArrayList<>();
}
