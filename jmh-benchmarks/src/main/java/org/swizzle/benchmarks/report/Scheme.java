package org.swizzle.benchmarks.report;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The Swizzle options of a fork, read from its {@code -javaagent:...jar=key=value,...} argument
 * with the agent's defaults where absent, and named as the papers name their schemes.
 *
 * @param agent whether the fork runs with the agent (false: plain Java or a peer)
 * @param swizzle {@code node}, {@code edge}, {@code none} or {@code eager}
 * @param fault the fault unit: {@code object}, {@code segment} or {@code cluster}
 * @param checks {@code access} or {@code entry}
 * @param parallelGC whether the fork runs under ParallelGC
 */
record Scheme(boolean agent, String swizzle, String fault, String checks, boolean parallelGC) {

    static Scheme of(List<String> jvmArgs) {
        Map<String, String> options = new HashMap<>(Map.of("swizzle", "node", "fault", "object", "checks", "access"));
        boolean agent = false;
        for (String arg : jvmArgs) {
            if (arg.startsWith("-javaagent:")) {
                agent = true;
                int eq = arg.indexOf('=');
                for (String option : eq < 0 ? new String[0] : arg.substring(eq + 1).split(",")) {
                    String[] keyValue = option.split("=", 2);
                    if (keyValue.length == 2) {
                        options.put(keyValue[0], keyValue[1]);
                    }
                }
            }
        }
        return new Scheme(agent, options.get("swizzle"), options.get("fault"), options.get("checks"),
            jvmArgs.contains("-XX:+UseParallelGC"));
    }

    /** {@code swizzle · fault · checks}, or non-persistent; with the collector when it is not the default. */
    String label() {
        return (agent ? swizzle + " · " + fault + " · " + checks : "non-persistent") + (parallelGC ? ", ParallelGC" : "");
    }

    /**
     * The nearest variant of Hosking &amp; Moss's Table 1: fault blocks (FB) for node marking, tagged
     * OIDs never replaced by pointers (ID) for no swizzling; OBJ, LSEG and PSEG for an object, a
     * logical segment and a physical segment (a cluster) per fault. "—" for edge and eager, which
     * they did not measure.
     */
    String hoskingMoss() {
        if (!agent) {
            return "non-persistent";
        }
        String unit = switch (fault) {
            case "segment" -> "LSEG";
            case "cluster" -> "PSEG";
            default -> "OBJ";
        };
        return switch (swizzle) {
            case "node" -> "FB-" + unit;
            case "none" -> "ID-" + unit;
            default -> "—";
        };
    }

    /** The swizzling scheme in Moss's and White &amp; DeWitt's terms. */
    String swizzling() {
        if (!agent) {
            return "none needed: plain objects on the heap";
        }
        return switch (swizzle) {
            case "node" -> "lazy, node marking (fault blocks)";
            case "edge" -> "lazy, edge marking (swizzled upon discovery)";
            case "none" -> "no swizzling (an OID lookup per reference load)";
            case "eager" -> "eager (a fault's referents made resident too)";
            default -> swizzle;
        };
    }

    /** The nearest version of White &amp; DeWitt's Tables 1-3: C, PC1M (swizzling upon discovery), PC1M-NO. */
    String whiteDeWitt() {
        if (!agent) {
            return parallelGC ? "—" : "C";
        }
        return switch (swizzle) {
            case "edge" -> "PC1M";
            case "none" -> "PC1M-NO";
            default -> "—";
        };
    }
}
