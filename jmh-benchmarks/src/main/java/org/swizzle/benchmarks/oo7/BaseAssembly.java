package org.swizzle.benchmarks.oo7;

import org.swizzle.Persistent;

/** A leaf of the assembly tree: the composite parts it uses, drawn from the module's library of them. */
@Persistent
public class BaseAssembly extends Assembly {
    CompositePart[] components;

    BaseAssembly(int id, String type, int buildDate, ComplexAssembly superAssembly, Module module, int components) {
        super(id, type, buildDate, superAssembly, module);
        this.components = new CompositePart[components];
    }
}
