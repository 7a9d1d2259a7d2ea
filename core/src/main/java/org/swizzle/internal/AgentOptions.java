package org.swizzle.internal;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The agent's configuration ({@code -javaagent:swizzle-agent.jar=key=value,...}), parsed and
 * validated in one place. The agent installs it before any application class loads, so classes
 * that read it in their static initializers (such as {@link CardTable}) see constants the JIT folds.
 */
public final class AgentOptions {

    /** Every key, with its valid values; the first value is the default. */
    private static final Map<String, List<String>> VALID = new LinkedHashMap<>();

    static {
        VALID.put("swizzle", List.of("node", "edge", "none", "eager"));
        VALID.put("barrier", List.of("remset", "card", "object", "none"));
        VALID.put("card", List.of("512", "16", "32", "64", "128", "256", "1024", "2048", "4096"));
        VALID.put("checks", List.of("access", "entry"));
        VALID.put("fault", List.of("object", "segment", "cluster"));
    }

    private static final AgentOptions DEFAULTS = new AgentOptions(Map.of());

    private static volatile AgentOptions current = DEFAULTS;

    private final Map<String, String> values;

    private AgentOptions(Map<String, String> given) {
        Map<String, String> all = new LinkedHashMap<>();
        VALID.forEach((key, values) -> all.put(key, given.getOrDefault(key, values.get(0))));
        this.values = all;
    }

    /**
     * Parses an agent argument string such as {@code "barrier=card,card=256"}.
     *
     * @throws IllegalArgumentException naming the bad key or value and listing the valid ones
     */
    public static AgentOptions parse(String arguments) {
        Map<String, String> given = new LinkedHashMap<>();
        if (arguments != null && !arguments.isBlank()) {
            for (String pair : arguments.split(",")) {
                String trimmed = pair.trim();
                int eq = trimmed.indexOf('=');
                if (eq <= 0) {
                    throw new IllegalArgumentException("Swizzle agent option '" + trimmed + "' is not of the form key=value. " + validList());
                }
                String key = trimmed.substring(0, eq).trim().toLowerCase(Locale.ROOT);
                String value = trimmed.substring(eq + 1).trim().toLowerCase(Locale.ROOT);
                List<String> valid = VALID.get(key);
                if (valid == null) {
                    throw new IllegalArgumentException("Unknown Swizzle agent option '" + key + "'. " + validList());
                }
                if (!valid.contains(value)) {
                    throw new IllegalArgumentException("Swizzle agent option " + key + "=" + value
                        + " has an invalid value; valid values of " + key + ": " + String.join(", ", valid) + ". " + validList());
                }
                given.put(key, value);
            }
        }
        return new AgentOptions(given);
    }

    /** The message part that lists every option and its values, defaults first. */
    public static String validList() {
        StringBuilder text = new StringBuilder("Valid options (default first):");
        VALID.forEach((key, values) -> text.append(' ').append(key).append('=').append(String.join("|", values)).append(';'));
        text.setLength(text.length() - 1);
        return text.append('.').toString();
    }

    /** Installs the options the agent was started with; called once, from {@code premain}. */
    public static void install(AgentOptions options) {
        current = options;
    }

    /** The installed options, or the defaults when no agent installed any. */
    public static AgentOptions current() {
        return current;
    }

    public Swizzling swizzle() {
        return Swizzling.of(values.get("swizzle"));
    }

    public Barrier barrier() {
        return Barrier.of(values.get("barrier"));
    }

    public int cardSize() {
        return Integer.parseInt(values.get("card"));
    }

    /** Whether residency checks are folded into method entry ({@code checks=entry}) rather than made at every access. */
    public boolean checksOnEntry() {
        return "entry".equals(values.get("checks"));
    }

    public FaultUnit fault() {
        return FaultUnit.of(values.get("fault"));
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        values.forEach((key, value) -> text.append(text.length() == 0 ? "" : ",").append(key).append('=').append(value));
        return text.toString();
    }
}
