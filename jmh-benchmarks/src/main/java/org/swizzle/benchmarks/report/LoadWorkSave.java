package org.swizzle.benchmarks.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

import org.swizzle.benchmarks.lws.TreeShape;

/**
 * Moss's load-work-save cost model ("To swizzle or not to swizzle", sections 4-6) fitted to the
 * {@code lws.LwsSession} results: per scheme, multiple regressions across the collections (per
 * object, weighted for relative error) of load + unchanged save against bytes, slots and initialized
 * slots, of work per visit against the bytes and slots read, and of the updating save against the
 * updated bytes and slots; printed as his Table 12, with the visits that repay the load cost in the
 * form of his Tables 18-19 against {@code SwizzleNone}, his no-swizzling NS, where it was measured.
 */
final class LoadWorkSave {

    static final String GROUP = "LwsSession";
    /** Moss's NS: the scheme that does not swizzle. */
    static final String NO_SWIZZLING = "SwizzleNone";

    private final JmhResults results;

    LoadWorkSave(JmhResults results) {
        this.results = results;
    }

    /** One measured session: the collection and its phases in microseconds. */
    private record Session(TreeShape shape, double visits, double open, double load, double work, double oldSave,
                           double updateSave, double updated) {

        static Session of(JmhResult r) {
            double sessions = r.secondary("sessions");
            return new Session(TreeShape.of(r.params().get("collection")), r.param("visits"),
                micros(r, "openNanos", sessions), micros(r, "loadNanos", sessions), micros(r, "workNanos", sessions),
                micros(r, "oldSaveNanos", sessions), micros(r, "updateSaveNanos", sessions),
                r.secondary("updated") / sessions);
        }

        private static double micros(JmhResult r, String name, double sessions) {
            return r.secondary(name) / sessions / 1e3;
        }

        /** The fraction of objects the session updated. */
        double fraction() {
            return updated / shape.n();
        }
    }

    /** Moss's parameters for one scheme, each fit's coefficients in µs per unit. */
    private record Model(String scheme, boolean persistent, LinearFit.Multiple move, LinearFit.Multiple visit,
                         LinearFit.Multiple update, double open) {

        double v() {
            return visit.coefficient(0);
        }

        /** Whether the visit and load fits gave values (they need more collections than coefficients). */
        boolean fitted() {
            return !Double.isNaN(v()) && !Double.isNaN(move.coefficient(0));
        }
    }

    String section() {
        List<String> schemes = results.systems(GROUP, Report.ORDER);
        if (schemes.isEmpty()) {
            return "";
        }
        List<Model> models = new ArrayList<>();
        for (String scheme : schemes) {
            models.add(model(scheme, sessions(scheme)));
        }
        StringBuilder out = new StringBuilder("## Moss's load-work-save sessions: cost model\n\n");
        out.append("Moss 1992, sections 4-5: binary trees of his series (VS, VB, VH, VN, SI, BI, II, WS, WB; see")
            .append(" `lws.TreeShape`), heights scaled to this machine (12-16, VH and VN up to 18 in full mode). Each")
            .append(" session opens a fresh copy of the stored tree, loads it (a traversal faults every node), works")
            .append(" (v visits of every node: count null extra slots, sum bytes and integers), saves it unchanged")
            .append(" (a commit) and saves again after updating a fraction u. Collections measured: ")
            .append(collections()).append(". b counts slots at 4 bytes, as the paper does. In his terms: Swizzle is")
            .append(" lazy copy swizzling (LCS: a fault fills a Java object from the store's bytes; node marking),")
            .append(" SwizzleEager eager copy swizzling (ECS, though a fault here makes resident what the faulted node")
            .append(" refers to, one level, not the whole collection in advance), SwizzleEdge lazy swizzling by edge")
            .append(" marking (his section 4, not measured there), SwizzleNone not swizzling (NS), Java non-persistent")
            .append(" C (NPC).\n\n");
        out.append(table12(models)).append('\n');
        out.append(breakEven(models)).append('\n');
        out.append(perCollection(schemes));
        return out.toString();
    }

    private String collections() {
        return results.all().stream().filter(r -> r.group().equals(GROUP)).map(r -> r.params().get("collection"))
            .distinct().sorted().reduce((a, b) -> a + ", " + b).orElse("none")
            + " (v = " + String.join(", ", paramValues("visits")) + "; u = " + String.join(", ", paramValues("u"))
            + ")";
    }

    private List<String> paramValues(String name) {
        return results.all().stream().filter(r -> r.group().equals(GROUP)).map(r -> r.params().get(name)).distinct()
            .sorted().toList();
    }

    private List<Session> sessions(String scheme) {
        return results.all().stream().filter(r -> r.group().equals(GROUP) && r.system().equals(scheme))
            .filter(r -> r.secondary("sessions") > 0).map(Session::of)
            .sorted(Comparator.comparing((Session s) -> s.shape().name())).toList();
    }

    private static Model model(String scheme, List<Session> sessions) {
        boolean persistent = sessions.stream().anyMatch(s -> s.load() > 0);
        List<double[]> move = new ArrayList<>();
        List<double[]> visit = new ArrayList<>();
        List<double[]> update = new ArrayList<>();
        double open = 0;
        for (Session s : sessions) {
            // per object, as Moss fits Tables 5-6 and 10: the constant of each fit is the per-object (per-visit)
            // parameter, and a fixed cost per session appears as the coefficient of 1/n
            TreeShape t = s.shape();
            double n = t.n();
            move.add(new double[] {t.nb() / n, t.np() / n, t.ni() / n, 1 / n, (s.load() + s.oldSave()) / n});
            visit.add(new double[] {t.payloadBytes() / n, t.extraSlots() / n, s.work() / (n * s.visits())});
            double updated = n * s.fraction();
            if (updated > 0) {
                update.add(new double[] {t.nb() / n, t.np() / n, 1 / updated, (s.updateSave() - s.oldSave()) / updated});
            }
            open += s.open() / sessions.size();
        }
        return new Model(scheme, persistent, LinearFit.relative(persistent ? move : List.of(), 4),
            LinearFit.relative(visit, 2), LinearFit.relative(update, 3), open);
    }

    private static String table12(List<Model> models) {
        List<String> header = new ArrayList<>(List.of("parameter", "meaning", "unit"));
        models.forEach(m -> header.add(m.scheme()));
        Markdown t = new Markdown(header.toArray(new String[0]));
        row(t, models, "MB", "load + unchanged save, per user byte", "ns/byte", Model::move, 1, true);
        row(t, models, "MO", "load + unchanged save, per object", "ns/object", Model::move, 0, true);
        row(t, models, "MS", "load + unchanged save, per slot", "ns/slot", Model::move, 2, true);
        row(t, models, "MI", "load + unchanged save, per initialized slot (swizzling)", "ns/slot", Model::move, 3, true);
        row(t, models, "V", "work: per object visit (no work)", "ns/visit", Model::visit, 0, false);
        row(t, models, "UB", "updating save, per updated byte", "ns/byte", Model::update, 1, false);
        row(t, models, "UO", "updating save, per updated object", "ns/object", Model::update, 0, false);
        row(t, models, "US", "updating save, per updated slot", "ns/slot", Model::update, 2, false);
        row(t, models, "(w bytes)", "work: reading one byte (Moss's Table 6)", "ns/byte", Model::visit, 1, false);
        row(t, models, "(w slots)", "work: reading one extra slot (Table 6)", "ns/slot", Model::visit, 2, false);
        row(t, models, "(M const)", "load + unchanged save: fixed cost per session (after the open)", "µs",
            Model::move, -4, true);
        row(t, models, "(U const)", "updating save: fixed cost per commit (the log force)", "µs", Model::update, -3, false);
        List<Object> open = new ArrayList<>(List.of("(open)", "opening the store, mean per session", "µs"));
        models.forEach(m -> open.add(m.persistent() ? Units.number(m.open()) : "—"));
        t.row(open.toArray());
        List<Object> r2 = new ArrayList<>(List.of("r²", "of the M, V and U fits (per object, unweighted)", ""));
        models.forEach(m -> r2.add((m.persistent() ? Units.ratio(m.move().r2()) : "—") + ", "
            + Units.ratio(m.visit().r2()) + ", " + Units.ratio(m.update().r2())));
        t.row(r2.toArray());
        return "### Table 12: load-work-save parameter values\n\n"
            + "Least squares over the collections of Moss's equations, divided by the objects concerned (as his Tables"
            + " 5, 6 and 10 fit time per object) and weighted for relative error, so that every collection weighs"
            + " alike: time(load + unchanged save)"
            + " = MB·nb + MO·n + MS·np + MI·ni + fixed; time(work) = V·nv + (w per byte)·(bytes read) + (w per"
            + " slot)·(slots read); time(updating save) − time(unchanged save) = UB·nbu + UO·nu + US·npu + fixed."
            + " Values in ns"
            + " (the paper's are µs on a 16.67 MHz MIPS), ± one standard error (— when the collections measured do"
            + " not separate a parameter). UI is omitted as in the paper. Plain Java is the non-persistent baseline"
            + " (Moss's NPC): it loads and saves nothing, so only V and the update work are measured; its U row is"
            + " the in-memory update alone.\n\n" + t;
    }

    /** A row of coefficient {@code index} of each scheme's fit, µs per unit shown in ns; if negative, −index in µs. */
    private static void row(Markdown t, List<Model> models, String name, String meaning, String unit,
                            Function<Model, LinearFit.Multiple> fit, int index, boolean storedOnly) {
        List<Object> row = new ArrayList<>(List.of(name, meaning, unit));
        for (Model m : models) {
            if (storedOnly && !m.persistent()) {
                row.add("—");
                continue;
            }
            LinearFit.Multiple f = fit.apply(m);
            int j = Math.abs(index);
            double scale = index < 0 ? 1 : 1e3;
            row.add(withError(f.coefficient(j) * scale, f.error(j) * scale));
        }
        t.row(row.toArray());
    }

    private static String withError(double value, double error) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return "—";
        }
        return Units.number(value) + (Double.isNaN(error) ? "" : " (±" + Units.number(error) + ")");
    }

    private static String breakEven(List<Model> models) {
        Model ns = models.stream().filter(m -> m.persistent() && m.fitted() && m.scheme().equals(NO_SWIZZLING)).findFirst()
            .orElse(null);
        Markdown t = new Markdown("scheme", "pointers", "V_NS − V_S (ns)", "c (visits)", "a (visits per byte)", "b = 20",
            "b = 40", "b = 100", "b = 200");
        double javaV = Double.NaN;
        for (Model m : models) {
            if (!m.persistent()) {
                javaV = m.v();
            }
        }
        StringBuilder overheads = new StringBuilder();
        List<String> unfitted = new ArrayList<>();
        for (Model m : models) {
            if (!m.persistent()) {
                continue;
            }
            if (!m.fitted()) {
                unfitted.add(m.scheme());
                continue;
            }
            overheads.append(String.format(Locale.ROOT, "%s V = %s ns against Java's %s ns (%s); ", m.scheme(),
                Units.number(m.v() * 1e3), Units.number(javaV * 1e3), Units.ratio(m.v() / javaV)));
            if (m == ns) {
                continue;
            }
            // Δ = swizzling minus not swizzling; without a measured NS, one that loads for free and visits at 2 V_S
            double mo = delta(m, ns, 0);
            double mb = delta(m, ns, 1);
            double ms = delta(m, ns, 2);
            double mi = delta(m, ns, 3);
            double dv = !(m.v() > 0) || ns != null && !(ns.v() > 0) ? Double.NaN : ns == null ? m.v() : ns.v() - m.v();
            // fixed: 2 initialized pointers in 2.5 slots per object; varying: 25% of user bytes slots, 20% initialized
            addBreakEven(t, m.scheme(), "fixed (Table 18)", dv, mo + 2.5 * ms + 2 * mi, mb);
            addBreakEven(t, m.scheme(), "varying (Table 19)", dv, mo, mb + ms / 16 + mi / 20);
        }
        if (t.isEmpty() && unfitted.isEmpty()) {
            return "";
        }
        String ours = (unfitted.isEmpty() ? "" : " Left out, their fits giving no value (too few collections measured): "
            + String.join(", ", unfitted) + ".") + " Against plain Java no number of visits repays anything: Java"
            + " loads nothing and a Swizzle visit carries a residency check: "
            + overheads.toString().replaceAll("; $", "") + ".\n\n" + (t.isEmpty() ? "" : t);
        String form = "### Tables 18-19 form: visits to repay the load cost\n\n"
            + "Moss's break-even visits are v = c + a·b with c = Δ(per-object load and save cost) / (V_NS − V_S) and"
            + " a = Δ(per-byte cost) / (V_NS − V_S), Δ being swizzling minus not swizzling, from the Table 12 fits:"
            + " fixed pointers (Table 18) count 2 initialized pointers in 2.5 slots per object, varying (Table 19) 25%"
            + " of the user bytes as slots and 20% as initialized pointers.";
        if (ns != null) {
            return form + " NS is `SwizzleNone` (`swizzle=none`: `left` and `right` keep OIDs and every load of one"
                + " looks it up in the resident table), measured in this run. Under"
                + " `none` the extra slots, an array, are swizzled when their node faults, as under `node`: MS and MI"
                + " are not no-swizzling costs here, and the Δs of slots mostly cancel. v ≤ 0 shows as 0 (the scheme"
                + " loads and saves for no more than NS and is ahead before any visit); \"never\" when its visits"
                + " cost no less than NS's (V_NS ≤ V_S), so no number of visits repays a higher load cost." + ours;
        }
        boolean measured = models.stream().anyMatch(m -> m.scheme().equals(NO_SWIZZLING));
        return form + " **The no-swizzle side was not measured in this run** (" + (measured
            ? "`SwizzleNone`'s sessions gave no fit" : "no `SwizzleNone` sessions") + "), so neither"
            + " NS's load costs nor V_NS exist. What the data gives is the numerator: the table states each scheme's"
            + " whole load + unchanged-save cost per object (c) and per byte (a) in units of its own visit V_S, i.e."
            + " the break-even against a no-swizzle scheme that loads for free and whose lookup doubles the cost of a"
            + " visit (V_NS = 2 V_S): an upper bound, since any NS pays something to load. Run `SwizzleNone` beside"
            + " it for the measured break-even. A row of — means the fit gave no positive V (too noisy sessions)."
            + ours;
    }

    /** Coefficient {@code index} of the move fit of {@code m} minus that of {@code ns} (zero when there is none). */
    private static double delta(Model m, Model ns, int index) {
        return m.move().coefficient(index) - (ns == null ? 0 : ns.move().coefficient(index));
    }

    /** A row of break-even visits for per-object and per-byte differences {@code dObject}, {@code dByte} (µs). */
    private static void addBreakEven(Markdown t, String scheme, String pointers, double dv, double dObject, double dByte) {
        boolean repays = dv > 0;
        List<Object> row = new ArrayList<>(List.of(scheme, pointers, Units.number(dv * 1e3),
            repays ? Units.number(dObject / dv) : "—", repays ? Units.ratio(dByte / dv) : "—"));
        for (int b : new int[] {20, 40, 100, 200}) {
            double cost = dObject + dByte * b;
            if (Double.isNaN(cost) || Double.isNaN(dv)) {
                row.add("—");
            } else if (cost <= 0) {
                row.add("0");
            } else {
                row.add(repays ? Units.number(cost / dv) : "never");
            }
        }
        t.row(row.toArray());
    }

    /**
     * Moss's lazy against eager swizzling (his Table 14 compares MB, MO and V: load and visits): the load
     * + work of {@code scheme} over that of {@code baseline}, each summed over the collections both measured.
     *
     * @return {load + work, load alone, work alone, collections in common}; NaN ratios if none are in common
     */
    double[] loadWorkRatios(String scheme, String baseline) {
        double[] sums = new double[4];
        int common = 0;
        for (Session s : sessions(scheme)) {
            for (Session b : sessions(baseline)) {
                if (b.shape().name().equals(s.shape().name()) && b.visits() == s.visits() && s.load() > 0 && b.load() > 0) {
                    sums[0] += s.load();
                    sums[1] += s.work();
                    sums[2] += b.load();
                    sums[3] += b.work();
                    common++;
                }
            }
        }
        if (common == 0) {
            return new double[] {Double.NaN, Double.NaN, Double.NaN, 0};
        }
        return new double[] {(sums[0] + sums[1]) / (sums[2] + sums[3]), sums[0] / sums[2], sums[1] / sums[3], common};
    }

    private String perCollection(List<String> schemes) {
        Markdown t = new Markdown("collection", "scheme", "n", "b", "p", "i", "open", "load", "work", "unchanged save",
            "update + save");
        for (String scheme : schemes) {
            for (Session s : sessions(scheme)) {
                TreeShape shape = s.shape();
                double n = shape.n();
                t.row(shape.name(), scheme, String.format(Locale.ROOT, "%,d", shape.n()), Units.number(shape.nb() / n),
                    Units.number(shape.np() / n), Units.number(shape.ni() / n), time(s, Session::open),
                    time(s, Session::load), Units.time(s.work()), time(s, Session::oldSave), Units.time(s.updateSave()));
            }
        }
        return "### The sessions measured\n\nPer session (mean over the measured iterations); b, p and i per object"
            + " (Moss's Table 2). Plain Java's update + save is the in-memory update alone.\n\n" + t;
    }

    private static String time(Session s, ToDoubleFunction<Session> phase) {
        double micros = phase.applyAsDouble(s);
        return s.load() > 0 ? Units.time(micros) : "—";
    }
}
