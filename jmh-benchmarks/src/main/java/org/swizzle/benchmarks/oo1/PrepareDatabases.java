package org.swizzle.benchmarks.oo1;

/**
 * Builds the master copy of every engine's OO1 database for the given sizes, so that no benchmark
 * fork (a cold one least of all) spends its time or warms its JIT building one. {@code run.sh}
 * calls it first; the Swizzle agent must be attached (it also opens what Chronicle Map needs).
 *
 * <pre>
 * java -javaagent:agent/target/swizzle-agent-0.1.0-SNAPSHOT.jar -cp jmh-benchmarks/target/benchmarks.jar \
 *     org.swizzle.benchmarks.oo1.PrepareDatabases 20000 200000
 * </pre>
 */
public final class PrepareDatabases {

    private PrepareDatabases() {
    }

    public static void main(String[] args) {
        for (String size : args.length == 0 ? new String[] {"20000"} : args) {
            int parts = Integer.parseInt(size);
            for (Engine engine : Engine.values()) {
                if (engine.hasFiles()) {
                    System.out.println("# " + engine + " " + parts + " parts: " + DatabaseFiles.master(engine, parts,
                        OO1Benchmark.DATABASE_SEED));
                }
            }
        }
    }
}
