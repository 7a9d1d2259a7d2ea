package org.swizzle.benchmarks.oo7;

import org.swizzle.Persistent;

/** A node of the module's assembly tree: complex assemblies inside, base assemblies at the leaves. */
@Persistent
public abstract class Assembly extends DesignObject {
    ComplexAssembly superAssembly;
    Module module;

    Assembly(int id, String type, int buildDate, ComplexAssembly superAssembly, Module module) {
        super(id, type, buildDate);
        this.superAssembly = superAssembly;
        this.module = module;
    }
}
