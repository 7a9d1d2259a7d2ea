package org.swizzle.benchmarks.oo7;

import java.util.SplittableRandom;

/**
 * Builds the small OO7 database (Carey, DeWitt &amp; Naughton, Table 1) from a seed: one module with a
 * 100 KB manual and an assembly tree of 7 levels, fan-out 3 (364 complex and 729 base assemblies);
 * each base assembly uses 3 composite parts drawn with replacement from a library of 500; a composite
 * part has a 2,000-byte document and 20 atomic parts, each with {@code connections} outgoing
 * connections, the first to the next part so that they form a ring, the others to random parts of the
 * same composite part. The same seed and connections give the same database in every JVM.
 */
public final class ModuleBuilder {

    /** Levels of the assembly tree, base assemblies included. */
    static final int ASSEMBLY_LEVELS = 7;
    /** Sub-assemblies per complex assembly. */
    static final int ASSEMBLY_FAN_OUT = 3;
    /** Composite parts per base assembly. */
    static final int COMPOSITES_PER_BASE = 3;
    static final int COMPOSITE_PARTS = 500;
    static final int ATOMIC_PER_COMPOSITE = 20;
    static final int ATOMIC_PARTS = COMPOSITE_PARTS * ATOMIC_PER_COMPOSITE;
    /** Base assemblies: fan-out to the power of the levels below the root. */
    static final int BASE_ASSEMBLIES = (int) Math.pow(ASSEMBLY_FAN_OUT, ASSEMBLY_LEVELS - 1);
    static final int DOCUMENT_BYTES = 2_000;
    static final int MANUAL_BYTES = 100_000;
    private static final String[] TYPES = {"type000000", "type000001", "type000002", "type000003", "type000004",
        "type000005", "type000006", "type000007", "type000008", "type000009"};
    private static final int MIN_DATE = 1000;
    private static final int MAX_DATE = 1999;
    private static final int MAX_COORDINATE = 100_000;
    private static final int MAX_LENGTH = 100_000;

    private final int connections;
    private final SplittableRandom random;
    private int nextAtomicId = 1;
    private int nextComplexId = 1;
    private int nextBaseId = 1;

    private ModuleBuilder(int connections, long seed) {
        this.connections = connections;
        this.random = new SplittableRandom(seed);
    }

    /** The small database with {@code connections} connections per atomic part (3, 6 or 9 in the paper). */
    public static Module build(int connections, long seed) {
        return new ModuleBuilder(connections, seed).module();
    }

    private Module module() {
        Module module = new Module(1, type(), date());
        module.manual = new Manual(1, "Manual for module 1", text("I am the manual for module 1. ", MANUAL_BYTES),
            module);
        CompositePart[] library = new CompositePart[COMPOSITE_PARTS];
        for (int i = 0; i < library.length; i++) {
            library[i] = compositePart(module, i + 1);
        }
        module.designRoot = (ComplexAssembly) assembly(module, null, ASSEMBLY_LEVELS, library);
        return module;
    }

    private CompositePart compositePart(Module module, int id) {
        CompositePart composite = new CompositePart(id, type(), date());
        composite.documentation = new Document(id, "Composite part " + id,
            text("I am the documentation for composite part " + id + ". ", DOCUMENT_BYTES), composite);
        for (int i = 0; i < ATOMIC_PER_COMPOSITE; i++) {
            AtomicPart part = new AtomicPart(nextAtomicId++, type(), date(), random.nextInt(MAX_COORDINATE),
                random.nextInt(MAX_COORDINATE), id, composite);
            composite.parts.add(part);
            module.atomicParts.put(part.id, part);
        }
        composite.rootPart = composite.parts.get(0);
        for (int i = 0; i < ATOMIC_PER_COMPOSITE; i++) {
            AtomicPart from = composite.parts.get(i);
            for (int c = 0; c < connections; c++) {
                int target = c == 0 ? (i + 1) % ATOMIC_PER_COMPOSITE : random.nextInt(ATOMIC_PER_COMPOSITE);
                connect(from, composite.parts.get(target));
            }
        }
        return composite;
    }

    private void connect(AtomicPart from, AtomicPart to) {
        Connection connection = new Connection(type(), 1 + random.nextInt(MAX_LENGTH), from, to);
        from.to.add(connection);
        to.from.add(connection);
    }

    /** The assembly at {@code level} (1: a base assembly) and everything below it. */
    private Assembly assembly(Module module, ComplexAssembly parent, int level, CompositePart[] library) {
        if (level == 1) {
            BaseAssembly base = new BaseAssembly(nextBaseId++, type(), date(), parent, module, COMPOSITES_PER_BASE);
            for (int i = 0; i < base.components.length; i++) {
                CompositePart used = library[random.nextInt(library.length)];
                base.components[i] = used;
                used.usedIn.add(base);
            }
            return base;
        }
        ComplexAssembly complex = new ComplexAssembly(nextComplexId++, type(), date(), parent, module, ASSEMBLY_FAN_OUT);
        for (int i = 0; i < complex.subAssemblies.length; i++) {
            complex.subAssemblies[i] = assembly(module, complex, level - 1, library);
        }
        return complex;
    }

    /** One of 10 type names of 10 characters. */
    private String type() {
        return TYPES[random.nextInt(TYPES.length)];
    }

    private int date() {
        return MIN_DATE + random.nextInt(MAX_DATE - MIN_DATE + 1);
    }

    /** {@code sentence} repeated to exactly {@code length} characters (bytes: the text is ASCII). */
    private static String text(String sentence, int length) {
        StringBuilder text = new StringBuilder(length + sentence.length());
        while (text.length() < length) {
            text.append(sentence);
        }
        text.setLength(length);
        return text.toString();
    }
}
