package org.swizzle.benchmarks.report;

import java.util.List;
import java.util.Map;

/**
 * One benchmark of a JMH JSON result file, its name split as this module names benchmarks:
 * {@code org.swizzle.benchmarks.oo1.OO1Hot.Swizzle.traversal} is group {@code OO1Hot}, system
 * {@code Swizzle}, operation {@code traversal}.
 *
 * <p>Part of the report generator that {@code jmh-benchmarks/run.sh} runs after JMH; by hand:
 * {@code java -cp jmh-benchmarks/target/benchmarks.jar org.swizzle.benchmarks.report.ReportGenerator DIR}.
 *
 * @param group the benchmark class ({@code OO1Hot}, {@code OO1Update}, ...)
 * @param system the nested class naming the system and scheme, or "" for a benchmark class without one
 * @param operation the benchmark method
 * @param params JMH parameters by name
 * @param score the primary score, in {@code unit}
 * @param error the half-width of JMH's 99.9% confidence interval (NaN with one sample)
 * @param raw per fork, per measured iteration, the primary score
 * @param secondary secondary (auxiliary counter) scores by name
 * @param jvmArgs the fork's JVM arguments
 */
public record JmhResult(String group, String system, String operation, Map<String, String> params, String mode,
                        double score, double error, String unit, List<List<Double>> raw, Map<String, Double> secondary,
                        List<String> jvmArgs, String jdk, String vm) {

    /** A parameter as a number. */
    public double param(String name) {
        return Double.parseDouble(params.get(name));
    }

    /** The secondary score {@code name}, or NaN. */
    public double secondary(String name) {
        Double value = secondary.get(name);
        return value == null ? Double.NaN : value;
    }

    /** The secondary {@code name} per commit (the counters are sums per iteration). */
    public double perCommit(String name) {
        return secondary(name) / secondary("commits");
    }

    /** The score converted to microseconds. */
    public double micros() {
        return Units.toMicros(score, unit);
    }

    /** The first iteration of the first fork, in microseconds: the JIT-cold one of a single-shot benchmark. */
    public double firstMicros() {
        return raw.isEmpty() || raw.get(0).isEmpty() ? Double.NaN : Units.toMicros(raw.get(0).get(0), unit);
    }

    /** The mean of all but the first iteration of each fork, in microseconds (NaN if there are none). */
    public double laterMicros() {
        double sum = 0;
        int n = 0;
        for (List<Double> fork : raw) {
            for (int i = 1; i < fork.size(); i++) {
                sum += fork.get(i);
                n++;
            }
        }
        return n == 0 ? Double.NaN : Units.toMicros(sum / n, unit);
    }
}
