package org.swizzle.benchmarks.oo1;

/**
 * The JVM arguments of each benchmark fork, as constants for {@code @Fork(jvmArgsAppend = ...)}.
 * Paths are relative: run the benchmarks from the repository root.
 *
 * <p>Part of the OO1 benchmarks; run them with {@code jmh-benchmarks/run.sh [smoke|quick|full]} from the
 * repository root (see {@code jmh-benchmarks/README.md}).
 */
public final class Forks {

    public static final String AGENT_JAR = "agent/target/swizzle-agent-0.1.0-SNAPSHOT.jar";
    /** The default scheme: node marking, access checks, object faults, remembered set. */
    public static final String SWIZZLE = "-javaagent:" + AGENT_JAR;
    public static final String SWIZZLE_CARD_16 = SWIZZLE + "=barrier=card,card=16";
    public static final String SWIZZLE_CARD_4096 = SWIZZLE + "=barrier=card,card=4096";
    public static final String SWIZZLE_CARD = SWIZZLE + "=barrier=card";
    public static final String SWIZZLE_OBJECT = SWIZZLE + "=barrier=object";
    public static final String SWIZZLE_NO_BARRIER = SWIZZLE + "=barrier=none";
    public static final String SWIZZLE_EDGE = SWIZZLE + "=swizzle=edge";
    public static final String SWIZZLE_NONE = SWIZZLE + "=swizzle=none";
    public static final String SWIZZLE_EAGER = SWIZZLE + "=swizzle=eager";
    public static final String SWIZZLE_ENTRY = SWIZZLE + "=checks=entry";
    public static final String SWIZZLE_SEGMENT = SWIZZLE + "=fault=segment";
    public static final String SWIZZLE_CLUSTER = SWIZZLE + "=fault=cluster";
    public static final String PARALLEL_GC = "-XX:+UseParallelGC";
    /**
     * A heap of 2 GB, all of it touched as the fork starts: for single-shot iterations that allocate tens of MB each,
     * which would otherwise take pages the process never touched before, at a page fault every 4 KB (about 15 us on
     * these virtual machines), as a JVM that has run for a while no longer does.
     */
    public static final String HEAP_MIN = "-Xms2g";
    public static final String HEAP_MAX = "-Xmx2g";
    public static final String PRE_TOUCH = "-XX:+AlwaysPreTouch";
    /** Chronicle Map's documented {@code --add-opens}/{@code --add-exports} for JDK 17+, as a java @argfile. */
    public static final String CHRONICLE_MAP = "@jmh-benchmarks/chronicle-map.jvmargs";

    private Forks() {
    }
}
