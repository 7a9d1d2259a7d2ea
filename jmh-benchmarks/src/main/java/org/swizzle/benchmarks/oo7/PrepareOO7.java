package org.swizzle.benchmarks.oo7;

/**
 * Builds the master copy of the OO7 databases this JVM can write, so that no benchmark fork (a cold one
 * least of all) spends its time or warms its JIT doing so: Swizzle's with the agent attached,
 * EclipseStore's without it (see {@link OO7Engine}). {@code run.sh} runs it once each way.
 *
 * <pre>
 * java -javaagent:agent/target/swizzle-agent-0.1.0-SNAPSHOT.jar -cp jmh-benchmarks/target/benchmarks.jar \
 *     org.swizzle.benchmarks.oo7.PrepareOO7 3
 * java -cp jmh-benchmarks/target/benchmarks.jar org.swizzle.benchmarks.oo7.PrepareOO7 3
 * </pre>
 */
public final class PrepareOO7 {

    private PrepareOO7() {
    }

    /** Arguments: the connections per atomic part to build for (default 3). */
    public static void main(String[] args) {
        for (String connections : args.length == 0 ? new String[] {"3"} : args) {
            for (OO7Engine engine : OO7Engine.values()) {
                if (engine.hasFiles() && engine.canRunHere()) {
                    System.out.println("# " + engine + " OO7, " + connections + " connections per part: "
                        + OO7Files.master(engine, Integer.parseInt(connections)));
                }
            }
        }
    }
}
