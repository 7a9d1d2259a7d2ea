package org.swizzle.benchmarks.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The OO1 lookup and traversals cold, warm and hot (OO1Cold, OO1Warm, OO1Hot), per database size:
 * plain Java and every Swizzle scheme in the form of Hosking &amp; Moss's Tables 2-4, the swizzling
 * schemes against the peers in the form of White &amp; DeWitt's Tables 1-3, and bar charts of both.
 */
final class ReadTables {

    private static final List<String> OPERATIONS = List.of("lookup", "traversal", "reverse");
    private static final Map<String, String> PEER_SWIZZLING = Map.of(
        "H2", "none: a map get and a decode per part visited",
        "EclipseStore", "lazy references, loaded by Lazy.get()",
        "ChronicleMap", "none: a map get and a decode per part visited");

    private final JmhResults results;
    private final Charts charts;

    ReadTables(JmhResults results, Charts charts) {
        this.results = results;
        this.charts = charts;
    }

    String section() {
        TreeSet<Integer> sizes = new TreeSet<>();
        for (String g : List.of("OO1Hot", "OO1Warm", "OO1Cold")) {
            sizes.addAll(results.sizes(g));
        }
        if (sizes.isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder("## OO1 lookup and traversals: cold, warm, hot\n\n")
            .append("Cold (fresh JVM): the first iteration of a fork, open included; cold (later iterations): the same")
            .append(" on a fresh copy of the files in the same JVM, its JIT partly warm; warm: the 10th run after an")
            .append(" open, each run from a new random start; hot: the warm run repeated with everything resident.")
            .append(" Times per operation (1,000 lookups; one traversal of 3,280 visits). — where a system was not")
            .append(" measured. Each hot iteration's setup makes what the operations touch resident through fields")
            .append(" they never read (a part's build, a connection's length), so that no fault enters the profile of")
            .append(" the accessors measured: warm-up faults there made the compiled code depend on when C2 compiled")
            .append(" it, and the hot lookup took 1.8 or 2.9 µs by fork. A fault is reached through a method handle")
            .append(" that is not a constant, which C2 does not inline (the integration test InliningTest reads the")
            .append(" hot method's inlining tree). The targets table gives each hot ratio's error and its worst fork.\n\n");
        for (int size : sizes) {
            out.append(faultingSchemes(size)).append(swizzlingSchemes(size)).append(charts(size));
        }
        return out.toString();
    }

    /** Hosking &amp; Moss Tables 2 (lookup), 3 (traversal) and 4 (hot per traversal): every scheme but the peers. */
    private String faultingSchemes(int size) {
        StringBuilder out = new StringBuilder();
        for (String op : OPERATIONS) {
            Markdown t = new Markdown("system", "swizzle · fault · checks", "H&M's nearest", "cold (fresh JVM)",
                "cold (later iterations)", "warm", "hot", "hot / Java", "warm / hot");
            for (String system : Report.ORDER) {
                if (Figures.PEERS.contains(system)) {
                    continue;
                }
                scheme(system).ifPresent(s -> times(system, op, size).ifPresent(x -> t.row(system, s.label(),
                    s.hoskingMoss(), Units.time(x.coldFirst), Units.time(x.coldLater), Units.time(x.warm),
                    Units.time(x.hot), Units.ratio(x.hot / hot("Java", op, size)), Units.ratio(x.warm / x.hot))));
            }
            if (!t.isEmpty()) {
                out.append(String.format(Locale.ROOT, "#### %s%s\n\n", op, switch (op) {
                    case "lookup" -> " (Table 2)";
                    case "traversal" -> " (Tables 3 and 4)";
                    default -> "";
                })).append(t).append('\n');
            }
        }
        return out.isEmpty() ? "" : String.format(Locale.ROOT,
            "### Faulting schemes, %,d parts (Hosking & Moss Tables 2-4)\n\n", size) + "One row per fork, its agent options read from its `-javaagent` argument. H&M's nearest names their"
            + " variant: FB fault blocks (our node marking), ID tagged OIDs never replaced by pointers (our no swizzling),"
            + " OBJ, LSEG, PSEG one object, logical segment, physical segment (our cluster) per fault; their Smalltalk"
            + " checked residency at method invocation, as `checks=entry` does. Their Table 4 is the hot traversal"
            + " (its slope per traversal, for the barrier schemes, is in the section on per-traversal cost). warm / hot"
            + " near plain Java's means the warm run no longer faults (Java's own is the excess of one run with cold"
            + " caches).\n\n" + out;
    }

    /** White &amp; DeWitt Tables 1-3: plain Java (their C), the swizzling schemes and the peers. */
    private String swizzlingSchemes(int size) {
        StringBuilder out = new StringBuilder();
        for (String op : List.of("traversal", "lookup", "reverse")) {
            Markdown t = new Markdown("system", "swizzling", "W&D's nearest", "cold (fresh JVM)", "cold (later iterations)",
                "warm", "hot", "hot / Java", "hot / no swizzling");
            List<String> systems = new ArrayList<>(List.of("Java"));
            systems.addAll(Figures.SWIZZLING_SCHEMES);
            systems.addAll(Figures.PEERS);
            for (String system : systems) {
                Optional<Scheme> scheme = scheme(system);
                times(system, op, size).ifPresent(x -> t.row(system,
                    PEER_SWIZZLING.getOrDefault(system, scheme.map(Scheme::swizzling).orElse("—")),
                    scheme.filter(s -> !PEER_SWIZZLING.containsKey(system)).map(Scheme::whiteDeWitt).orElse("—"),
                    Units.time(x.coldFirst), Units.time(x.coldLater), Units.time(x.warm), Units.time(x.hot),
                    Units.ratio(x.hot / hot("Java", op, size)), Units.ratio(x.hot / hot("SwizzleNone", op, size))));
            }
            if (!t.isEmpty()) {
                out.append(String.format(Locale.ROOT, "#### %s%s\n\n", op, op.equals("traversal") ? " (Tables 1-3)" : ""))
                    .append(t).append('\n');
            }
        }
        return out.isEmpty() ? "" : String.format(Locale.ROOT,
            "### Swizzling schemes and the peers, %,d parts (White & DeWitt Tables 1-3)\n\n", size)
            + "Their versions on one page: C (non-persistent, here plain Java), PC1M (EPVM 2.0 swizzling upon"
            + " discovery: our edge marking) and PC1M-NO (the same without swizzling: our `swizzle=none`); their Tables"
            + " 1-2 are cold and warm, Table 3 hot. The peers look parts up by id and decode them (H2, Chronicle Map)"
            + " or follow lazy references (EclipseStore). hot / no swizzling is against SwizzleNone.\n\n" + out;
    }

    private String charts(int size) {
        StringBuilder out = new StringBuilder();
        String hot = charts.bars("hot-" + size, String.format(Locale.ROOT, "OO1 hot, %,d parts (lower is better)", size),
            "µs per operation", seriesBySystem("OO1Hot", size));
        if (hot != null) {
            out.append("![hot](").append(hot).append(")\n\n");
        }
        String warm = charts.bars("warm-" + size, String.format(Locale.ROOT, "OO1 warm (10th run), %,d parts", size),
            "µs per operation", seriesBySystem("OO1Warm", size));
        if (warm != null) {
            out.append("![warm](").append(warm).append(")\n\n");
        }
        return out.toString();
    }

    /** Per operation, every system of {@code group} in the report's order: its time, NaN where it was not measured. */
    private Map<String, Map<String, Double>> seriesBySystem(String group, int size) {
        Map<String, Map<String, Double>> series = new LinkedHashMap<>();
        for (String op : OPERATIONS) {
            Map<String, Double> values = new LinkedHashMap<>();
            for (String system : results.systems(group, Report.ORDER)) {
                values.put(system, at(group, system, op, size).map(JmhResult::micros).orElse(Double.NaN));
            }
            if (values.values().stream().anyMatch(v -> !Double.isNaN(v))) {
                series.put(op, values);
            }
        }
        return series;
    }

    /** Cold, warm and hot of one system and operation in µs (NaN where not measured); empty if none was. */
    private record Times(double coldFirst, double coldLater, double warm, double hot) {
    }

    private Optional<Times> times(String system, String op, int size) {
        Optional<JmhResult> cold = at("OO1Cold", system, op, size);
        Times x = new Times(cold.map(JmhResult::firstMicros).orElse(Double.NaN),
            cold.map(JmhResult::laterMicros).orElse(Double.NaN),
            at("OO1Warm", system, op, size).map(JmhResult::micros).orElse(Double.NaN), hot(system, op, size));
        return Double.isNaN(x.coldFirst) && Double.isNaN(x.warm) && Double.isNaN(x.hot) ? Optional.empty() : Optional.of(x);
    }

    /** The agent options of {@code system}'s OO1 forks, if it ran any. */
    private Optional<Scheme> scheme(String system) {
        return results.all().stream().filter(r -> r.group().startsWith("OO1") && r.system().equals(system)).findFirst()
            .map(r -> Scheme.of(r.jvmArgs()));
    }

    private double hot(String system, String op, int size) {
        return at("OO1Hot", system, op, size).map(JmhResult::micros).orElse(Double.NaN);
    }

    private Optional<JmhResult> at(String group, String system, String op, int size) {
        return results.one(group, system, op, "parts=" + size);
    }
}
