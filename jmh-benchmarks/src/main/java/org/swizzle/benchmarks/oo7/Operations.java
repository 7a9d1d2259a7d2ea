package org.swizzle.benchmarks.oo7;

import java.util.HashSet;
import java.util.function.Consumer;

/**
 * The OO7 traversals and queries of the small database, the same code for every system. T1 walks the
 * assembly tree depth first and, at each composite part a base assembly uses, searches its graph of
 * atomic parts depth first along outgoing connections (a {@code HashSet} of the parts visited, as the
 * public ports keep); T2 does the same and swaps x and y of the root part (a), of every part (b), or of
 * every part 4 times (c); T6 visits the root part of each composite part only; Q1 looks atomic parts up
 * by id; Q7 scans all of them. Each visited part goes through a null procedure whose result is in
 * {@link #sink()}.
 */
public final class Operations {

    /** Atomic parts T1 visits on the small database: 729 base assemblies × 3 composite parts × 20 parts. */
    public static final int T1_VISITS = ModuleBuilder.BASE_ASSEMBLIES * ModuleBuilder.COMPOSITES_PER_BASE
        * ModuleBuilder.ATOMIC_PER_COMPOSITE;
    /** Lookups of Q1. */
    public static final int Q1_LOOKUPS = 10;

    /** Which atomic parts T2 updates, and how often. */
    public enum Update {
        /** T2a: the root part of each composite part, once per visit. */
        ROOT(1),
        /** T2b: every atomic part, once per visit. */
        EVERY(1),
        /** T2c: every atomic part, 4 times per visit. */
        EVERY_FOUR_TIMES(4);

        private final int swaps;

        Update(int swaps) {
            this.swaps = swaps;
        }
    }

    private long sink;

    /**
     * Makes resident what T1, T2, T6, Q1 and Q7 read, faulting each design object through {@code buildDate} and
     * each connection through {@code length}, fields those operations never read: warm-up faults in the
     * accessors the hot benchmarks measure make C2 compile them according to when it compiled (as OO1's hot lookup
     * showed: 1.8 or 2.9 µs by fork). Returns the atomic parts of the composite parts the design uses, which T1
     * visits.
     */
    public int warm(Module module) {
        sink += module.buildDate;
        for (AtomicPart part : module.atomicParts.values()) {
            sink += part.buildDate;
        }
        return warm(module.designRoot);
    }

    private int warm(Assembly assembly) {
        sink += assembly.buildDate;
        int parts = 0;
        if (assembly instanceof ComplexAssembly) {
            for (Assembly sub : ((ComplexAssembly) assembly).subAssemblies) {
                parts += warm(sub);
            }
        } else {
            for (CompositePart composite : ((BaseAssembly) assembly).components) {
                sink += composite.buildDate;
                for (AtomicPart part : composite.parts) {
                    sink += part.buildDate;
                    for (Connection connection : part.to) {
                        sink += connection.length;
                    }
                }
                parts += composite.parts.size();
            }
        }
        return parts;
    }

    /** T1: returns the atomic parts visited. */
    public int t1(Module module) {
        return traverse(module.designRoot, null, null);
    }

    /** T2: T1 with updates; {@code changed} is told of each part updated, once per visit. Returns the parts visited. */
    public int t2(Module module, Update update, Consumer<AtomicPart> changed) {
        return traverse(module.designRoot, update, changed);
    }

    /** T6: the root part of each composite part a base assembly uses; returns the parts visited. */
    public int t6(Module module) {
        return rootParts(module.designRoot);
    }

    /** Q1: looks up the {@link #Q1_LOOKUPS} ids from {@code ids[from]}; returns the parts found. */
    public int q1(Module module, int[] ids, int from) {
        int found = 0;
        for (int i = from; i < from + Q1_LOOKUPS; i++) {
            AtomicPart part = module.atomicParts.get(ids[i]);
            if (part != null) {
                visit(part);
                found++;
            }
        }
        return found;
    }

    /** Q7: every atomic part; returns how many. */
    public int q7(Module module) {
        int parts = 0;
        for (AtomicPart part : module.atomicParts.values()) {
            visit(part);
            parts++;
        }
        return parts;
    }

    private int traverse(Assembly assembly, Update update, Consumer<AtomicPart> changed) {
        int visits = 0;
        if (assembly instanceof ComplexAssembly) {
            for (Assembly sub : ((ComplexAssembly) assembly).subAssemblies) {
                visits += traverse(sub, update, changed);
            }
        } else {
            for (CompositePart composite : ((BaseAssembly) assembly).components) {
                HashSet<AtomicPart> visited = new HashSet<>();
                search(composite.rootPart, visited, update, changed);
                visits += visited.size();
            }
        }
        return visits;
    }

    /** Depth first along outgoing connections, each part once. */
    private void search(AtomicPart part, HashSet<AtomicPart> visited, Update update, Consumer<AtomicPart> changed) {
        if (update != null && (update != Update.ROOT || visited.isEmpty())) {
            for (int i = 0; i < update.swaps; i++) {
                part.swapXY();
            }
            changed.accept(part);
        } else {
            visit(part);
        }
        visited.add(part);
        for (Connection connection : part.to) {
            if (!visited.contains(connection.to)) {
                search(connection.to, visited, update, changed);
            }
        }
    }

    private int rootParts(Assembly assembly) {
        int visits = 0;
        if (assembly instanceof ComplexAssembly) {
            for (Assembly sub : ((ComplexAssembly) assembly).subAssemblies) {
                visits += rootParts(sub);
            }
        } else {
            for (CompositePart composite : ((BaseAssembly) assembly).components) {
                visit(composite.rootPart);
                visits++;
            }
        }
        return visits;
    }

    private void visit(AtomicPart part) {
        sink += part.x + part.y;
    }

    /** What the null procedure saw. */
    public long sink() {
        return sink;
    }
}
