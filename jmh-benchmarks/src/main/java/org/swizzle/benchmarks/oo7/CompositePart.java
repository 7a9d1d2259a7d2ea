package org.swizzle.benchmarks.oo7;

import java.util.ArrayList;

import org.swizzle.Persistent;

/**
 * A composite part: its document, its graph of atomic parts (entered at the root part) and the base
 * assemblies that use it.
 */
@Persistent
public class CompositePart extends DesignObject {
    Document documentation;
    AtomicPart rootPart;
    ArrayList<AtomicPart> parts = new ArrayList<>();
    ArrayList<BaseAssembly> usedIn = new ArrayList<>();

    CompositePart(int id, String type, int buildDate) {
        super(id, type, buildDate);
    }
}
