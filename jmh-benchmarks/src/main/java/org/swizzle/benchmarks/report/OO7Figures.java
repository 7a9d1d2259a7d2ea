package org.swizzle.benchmarks.report;

import java.util.Optional;

/**
 * The OO7 figures the report's section and targets read from the results: one result per group, system,
 * operation and connections per part, per-commit counters, the cold first iterations, and the ratios the
 * OO7 targets are judged on (at {@value #CONNECTIONS} connections per part). NaN where something is missing.
 */
final class OO7Figures {

    /** The connections per atomic part the targets are judged at. */
    static final int CONNECTIONS = 3;

    private final JmhResults results;

    OO7Figures(JmhResults results) {
        this.results = results;
    }

    Optional<JmhResult> result(String group, String system, String benchmark, int connections) {
        return results.one(group, system, benchmark, "connections=" + connections);
    }

    /** Time inside {@code commit()} per commit, in microseconds. */
    double commitMicros(String group, String system, String benchmark, int connections) {
        return result(group, system, benchmark, connections).map(r -> r.perCommit("commitNanos") / 1e3).orElse(Double.NaN);
    }

    /** The mean of the first iteration of every fork of OO7Cold's T1, in microseconds. */
    double coldFirst(String system, int connections) {
        return result("OO7Cold", system, "t1", connections).map(r -> r.raw().stream().filter(f -> !f.isEmpty())
            .mapToDouble(f -> Units.toMicros(f.get(0), r.unit())).average().orElse(Double.NaN)).orElse(Double.NaN);
    }

    /** Hot T1, Swizzle over plain Java. */
    HotRatio t1HotOverJava() {
        return HotRatio.of(results.one("OO7Hot", "Swizzle", "t1", "connections=" + CONNECTIONS),
            results.one("OO7Hot", "Java", "t1", "connections=" + CONNECTIONS));
    }

    /** Swizzle's bytes logged per commit after a read-only T1. */
    double readOnlyLogBytes() {
        return result("OO7Hot", "Swizzle", "t1Commit", CONNECTIONS).map(r -> r.perCommit("logBytes")).orElse(Double.NaN);
    }

    /** Swizzle's time inside the commit after a read-only T1, in milliseconds. */
    double readOnlyCommitMillis() {
        return commitMicros("OO7Hot", "Swizzle", "t1Commit", CONNECTIONS) / 1e3;
    }

    /** T2b and its commit, Swizzle over EclipseStore. */
    double t2bOverEclipseStore() {
        return results.micros("OO7Update", "Swizzle", "t2bCommit", "connections=" + CONNECTIONS)
            / results.micros("OO7Update", "EclipseStore", "t2bCommit", "connections=" + CONNECTIONS);
    }

    /** The commit alone after T2b, Swizzle over EclipseStore. */
    double t2bCommitOverEclipseStore() {
        return commitMicros("OO7Update", "Swizzle", "t2bCommit", CONNECTIONS)
            / commitMicros("OO7Update", "EclipseStore", "t2bCommit", CONNECTIONS);
    }

    /** Swizzle's build commit over the raw write and force of the bytes it logged, in the same fork. */
    double buildCommitOverRaw() {
        return result("OO7BuildCommit", "Swizzle", "buildCommit", CONNECTIONS)
            .map(r -> r.secondary("commitNanos") / r.secondary("commits") / (r.secondary("rawNanos") / r.secondary("rawWrites")))
            .orElse(Double.NaN);
    }
}
