package org.swizzle.benchmarks.report;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A system's hot time over plain Java's, with what says whether it can be trusted: the error, propagated
 * from JMH's 99.9% intervals of both results, and the worst fork (the slowest fork's mean over Java's
 * mean), since a hot figure that depends on how one fork compiled describes a compile, not a design.
 *
 * @param ratio the mean over all forks, over Java's
 * @param error the half-width of the ratio's interval (NaN with one sample)
 * @param worstFork the slowest fork's mean over Java's mean
 * @param forks how many forks the system ran
 */
record HotRatio(double ratio, double error, double worstFork, int forks) {

    static final HotRatio MISSING = new HotRatio(Double.NaN, Double.NaN, Double.NaN, 0);

    /** {@code system} over {@code java}, both present, else {@link #MISSING}. */
    static HotRatio of(Optional<JmhResult> system, Optional<JmhResult> java) {
        if (system.isEmpty() || java.isEmpty()) {
            return MISSING;
        }
        JmhResult s = system.get();
        JmhResult j = java.get();
        double ratio = s.score() / j.score();
        double error = ratio * Math.hypot(s.error() / s.score(), j.error() / j.score());
        double worst = Double.NaN;
        for (List<Double> fork : s.raw()) {
            double mean = fork.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
            worst = Double.isNaN(worst) ? mean : Math.max(worst, mean);
        }
        return new HotRatio(ratio, error, worst / j.score(), s.raw().size());
    }

    /** For the targets table: {@code 1.23 ± 0.04, worst fork 1.30 (3 forks)}. */
    String describe() {
        if (Double.isNaN(ratio)) {
            return "—";
        }
        String interval = Double.isNaN(error) ? "" : String.format(Locale.ROOT, " ± %.2f", error);
        return Units.ratio(ratio) + interval + ", worst fork " + Units.ratio(worstFork) + " (" + forks
            + (forks == 1 ? " fork)" : " forks)");
    }

    /** Passes when the worst fork meets {@code target}: a ratio must not depend on the fork. */
    Verdict verdict(double target) {
        return Verdict.target(Math.max(ratio, worstFork), target, false);
    }
}
