package org.swizzle.benchmarks.report;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.stream.Collectors;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/** Every {@link JmhResult} of the {@code *.json} files in a results directory, with look-ups by name and parameters.  *
 * <p>Part of the report generator that {@code jmh-benchmarks/run.sh} runs after JMH; by hand:
 * {@code java -cp jmh-benchmarks/target/benchmarks.jar org.swizzle.benchmarks.report.ReportGenerator DIR}.
 */
public final class JmhResults {

    private static final String PACKAGE = "org.swizzle.benchmarks.";

    private final List<JmhResult> all;

    JmhResults(List<JmhResult> all) {
        this.all = all;
    }

    public static JmhResults load(Path dir) throws IOException {
        List<JmhResult> all = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*.json")) {
            for (Path file : files) {
                try (Reader reader = Files.newBufferedReader(file)) {
                    JsonElement root = JsonParser.parseReader(reader);
                    if (!root.isJsonArray()) {
                        // JMH leaves an empty file when a run fails before its first result
                        System.err.println("Skipping " + file + ": not a JMH JSON result (no array of benchmarks)");
                        continue;
                    }
                    for (JsonElement element : root.getAsJsonArray()) {
                        all.add(parse(element.getAsJsonObject()));
                    }
                }
            }
        }
        return new JmhResults(all);
    }

    private static JmhResult parse(JsonObject json) {
        String name = json.get("benchmark").getAsString();
        String local = name.startsWith(PACKAGE) ? name.substring(PACKAGE.length()) : name;
        String[] parts = local.split("\\.");
        int n = parts.length;
        String operation = parts[n - 1];
        String group;
        String system;
        if (n >= 3 && Character.isUpperCase(parts[n - 2].charAt(0)) && Character.isUpperCase(parts[n - 3].charAt(0))) {
            group = parts[n - 3];
            system = parts[n - 2];
        } else {
            group = parts[n - 2];
            system = "";
        }
        Map<String, String> params = new LinkedHashMap<>();
        if (json.has("params")) {
            json.getAsJsonObject("params").entrySet().forEach(e -> params.put(e.getKey(), e.getValue().getAsString()));
        }
        JsonObject primary = json.getAsJsonObject("primaryMetric");
        Map<String, Double> secondary = new LinkedHashMap<>();
        if (json.has("secondaryMetrics")) {
            json.getAsJsonObject("secondaryMetrics").entrySet()
                .forEach(e -> secondary.put(e.getKey(), number(e.getValue().getAsJsonObject().get("score"))));
        }
        List<List<Double>> raw = new ArrayList<>();
        if (primary.has("rawData")) {
            for (JsonElement fork : primary.getAsJsonArray("rawData")) {
                List<Double> iterations = new ArrayList<>();
                fork.getAsJsonArray().forEach(v -> iterations.add(number(v)));
                raw.add(iterations);
            }
        }
        List<String> jvmArgs = new ArrayList<>();
        if (json.has("jvmArgs")) {
            json.getAsJsonArray("jvmArgs").forEach(a -> jvmArgs.add(a.getAsString()));
        }
        return new JmhResult(group, system, operation, params, json.get("mode").getAsString(),
            number(primary.get("score")), number(primary.get("scoreError")), primary.get("scoreUnit").getAsString(),
            raw, secondary, jvmArgs, string(json, "jdkVersion"), string(json, "vmName") + " " + string(json, "vmVersion"));
    }

    private static double number(JsonElement element) {
        if (element == null || element.isJsonNull()) {
            return Double.NaN;
        }
        String text = element.getAsString();
        return "NaN".equals(text) ? Double.NaN : Double.parseDouble(text);
    }

    private static String string(JsonObject json, String key) {
        return json.has(key) ? json.get(key).getAsString() : "?";
    }

    public List<JmhResult> all() {
        return all;
    }

    public boolean isEmpty() {
        return all.isEmpty();
    }

    /** The results of {@code group}, {@code system} and {@code operation} whose params include {@code params} ("name=value" each). */
    public List<JmhResult> find(String group, String system, String operation, String... params) {
        return all.stream()
            .filter(r -> r.group().equals(group) && r.system().equals(system) && r.operation().equals(operation))
            .filter(r -> matches(r, params))
            .collect(Collectors.toList());
    }

    /** The one result matching, at the smallest database size measured unless {@code parts=...} is given. */
    public Optional<JmhResult> one(String group, String system, String operation, String... params) {
        List<JmhResult> found = find(group, system, operation, params);
        return found.stream().min(java.util.Comparator.comparingInt(JmhResults::parts));
    }

    private static int parts(JmhResult r) {
        return Integer.parseInt(r.params().getOrDefault("parts", "0"));
    }

    /** The micros of the one result matching, or NaN. */
    public double micros(String group, String system, String operation, String... params) {
        return one(group, system, operation, params).map(JmhResult::micros).orElse(Double.NaN);
    }

    private static boolean matches(JmhResult r, String... params) {
        for (String p : params) {
            int eq = p.indexOf('=');
            String value = r.params().get(p.substring(0, eq));
            if (value == null || Double.parseDouble(value) != Double.parseDouble(p.substring(eq + 1))) {
                return false;
            }
        }
        return true;
    }

    /** The systems measured in {@code group}, in the order of {@code preferred} first, then by name. */
    public List<String> systems(String group, List<String> preferred) {
        TreeSet<String> present = all.stream().filter(r -> r.group().equals(group)).map(JmhResult::system)
            .collect(Collectors.toCollection(TreeSet::new));
        List<String> ordered = new ArrayList<>();
        for (String s : preferred) {
            if (present.remove(s)) {
                ordered.add(s);
            }
        }
        ordered.addAll(present);
        return ordered;
    }

    /** The distinct values of parameter {@code name} in {@code group}, ascending. */
    public List<Double> paramValues(String group, String name) {
        return all.stream().filter(r -> r.group().equals(group) && r.params().containsKey(name))
            .map(r -> r.param(name)).distinct().sorted().collect(Collectors.toList());
    }

    /** The database sizes measured in {@code group}. */
    public List<Integer> sizes(String group) {
        return paramValues(group, "parts").stream().map(Double::intValue).collect(Collectors.toList());
    }

}
