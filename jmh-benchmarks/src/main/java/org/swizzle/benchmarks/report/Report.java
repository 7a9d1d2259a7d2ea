package org.swizzle.benchmarks.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

import org.swizzle.benchmarks.large.LargeSortedIteration;

/** The body of REPORT.md: one method per section, each a Markdown string (empty when nothing was measured). */
final class Report {

    static final List<String> ORDER = List.of("Java", "JavaParallelGC", "JavaChunked", "EnhancedChunked", "Enhanced", "Swizzle", "SwizzleParallelGC", "SwizzleCard",
        "SwizzleCard16", "SwizzleCard4096", "SwizzleObject", "SwizzleNoBarrier", "SwizzleNoSync", "SwizzleEdge", "SwizzleNone",
        "SwizzleEager", "SwizzleEntry", "SwizzleSegment", "SwizzleCluster", "H2", "EclipseStore", "ChronicleMap");
    private static final Map<String, String> MEANING = Map.ofEntries(
        Map.entry("Java", "the sample's classes on the heap, no agent (G1)"),
        Map.entry("JavaParallelGC", "the same under ParallelGC"),
        Map.entry("JavaChunked", "plain Java, the items in java.util chunks of about the sizes the store pages them in (large collections only)"),
        Map.entry("EnhancedChunked", "JavaChunked's plain java.util chunks holding items enhanced by the agent, never stored (large collections only)"),
        Map.entry("Enhanced", "the same classes enhanced by the agent, on the heap, never stored (large collections only)"),
        Map.entry("Swizzle", "default scheme: swizzle=node, checks=access, fault=object, barrier=remset"),
        Map.entry("SwizzleParallelGC", "default scheme under ParallelGC"),
        Map.entry("SwizzleCard16", "card barrier, 16-byte cards"),
        Map.entry("SwizzleCard4096", "card barrier, 4096-byte cards"),
        Map.entry("SwizzleCard", "card barrier, 512-byte cards"),
        Map.entry("SwizzleObject", "dirty bit per object, scanned at commit"),
        Map.entry("SwizzleNoBarrier", "no barrier: every resident object diffed at commit"),
        Map.entry("SwizzleNoSync", "default scheme, Durability.NO_SYNC (no force at commit)"),
        Map.entry("SwizzleEdge", "edge marking: swizzle=edge (stored reference beside each reference field, swizzled on discovery)"),
        Map.entry("SwizzleNone", "no swizzling: swizzle=none (an OID lookup per reference load)"),
        Map.entry("SwizzleEager", "eager swizzling: swizzle=eager (the unit and the objects it refers to made resident per fault)"),
        Map.entry("SwizzleEntry", "checks=entry (residency of this checked at method entry)"),
        Map.entry("SwizzleSegment", "fault=segment (a logical segment per fault)"),
        Map.entry("SwizzleCluster", "fault=cluster (a cluster per fault)"),
        Map.entry("H2", "H2 MVStore 2.3.232, MVMap<Integer, byte[]>, commit + sync"),
        Map.entry("EclipseStore", "EclipseStore 2.1.3, Lazy<Part> references, Storer per commit (no force)"),
        Map.entry("ChronicleMap", "Chronicle Map 3.27ea0, ChronicleMap<Integer, byte[]>, msync per commit"));

    private final JmhResults results;
    private final Figures f;
    private final Charts charts;

    Report(JmhResults results, Charts charts) {
        this.results = results;
        this.f = new Figures(results);
        this.charts = charts;
    }

    Figures figures() {
        return f;
    }

    String systems() {
        Markdown t = new Markdown("system (fork)", "JVM arguments", "what it is");
        TreeSet<String> seen = new TreeSet<>();
        for (String system : ORDER) {
            results.all().stream().filter(r -> r.system().equals(system)).findFirst().ifPresent(r -> {
                seen.add(system);
                t.row(system, r.jvmArgs().stream().filter(a -> a.startsWith("-javaagent") || a.startsWith("-XX:+Use")
                    || a.startsWith("-Xm") || a.equals("-XX:+AlwaysPreTouch") || a.startsWith("@")).map(a -> "`" + a + "`").reduce((a, b) -> a + " " + b).orElse("—"),
                    MEANING.getOrDefault(system, ""));
            });
        }
        return t.isEmpty() ? "" : "## Systems\n\nEvery row is a JMH fork of its own; all run in the same JMH run.\n\n" + t;
    }

    /** Hosking &amp; Moss Table 4 and Hosking, Brown &amp; Moss Figures 13-14: per-traversal slope and intercept. */
    String slopes() {
        List<Double> ps = results.paramValues("OO1Slope", "p");
        if (ps.isEmpty()) {
            return "";
        }
        List<String> header = new ArrayList<>(List.of("scheme"));
        for (double p : ps) {
            header.add("b, p=" + Units.number(p));
            header.add("b / Java");
            header.add("a, p=" + Units.number(p));
        }
        Markdown t = new Markdown(header.toArray(new String[0]));
        Map<String, List<double[]>> chart = new LinkedHashMap<>();
        for (String system : results.systems("OO1Slope", ORDER)) {
            List<Object> row = new ArrayList<>(List.of(system));
            for (double p : ps) {
                LinearFit fit = f.slope(system, p);
                row.add(Units.time(fit.b()));
                row.add(Units.ratio(fit.b() / f.slope("Java", p).b()));
                row.add(Units.time(fit.a()));
            }
            t.row(row.toArray());
            double pMax = ps.get(ps.size() - 1);
            List<double[]> points = new ArrayList<>();
            for (JmhResult r : results.find("OO1Slope", system, "transaction", "p=" + pMax)) {
                points.add(new double[] {r.param("traversals"), r.micros()});
            }
            points.sort((x, y) -> Double.compare(x[0], y[0]));
            chart.put(system, points);
        }
        String png = charts.lines("slope", "Hot transactions: time vs update traversals per commit (p = "
            + Units.number(ps.get(ps.size() - 1)) + ")", "traversals per commit", "µs per transaction", true, true, chart);
        return "## Hot per-traversal cost and per-commit cost\n\n"
            + "Hosking & Moss Table 4 (p = 0: the read traversal) and Hosking, Brown & Moss Figures 13-14: a"
            + " transaction of n hot traversals from one start, then a commit; least squares time = a + b·n over the"
            + " measured n (" + results.paramValues("OO1Slope", "traversals") + "). b is the cost per traversal, a the"
            + " cost per commit.\n\n" + t + (png == null ? "" : "\n![slope](" + png + ")\n");
    }

    /** Hosking, Brown &amp; Moss Figure 6: hot update and commit per p, per system, and what the commits logged. */
    String updates() {
        List<Double> ps = results.paramValues("OO1Update", "p");
        if (ps.isEmpty()) {
            return "";
        }
        List<String> header = new ArrayList<>(List.of("system"));
        ps.forEach(p -> header.add("p=" + Units.number(p)));
        Markdown times = new Markdown(header.toArray(new String[0]));
        Map<String, List<double[]>> timeSeries = new LinkedHashMap<>();
        Map<String, List<double[]>> bytesSeries = new LinkedHashMap<>();
        Markdown logged = new Markdown("scheme", "p", "update + commit", "commit()", "force", "objects diffed", "records",
            "log bytes", "payload bytes", "log / changed bytes");
        for (String system : results.systems("OO1Update", ORDER)) {
            List<Object> row = new ArrayList<>(List.of(system));
            List<double[]> series = new ArrayList<>();
            List<double[]> bytes = new ArrayList<>();
            for (double p : ps) {
                double t = f.updateCommit(system, p);
                row.add(Units.time(t));
                series.add(new double[] {p, t});
                if (system.startsWith("Swizzle")) {
                    Optional<JmhResult> r = f.update(system, p);
                    if (r.isPresent()) {
                        double logBytes = r.get().perCommit("logBytes");
                        bytes.add(new double[] {p, logBytes});
                        logged.row(system, Units.number(p), Units.time(t), Units.time(r.get().perCommit("commitNanos") / 1e3),
                            Units.time(r.get().perCommit("forceNanos") / 1e3), Units.number(r.get().perCommit("objectsDiffed")),
                            Units.number(r.get().perCommit("records")), Units.number(logBytes),
                            Units.number(r.get().perCommit("payloadBytes")),
                            Units.ratio(logBytes / f.changedBytesPerCommit(system, p)));
                    }
                }
            }
            times.row(row.toArray());
            timeSeries.put(system, series);
            if (!bytes.isEmpty()) {
                bytesSeries.put(system, bytes);
            }
        }
        String timePng = charts.lines("update-time", "Hot update traversal + commit", "update probability p",
            "µs per update + commit", false, true, timeSeries);
        String bytesPng = charts.lines("update-log-bytes", "Bytes logged per commit, per barrier scheme", "update probability p",
            "log bytes per commit", false, true, bytesSeries);
        return "## Update with commit\n\n"
            + "Hosking, Brown & Moss Figure 6 (hot update): the update traversal from a resident start (x and y of"
            + " each visited part incremented with probability p), then a commit. Time per update + commit:\n\n"
            + times + (timePng == null ? "" : "\n![update time](" + timePng + ")\n")
            + "\nWhat the Swizzle commits did, per commit (the store's own counters; changed bytes = 8 per part"
            + " updated, each part counted once):\n\n" + logged
            + (bytesPng == null ? "" : "\n![log bytes](" + bytesPng + ")\n");
    }

    /** The write barrier alone: the hot update traversal without commit, per scheme. */
    String barriers() {
        List<String> systems = results.systems("OO1Barrier", ORDER);
        if (systems.isEmpty()) {
            return "";
        }
        Markdown t = new Markdown("scheme", "update traversal (p=1, no commit)", "/ Java", "/ no barrier",
            "barrier cost per store");
        for (String system : systems) {
            double time = f.barrier(system);
            t.row(system, Units.time(time), Units.ratio(time / f.barrier("Java")),
                Units.ratio(time / f.barrier("SwizzleNoBarrier")), system.startsWith("Swizzle")
                    ? String.format(Locale.ROOT, "%.2f ± %.2f ns", f.barrierPerStore(system),
                        f.barrierPerStoreError(system)) : "—");
        }
        return "## Write barriers\n\nThe hot update traversal at p = 1 (6,560 field stores into resident parts),"
            + " no commit (OO1Barrier). SwizzleNoBarrier has the residency checks and no barrier, so the"
            + " difference to it, over the stores, is a barrier's cost per store (HotSpot's own card mark: about"
            + " 1.8 ns).\n\n" + t;
    }

    String rawIo() {
        List<Double> ps = results.paramValues("RawLogWrite", "p");
        if (ps.isEmpty()) {
            return "";
        }
        Markdown t = new Markdown("p", "Swizzle log bytes per commit", "raw block bytes", "Swizzle commit()",
            "raw write + force", "commit / raw");
        for (double p : ps) {
            double commit = f.commitMicros("Swizzle", p);
            double raw = f.rawWriteForce(p);
            t.row(Units.number(p), Units.number(f.logBytesPerCommit("Swizzle", p)), Units.number(f.rawBlockBytes(p)),
                Units.time(commit), Units.time(raw), Units.ratio(commit / raw));
        }
        return "## Commit latency against raw I/O\n\nThe time inside `commit()` of the default scheme (OO1Update)"
            + " against appending the same number of bytes to a file with a bare `FileChannel` and forcing it"
            + " (RawLogWrite, its byte count measured in its own fork with the same seeds).\n\n" + t;
    }

    String inserts() {
        Markdown t = new Markdown("system", "insert 100 parts + commit");
        for (String system : results.systems("OO1Insert", ORDER)) {
            t.row(system, Units.time(results.micros("OO1Insert", system, "insertCommit")));
        }
        return t.isEmpty() ? "" : "## Insert\n\nOO1 insert: 100 parts with 3 connections each, then a commit"
            + " (single shot per iteration, the database growing).\n\n" + t;
    }

    String readOnlyCommits() {
        Markdown t = new Markdown("system", "read-only pass", "pass + commit", "commit alone");
        for (String system : results.systems("ReadOnlyCommit", ORDER)) {
            t.row(system, Units.time(results.micros("ReadOnlyCommit", system, "pass")),
                Units.time(results.micros("ReadOnlyCommit", system, "passThenCommit")),
                Units.time(results.micros("ReadOnlyCommit", system, "commit")));
        }
        return t.isEmpty() ? "" : "## Read-only pass then commit\n\nA pass over parts holding tracked `LinkedList`s of"
            + " connections (collections.ReadOnlyCommit), then `commit()`: reading marks nothing, so the commit has no"
            + " candidate, diffs nothing and logs nothing (the benchmark's setup checks it).\n\n" + t;
    }

    String reclaim() {
        Markdown t = new Markdown("reachable objects", "cycle", "live traced", "traced per second", "longest step",
            "objects freed");
        for (JmhResult r : results.find("CollectBenchmark", "", "collect")) {
            // the counters are per collection, and JMH sums them over the iterations, one collection each
            double collections = r.raw().stream().mapToInt(java.util.List::size).sum();
            t.row(Units.number(r.param("live")), Units.number(r.score()) + " ± " + Units.number(r.error()) + " ms",
                Units.number(r.secondary("liveBytes") / collections / 1e6) + " MB",
                Units.number(r.secondary("tracedMegabytesPerSecond") / collections) + " MB/s",
                Units.number(r.secondary("longestStepMillis") / collections) + " ms",
                Units.number(r.secondary("objectsFreed") / collections));
        }
        return t.isEmpty() ? "" : "## Garbage collection of the store\n\nA store holding the reachable objects, linked from"
            + " a root, and as many again an update cut off, reopened so that no object is in memory, then collected once"
            + " (reclaim.CollectBenchmark). The cycle runs in bounded steps under the store's lock; the longest step is the"
            + " longest the collection held the store at once, its pause (mean over the collections). Throughput is the"
            + " live bytes traced per second of the whole cycle, its frees' commits and forces included.\n\n" + t;
    }

    String largeCollections() {
        Markdown ops = new Markdown("entries", "operation", "time", "objects faulted", "objects in memory", "heap after GC",
            "commit", "bytes logged", "raw write + force", "commit / raw");
        List<JmhResult> measured = new ArrayList<>();
        for (String operation : List.of("openRoot", "coldGet", "putCommit", "addCommit")) {
            measured.addAll(results.find("LargeCollectionCommit", "", operation));
        }
        for (String operation : List.of("putCommit", "addCommit")) {
            measured.addAll(results.find("LargeCollectionUpdate", "", operation));
        }
        for (JmhResult r : measured) {
            String operation = r.operation();
            double n = Math.max(1, r.secondary("operations")); // JMH sums the counters over the iterations
            boolean commits = r.secondary("logBytes") > 0;
            ops.row(Units.number(r.param("entries")), operation + (r.group().equals("LargeCollectionUpdate")
                ? ", steady" : ""), Units.time(r.micros()),
                Units.number(r.secondary("objectsFaulted") / n),
                operation.equals("coldGet") ? Units.number(r.secondary("objectsInMemory") / n) : "—",
                operation.equals("coldGet") ? Units.number(r.secondary("heapMegabytes") / n) + " MB" : "—",
                commits ? Units.time(r.secondary("commitNanos") / n / 1e3) : "—",
                commits ? Units.number(r.secondary("logBytes") / n) : "—",
                commits ? Units.time(r.secondary("rawNanos") / n / 1e3) : "—",
                commits ? Units.ratio(r.secondary("commitNanos") / r.secondary("rawNanos")) : "—");
        }
        Markdown walk = new Markdown("entries", "iteration", "plain Java", "plain Java in chunks",
            "enhanced items in plain chunks", "enhanced, never stored", "Swizzle", "Swizzle / Java", "Swizzle / chunks");
        for (String operation : List.of("iterateMap", "iterateList")) {
            for (JmhResult swizzle : results.find("LargeCollectionIteration", "Swizzle", operation)) {
                String entries = "entries=" + (long) swizzle.param("entries");
                double java = results.micros("LargeCollectionIteration", "Java", operation, entries);
                double chunked = results.micros("LargeCollectionIteration", "JavaChunked", operation, entries);
                double enhancedItems = results.micros("LargeCollectionIteration", "EnhancedChunked", operation, entries);
                double enhanced = results.micros("LargeCollectionIteration", "Enhanced", operation, entries);
                walk.row(Units.number(swizzle.param("entries")), operation, Units.time(java), Units.time(chunked),
                    Units.time(enhancedItems), Units.time(enhanced), Units.time(swizzle.micros()), Units.ratio(swizzle.micros() / java),
                    Units.ratio(swizzle.micros() / chunked));
            }
        }
        if (ops.isEmpty() && walk.isEmpty()) {
            return "";
        }
        return "## Large collections\n\nA `HashMap<Long, Item>` and an `ArrayList<Item>` of the same items, held by one"
            + " persistent object (large.LargeCollectionCommit, large.LargeCollectionUpdate, large.LargeCollectionIteration)."
            + " Each LargeCollectionCommit operation runs on a store reopened for it, so that nothing is in memory (the page"
            + " cache stays warm): reading the root, one `get` from the map, and a `put` into the map or an `add` to the"
            + " list followed by `commit()`, with the bytes that commit logged and a raw write and force of as many bytes;"
            + " these are a JVM's first commits, run mostly by the interpreter. The rows marked steady (LargeCollectionUpdate) put or add"
            + " again and again in one open store, the commit path compiled. The map and the list are stored in pages,"
            + " their directories in sections, so that a commit writes about one page, one section and the list of"
            + " sections. The issue's targets: a cold `get` that faults O(log n) pages, a `put` + commit that logs at most 8 KB in at"
            + " most twice the raw write, and a pass over a resident collection at most 1.3 times plain Java.\n\n" + ops
            + (walk.isEmpty() ? "" : "\nA full pass over the resident collections, summing a field of each item; enhanced, never stored"
            + " is the same extent built on the heap with the agent (tracked collections of enhanced items, no store); plain"
            + " Java in chunks holds the same items in `java.util` chunks of about the sizes the store pages them in (lists of 512,"
            + " maps of 256 keys), no agent: beside plain Java, what that layout costs under G1 on its own; enhanced items in plain"
            + " chunks are those chunks holding items enhanced by the agent: beside plain chunks, what the items' state and checks"
            + " cost, apart from the tracked collections:\n\n" + walk);
    }

    String largeSorted() {
        Markdown ops = new Markdown("entries", "operation", "time", "chunks read", "objects faulted", "objects in memory",
            "heap after GC", "commit", "bytes logged", "raw write + force", "commit / raw");
        List<JmhResult> measured = new ArrayList<>();
        for (String operation : List.of("coldGet", "putCommit", "queueCommit")) {
            measured.addAll(results.find("LargeSortedCommit", "", operation));
        }
        for (JmhResult r : measured) {
            double n = Math.max(1, r.secondary("operations")); // JMH sums the counters over the iterations
            boolean cold = r.operation().equals("coldGet");
            boolean commits = r.secondary("logBytes") > 0;
            ops.row(Units.number(r.param("entries")), r.operation(), Units.time(r.micros()),
                cold ? Units.number(r.secondary("pagesRead") / n) : "—",
                cold ? Units.number(r.secondary("objectsFaulted") / n) : "—",
                cold ? Units.number(r.secondary("objectsInMemory") / n) : "—",
                cold ? Units.number(r.secondary("heapMegabytes") / n) + " MB" : "—",
                commits ? Units.time(r.secondary("commitNanos") / n / 1e3) : "—",
                commits ? Units.number(r.secondary("logBytes") / n) : "—",
                commits ? Units.time(r.secondary("rawNanos") / n / 1e3) : "—",
                commits ? Units.ratio(r.secondary("commitNanos") / r.secondary("rawNanos")) : "—");
        }
        Markdown resident = new Markdown("entries", "operation", "plain Java", "Swizzle", "Swizzle / Java");
        for (String operation : List.of("iterateSorted", "lookups")) {
            for (JmhResult swizzle : results.find("LargeSortedIteration", "Swizzle", operation)) {
                double java = results.micros("LargeSortedIteration", "Java", operation,
                    "entries=" + (long) swizzle.param("entries"));
                resident.row(Units.number(swizzle.param("entries")), operation, Units.time(java),
                    Units.time(swizzle.micros()), Units.ratio(swizzle.micros() / java));
            }
        }
        if (ops.isEmpty() && resident.isEmpty()) {
            return "";
        }
        return "## Large sorted maps and queues\n\nA `TreeMap<Long, Item>` keyed by even numbers and a `LinkedList<Item>`"
            + " of the same items used as a queue, held by one persistent object (large.LargeSortedCommit,"
            + " large.LargeSortedIteration). A large tracked `TreeMap` keeps its entries, key then value, in a list stored"
            + " in chunks, and a large `LinkedList` its elements, so a cold `get` reads the chunks its binary search"
            + " passes and a change dirties one chunk. Each LargeSortedCommit operation runs on a store reopened for it:"
            + " one `get` of a key the search meets late, a `put` of a key between two, and a `pollFirst` and an"
            + " `offerLast` on the queue, each followed by `commit()`, with the bytes it logged and a raw write and force"
            + " of as many bytes.\n\n" + ops
            + (resident.isEmpty() ? "" : "\nThe resident map against a `java.util.TreeMap` of the same items: a pass"
            + " over its values summing a field of each, and " + Units.number(LargeSortedIteration.LOOKUPS)
            + " lookups of random keys:\n\n" + resident);
    }

    String appendix() {
        Markdown t = new Markdown("benchmark", "params", "mode", "score", "± error", "unit");
        for (JmhResult r : results.all()) {
            t.row(r.group() + (r.system().isEmpty() ? "" : "." + r.system()) + "." + r.operation(), r.params(), r.mode(),
                Units.number(r.score()), Units.number(r.error()), r.unit());
        }
        return "## All results\n\n" + t;
    }
}
