package org.swizzle.benchmarks.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The OO7 section of the report (OO7BuildCommit, OO7Cold, OO7Hot, OO7Update in
 * {@code org.swizzle.benchmarks.oo7}): per operation, plain Java, Swizzle and EclipseStore side by side
 * with JMH's errors, and what Swizzle's commits logged.
 */
final class OO7Report {

    private static final List<String> SYSTEMS = List.of("Java", "Swizzle", "EclipseStore");

    private final JmhResults results;
    private final OO7Figures f;
    private final Charts charts;

    OO7Report(JmhResults results, Charts charts) {
        this.results = results;
        this.f = new OO7Figures(results);
        this.charts = charts;
    }

    String section() {
        List<Double> connections = new ArrayList<>();
        for (String group : List.of("OO7BuildCommit", "OO7Cold", "OO7Hot", "OO7Update")) {
            results.paramValues(group, "connections").stream().filter(c -> !connections.contains(c)).forEach(connections::add);
        }
        if (connections.isEmpty()) {
            return "";
        }
        connections.sort(Double::compare);
        StringBuilder out = new StringBuilder("## OO7 (small database)\n\n")
            .append("Carey, DeWitt & Naughton's OO7, small configuration: one module with a 100 KB manual and an assembly")
            .append(" tree of 7 levels, fan-out 3 (364 complex, 729 base assemblies); each base assembly uses 3 of 500")
            .append(" composite parts; a composite part has a 2,000-byte document and 20 atomic parts with C connections")
            .append(" each, the first closing a ring. The same model classes run on the heap (Java), enhanced by the agent")
            .append(" (Swizzle, default scheme, commits forced) and in EclipseStore (plain object graph, loaded whole at")
            .append(" start; a `Storer` stores each part T2 changed; not forced). T1 visits 43,740 atomic parts depth")
            .append(" first; T2a, b, c swap x and y of the root part, of every part, of every part 4 times, then commit;")
            .append(" T6 visits the 2,187 root parts; Q1 looks up 10 ids in the module's `HashMap`; Q7 scans its 10,000")
            .append(" parts. Cold: the first iteration of each fork (fresh JVM, open of a fresh copy included; plain Java")
            .append(" has no open); hot: JMH's average time with everything resident. ± is JMH's 99.9% half-width (—")
            .append(" with one sample). A composite part is used by several base assemblies, so T2 swaps a part once per")
            .append(" use: parts swapped an even number of times, and every part in T2c, are back to their committed values")
            .append(" at the commit, and Swizzle, which logs differences, logs nothing for them.\n\n");
        for (double c : connections) {
            out.append(times((int) c)).append(swizzleCommits((int) c));
        }
        String png = charts.bars("oo7-hot", "OO7 hot, C = " + OO7Figures.CONNECTIONS + " (lower is better)", "µs per operation",
            hotSeries());
        if (png != null) {
            out.append("![oo7 hot](").append(png).append(")\n\n");
        }
        return out.toString();
    }

    private String times(int connections) {
        Markdown t = new Markdown("operation", "Java", "Swizzle", "EclipseStore", "Swizzle / Java", "Swizzle / EclipseStore");
        row(t, "build + commit", "OO7BuildCommit", "buildCommit", connections);
        secondaryRow(t, "commit of the build (inside the above)", "OO7BuildCommit", "buildCommit", connections);
        coldRow(t, connections);
        row(t, "T1 hot", "OO7Hot", "t1", connections);
        row(t, "T6 hot", "OO7Hot", "t6", connections);
        row(t, "Q1 hot (10 lookups)", "OO7Hot", "q1", connections);
        row(t, "Q7 hot (scan)", "OO7Hot", "q7", connections);
        for (String variant : List.of("a", "b", "c")) {
            row(t, "T2" + variant + " + commit", "OO7Update", "t2" + variant + "Commit", connections);
            secondaryRow(t, "commit after T2" + variant, "OO7Update", "t2" + variant + "Commit", connections);
        }
        row(t, "read-only T1 + commit", "OO7Hot", "t1Commit", connections);
        secondaryRow(t, "commit after read-only T1", "OO7Hot", "t1Commit", connections);
        return t.isEmpty() ? "" : String.format(Locale.ROOT, "### C = %d connections per atomic part\n\n", connections) + t
            + '\n';
    }

    private String swizzleCommits(int connections) {
        Markdown t = new Markdown("Swizzle commit", "commit()", "objects diffed", "objects compared", "records",
            "log bytes", "collect", "unswizzle", "diff", "write", "force", "apply", "install", "allocated inside", "GC pauses inside",
            "page faults inside", "raw write + force of the same bytes", "commit / raw");
        commitRow(t, "build", "OO7BuildCommit", "buildCommit", connections);
        for (String variant : List.of("a", "b", "c")) {
            commitRow(t, "T2" + variant, "OO7Update", "t2" + variant + "Commit", connections);
        }
        commitRow(t, "read-only T1", "OO7Hot", "t1Commit", connections);
        return t.isEmpty() ? "" : "What Swizzle's commits did, per commit (the store's own counters, and the time of each"
            + " commit phase; the heap the committing thread allocated inside commit(), and the collectors' pauses and"
            + " the thread's page faults there, which the phases include: a first touch of memory costs about 2.4 ms a MB"
            + " on the machines measured; the raw write and force of the build's bytes is made in the same fork after"
            + " each build; — where a counter is not kept):\n\n" + t + '\n';
    }

    private void row(Markdown t, String operation, String group, String benchmark, int connections) {
        List<Object> cells = new ArrayList<>(List.of(operation));
        for (String system : SYSTEMS) {
            cells.add(f.result(group, system, benchmark, connections)
                .map(r -> Units.time(r.micros()) + (Double.isNaN(r.error()) ? "" : " ± " + Units.time(Units.toMicros(r.error(), r.unit()))))
                .orElse("—"));
        }
        addRow(t, cells, system -> results.micros(group, system, benchmark, "connections=" + connections), true);
    }

    /** The time inside {@code commit()}: against EclipseStore's only, plain Java's commit doing nothing. */
    private void secondaryRow(Markdown t, String operation, String group, String benchmark, int connections) {
        List<Object> cells = new ArrayList<>(List.of(operation));
        for (String system : SYSTEMS) {
            cells.add(Units.time(f.commitMicros(group, system, benchmark, connections)));
        }
        addRow(t, cells, system -> f.commitMicros(group, system, benchmark, connections), false);
    }

    private void coldRow(Markdown t, int connections) {
        List<Object> cells = new ArrayList<>(List.of("T1 cold (first iteration, mean over forks)"));
        for (String system : SYSTEMS) {
            cells.add(Units.time(f.coldFirst(system, connections)));
        }
        addRow(t, cells, system -> f.coldFirst(system, connections), true);
    }

    /** Adds the row unless no system was measured, with Swizzle's ratios to the others. */
    private void addRow(Markdown t, List<Object> cells, ToDoubleFunction<String> micros, boolean againstJava) {
        if (cells.stream().skip(1).allMatch("—"::equals)) {
            return;
        }
        double swizzle = micros.applyAsDouble("Swizzle");
        cells.add(againstJava ? Units.ratio(swizzle / micros.applyAsDouble("Java")) : "—");
        cells.add(Units.ratio(swizzle / micros.applyAsDouble("EclipseStore")));
        t.row(cells.toArray());
    }

    private void commitRow(Markdown t, String commit, String group, String benchmark, int connections) {
        f.result(group, "Swizzle", benchmark, connections).ifPresent(r -> {
            double micros = r.perCommit("commitNanos") / 1e3;
            double raw = r.secondary("rawNanos") / r.secondary("rawWrites") / 1e3;
            List<Object> cells = new ArrayList<>(List.of(commit, Units.time(micros)));
            for (String count : List.of("objectsDiffed", "objectsCompared", "records", "logBytes")) {
                cells.add(Units.number(r.perCommit(count)));
            }
            for (String phase : List.of("collectNanos", "unswizzleNanos", "diffNanos", "writeNanos", "forceNanos", "applyNanos",
                "installNanos")) {
                cells.add(Units.time(r.perCommit(phase) / 1e3));
            }
            double allocated = r.perCommit("allocatedBytes");
            cells.add(Double.isNaN(allocated) || allocated < 0 ? "—" : Units.number(allocated / 1e6) + " MB");
            cells.add(Units.time(r.perCommit("pauseNanos") / 1e3));
            double faults = r.perCommit("pageFaults");
            cells.add(faults < 0 ? "—" : Units.number(faults));
            cells.add(Units.time(raw));
            cells.add(Units.ratio(micros / raw));
            t.row(cells.toArray());
        });
    }

    private Map<String, Map<String, Double>> hotSeries() {
        Map<String, Map<String, Double>> series = new LinkedHashMap<>();
        for (String op : List.of("t1", "t6", "q1", "q7")) {
            Map<String, Double> values = new LinkedHashMap<>();
            for (String system : SYSTEMS) {
                values.put(system, results.micros("OO7Hot", system, op, "connections=" + OO7Figures.CONNECTIONS));
            }
            series.put(op.toUpperCase(Locale.ROOT), values);
        }
        return series;
    }
}
