package org.swizzle.benchmarks.oo7;

import java.util.HashMap;

import org.swizzle.Persistent;

/**
 * The OO7 module, the root of the database: its manual, the root of its assembly tree, and the
 * atomic parts by id. OO7 leaves the index to the system; here it is the {@code HashMap} a Java
 * developer would hold in the root, used by Q1 (lookups) and Q7 (a scan of its values).
 */
@Persistent
public class Module extends DesignObject {
    Manual manual;
    ComplexAssembly designRoot;
    HashMap<Integer, AtomicPart> atomicParts = new HashMap<>();

    Module(int id, String type, int buildDate) {
        super(id, type, buildDate);
    }
}
