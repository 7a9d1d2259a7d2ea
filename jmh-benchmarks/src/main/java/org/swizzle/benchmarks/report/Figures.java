package org.swizzle.benchmarks.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The derived figures the targets and findings are judged on, computed from the results: ratios
 * of one system to another, fitted slopes, per-commit counters. NaN where something is missing.
 */
final class Figures {

    /** The Swizzle barrier schemes of OO1Update and OO1Slope, default first. */
    static final List<String> BARRIER_SCHEMES = List.of("Swizzle", "SwizzleCard", "SwizzleCard16", "SwizzleCard4096",
        "SwizzleObject", "SwizzleNoBarrier");
    /** Moss's and White &amp; DeWitt's swizzling schemes: lazy node marking (the default), edge marking, none, eager. */
    static final List<String> SWIZZLING_SCHEMES = List.of("Swizzle", "SwizzleEdge", "SwizzleNone", "SwizzleEager");
    /** Hosking &amp; Moss's fault units: an object (the default), a logical segment, a cluster (physical segment). */
    static final List<String> FAULT_UNITS = List.of("Swizzle", "SwizzleSegment", "SwizzleCluster");
    /** The systems a Java developer would pick instead of Swizzle. */
    static final List<String> PEERS = List.of("H2", "EclipseStore", "ChronicleMap");
    /** Stores of one update traversal at p = 1: x and y of each of the 3,280 visits. */
    static final int STORES_PER_UPDATE_TRAVERSAL = 3_280 * 2;
    /** Bytes an update changes in a part: x and y. */
    static final int CHANGED_BYTES_PER_PART = 8;

    private final JmhResults results;

    Figures(JmhResults results) {
        this.results = results;
    }

    JmhResults results() {
        return results;
    }

    double hot(String system, String operation) {
        return results.micros("OO1Hot", system, operation);
    }

    /** {@code system}'s hot {@code operation} over plain Java's, with its error and worst fork. */
    HotRatio hotOverJava(String system, String operation) {
        return HotRatio.of(results.one("OO1Hot", system, operation), results.one("OO1Hot", "Java", operation));
    }

    double warm(String system, String operation) {
        return results.micros("OO1Warm", system, operation);
    }

    /** The warm (10th) run over the hot one: how far from resident the warm run still is. */
    double warmOverHot(String system, String operation) {
        return warm(system, operation) / hot(system, operation);
    }

    /** Cold in a fresh JVM: the first iteration of the first fork. */
    double coldFirst(String system, String operation) {
        return results.one("OO1Cold", system, operation).map(JmhResult::firstMicros).orElse(Double.NaN);
    }

    /** Cold store, JIT warm: the later iterations. */
    double coldLater(String system, String operation) {
        return results.one("OO1Cold", system, operation).map(JmhResult::laterMicros).orElse(Double.NaN);
    }

    double updateCommit(String system, double p) {
        return results.micros("OO1Update", system, "updateCommit", "p=" + p);
    }

    Optional<JmhResult> update(String system, double p) {
        return results.one("OO1Update", system, "updateCommit", "p=" + p);
    }

    /** Time inside {@code commit()} per commit, in microseconds. */
    double commitMicros(String system, double p) {
        return update(system, p).map(r -> r.perCommit("commitNanos") / 1e3).orElse(Double.NaN);
    }

    double diffedPerCommit(String system, double p) {
        return update(system, p).map(r -> r.perCommit("objectsDiffed")).orElse(Double.NaN);
    }

    double logBytesPerCommit(String system, double p) {
        return update(system, p).map(r -> r.perCommit("logBytes")).orElse(Double.NaN);
    }

    /** Changed bytes per commit: 8 per part updated, counting a part once (the fewer of records logged and updates). */
    double changedBytesPerCommit(String system, double p) {
        return update(system, p).map(r -> CHANGED_BYTES_PER_PART
            * Math.min(r.perCommit("records"), r.perCommit("updates"))).orElse(Double.NaN);
    }

    double rawWriteForce(double p) {
        return results.micros("RawLogWrite", "", "writeAndForce", "p=" + p);
    }

    double rawBlockBytes(double p) {
        return results.one("RawLogWrite", "", "writeAndForce", "p=" + p)
            .map(r -> r.secondary("bytes") / r.secondary("writes")).orElse(Double.NaN);
    }

    /** The hot update traversal at p = 1 without commit (OO1Barrier), in microseconds. */
    double barrier(String system) {
        return results.micros("OO1Barrier", system, "updateTraversal");
    }

    /** The half-width of the 99.9% interval of {@link #barrierPerStore}, from JMH's errors of both results. */
    double barrierPerStoreError(String system) {
        double a = results.one("OO1Barrier", system, "updateTraversal").map(r -> Units.toMicros(r.error(), r.unit()))
            .orElse(Double.NaN);
        double b = results.one("OO1Barrier", "SwizzleNoBarrier", "updateTraversal")
            .map(r -> Units.toMicros(r.error(), r.unit())).orElse(Double.NaN);
        return Math.sqrt(a * a + b * b) * 1e3 / STORES_PER_UPDATE_TRAVERSAL;
    }

    /** The barrier's cost per field store over {@code SwizzleNoBarrier}, in nanoseconds. */
    double barrierPerStore(String system) {
        return (barrier(system) - barrier("SwizzleNoBarrier")) * 1e3 / STORES_PER_UPDATE_TRAVERSAL;
    }

    /** The fit of transaction time (µs) against traversals per commit for {@code system} at {@code p}. */
    LinearFit slope(String system, double p) {
        List<double[]> points = new ArrayList<>();
        for (JmhResult r : results.find("OO1Slope", system, "transaction", "p=" + p)) {
            if (r.params().get("parts").equals(String.valueOf(smallestSlopeSize()))) {
                points.add(new double[] {r.param("traversals"), r.micros()});
            }
        }
        points.sort((x, y) -> Double.compare(x[0], y[0]));
        return LinearFit.of(points);
    }

    private int smallestSlopeSize() {
        List<Integer> sizes = results.sizes("OO1Slope");
        return sizes.isEmpty() ? 0 : sizes.get(0);
    }

    static double ratio(double a, double b) {
        return a / b;
    }
}
