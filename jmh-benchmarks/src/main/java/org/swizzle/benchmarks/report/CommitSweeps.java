package org.swizzle.benchmarks.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The commit sweep (commit.CommitSweep): commit time at a fixed number of changed objects against the
 * number of resident ones, per barrier scheme, with a least-squares slope against the resident set and
 * whether the commit stays flat (at the largest resident set within {@link #FLAT} times the smallest) or
 * grows, and in which phase. The times are without forcing the log: commit CPU, not the disk.
 */
final class CommitSweeps {

    static final String GROUP = "CommitSweep";
    /** The most a flat commit may grow from the smallest resident set to the largest. */
    static final double FLAT = 1.5;
    private static final List<String> PHASES = List.of("collect", "unswizzle", "diff", "write", "force", "apply", "install");

    private final JmhResults results;
    private final Charts charts;

    /** {@code charts} may be null when only {@link #growth} is wanted. */
    CommitSweeps(JmhResults results, Charts charts) {
        this.results = results;
        this.charts = charts;
    }

    /**
     * How commit time (no force) changes from the smallest resident set to the largest for {@code system}.
     *
     * @param ratio time at the largest over time at the smallest (NaN without both)
     * @param error the ratio's approximate half-width, from JMH's errors of both (NaN where JMH gave none)
     * @param slope the least-squares slope over every size measured, in nanoseconds per resident object
     * @param phase the phase whose time per commit grew most from the smallest resident set to the largest, and by how much
     */
    record Growth(double ratio, double error, double slope, String phase) {

        Verdict verdict() {
            return Verdict.target(ratio, Double.isNaN(error) ? 0 : error, FLAT);
        }

        /** The ratio, with its error where JMH gave both results one. */
        String text() {
            return Double.isNaN(ratio) ? "—" : Units.ratio(ratio) + (Double.isNaN(error) ? "" : " ± " + Units.ratio(error));
        }

        String word() {
            return switch (verdict()) {
                case PASS -> "flat";
                case FAIL -> "grows";
                case INCONCLUSIVE -> "inconclusive (within the error)";
                default -> "—";
            };
        }
    }

    Growth growth(String system) {
        List<Double> sizes = results.paramValues(GROUP, "resident");
        if (sizes.size() < 2) {
            return new Growth(Double.NaN, Double.NaN, Double.NaN, "");
        }
        Optional<JmhResult> small = result(system, sizes.get(0));
        Optional<JmhResult> large = result(system, sizes.get(sizes.size() - 1));
        if (small.isEmpty() || large.isEmpty()) {
            return new Growth(Double.NaN, Double.NaN, Double.NaN, "");
        }
        double a = noForce(small.get());
        double b = noForce(large.get());
        double ratio = b / a;
        double error = ratio * Math.hypot(relativeError(small.get()), relativeError(large.get()));
        List<double[]> points = new ArrayList<>();
        for (double size : sizes) {
            result(system, size).ifPresent(r -> points.add(new double[] {size, noForce(r)}));
        }
        String phase = "none grew";
        double most = 0;
        for (String p : PHASES) {
            double grew = phaseMicros(large.get(), p) - phaseMicros(small.get(), p);
            if (grew > most) {
                most = grew;
                phase = p + " +" + Units.time(grew);
            }
        }
        return new Growth(ratio, error, LinearFit.of(points).b() * 1e3, phase);
    }

    String section() {
        List<Double> sizes = results.paramValues(GROUP, "resident");
        List<String> systems = results.systems(GROUP, Report.ORDER);
        if (sizes.isEmpty() || systems.isEmpty()) {
            return "";
        }
        List<String> header = new ArrayList<>(List.of("scheme"));
        sizes.forEach(r -> header.add(String.format(Locale.ROOT, "R = %,d", r.longValue())));
        header.addAll(List.of("slope (ns per resident object)", "largest / smallest R", "verdict", "phase that grew most"));
        Markdown times = new Markdown(header.toArray(new String[0]));
        Markdown phases = new Markdown("scheme", "R", "commit (no force)", "collect", "unswizzle", "diff", "write", "force",
            "apply", "install", "marks", "candidates", "objects diffed", "objects compared", "log bytes");
        Map<String, List<double[]>> chart = new LinkedHashMap<>();
        for (String system : systems) {
            List<Object> row = new ArrayList<>(List.of(system));
            List<double[]> points = new ArrayList<>();
            for (double size : sizes) {
                Optional<JmhResult> found = result(system, size);
                row.add(found.map(r -> Units.time(noForce(r)) + (Double.isNaN(error(r)) ? "" : " ± " + Units.time(error(r))))
                    .orElse("—"));
                found.ifPresent(r -> {
                    points.add(new double[] {size, noForce(r)});
                    phases.row(system, Units.number(size), Units.time(noForce(r)), Units.time(phaseMicros(r, "collect")),
                        Units.time(phaseMicros(r, "unswizzle")), Units.time(phaseMicros(r, "diff")),
                        Units.time(phaseMicros(r, "write")), Units.time(phaseMicros(r, "force")),
                        Units.time(phaseMicros(r, "apply")), Units.time(phaseMicros(r, "install")),
                        Units.number(r.perCommit("marks")),
                        Units.number(r.perCommit("candidates")), Units.number(r.perCommit("objectsDiffed")),
                        Units.number(r.perCommit("objectsCompared")), Units.number(r.perCommit("logBytes")));
                });
            }
            Growth growth = growth(system);
            row.add(Units.number(growth.slope()));
            row.add(growth.text());
            row.add(growth.word());
            row.add(growth.phase().isEmpty() ? "—" : growth.phase());
            times.row(row.toArray());
            chart.put(system, points);
        }
        String png = charts == null ? null : charts.lines("commit-sweep", "Commit time (no force) against the resident set, "
            + dirty() + " objects changed", "resident objects", "µs per commit", true, true, chart);
        return "## Commit time against the resident set\n\n"
            + "Commit CPU should grow with the objects changed, not with those resident (commit.CommitSweep): R objects"
            + " of one class, scalars and a reference each, are faulted in after the store is reopened; each operation"
            + " changes a field of " + dirty() + " of them, chosen at random, and commits. Every fork but SwizzleSync"
            + " commits with `Durability.NO_SYNC`; times are per commit, the time forcing the log subtracted (± JMH's"
            + " 99.9% error of the commit). The slope is a least-squares line through every R; flat means the commit"
            + " at the largest R is within " + FLAT + "× the smallest (the ratio's error is approximate); the last"
            + " column names the phase whose time per commit grew most from the smallest R to the largest.\n\n" + times + (png == null ? "" : "\n![commit sweep](" + png + ")\n")
            + "\nPer commit, by phase (the store's counters): marks are the dirty cards, remembered or dirty-bit objects"
            + " the commit found; candidates the objects they stand for, each unswizzled and diffed; objects compared"
            + " are watched objects (arrays or collections that can change without a barrier), none in this model.\n\n"
            + phases;
    }

    private Optional<JmhResult> result(String system, double resident) {
        return results.one(GROUP, system, "commit", "resident=" + resident);
    }

    private String dirty() {
        List<Double> dirty = results.paramValues(GROUP, "dirty");
        return dirty.isEmpty() ? "?" : Units.number(dirty.get(0));
    }

    /** Microseconds per commit, the time forcing the log left out. */
    private static double noForce(JmhResult r) {
        return r.micros() - phaseMicros(r, "force");
    }

    private static double phaseMicros(JmhResult r, String phase) {
        return r.perCommit(phase + "Nanos") / 1e3;
    }

    private static double error(JmhResult r) {
        return Double.isNaN(r.error()) ? Double.NaN : Units.toMicros(r.error(), r.unit());
    }

    private static double relativeError(JmhResult r) {
        return error(r) / r.micros();
    }
}
