package org.swizzle.benchmarks.oo7;

import org.swizzle.Persistent;

/** An inner node of the assembly tree: its sub-assemblies, 3 on every OO7 database. */
@Persistent
public class ComplexAssembly extends Assembly {
    Assembly[] subAssemblies;

    ComplexAssembly(int id, String type, int buildDate, ComplexAssembly superAssembly, Module module, int fanOut) {
        super(id, type, buildDate, superAssembly, module);
        this.subAssemblies = new Assembly[fanOut];
    }
}
