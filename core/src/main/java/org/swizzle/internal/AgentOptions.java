package org.swizzle.internal;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.swizzle.IncompatibleEnhancementException;
import org.swizzle.StoreIOException;

/**
 * The agent's configuration ({@code -javaagent:swizzle-<version>.jar=key=value,...}), parsed and
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

    /**
     * The class path resource in which build-time enhancement (the {@code swizzle-maven-plugin}) records the
     * options it enhanced a directory of classes with: one line, {@link #toString()} form.
     */
    public static final String ENHANCED_RESOURCE = "META-INF/swizzle/enhanced-options";

    /** {@code null} until the agent installs its options or {@link #current()} first looks for them. */
    private static volatile AgentOptions current;
    /** The {@link #ENHANCED_RESOURCE} {@link #current} was read from; null when none was, or before it was read. */
    private static volatile String currentRecord;

    private final Map<String, String> values;

    private AgentOptions(Map<String, String> given) {
        Map<String, String> all = new LinkedHashMap<>();
        VALID.forEach((key, values) -> all.put(key, given.getOrDefault(key, values.get(0))));
        this.values = all;
    }

    /**
     * Parses an agent argument string such as {@code "barrier=card,card=256"}.
     *
     * @throws IllegalArgumentException naming the bad key or value, a key given twice or an empty option, and listing the
     *     valid ones
     */
    public static AgentOptions parse(String arguments) {
        Map<String, String> given = new LinkedHashMap<>();
        if (arguments != null && !arguments.isBlank()) {
            for (String pair : arguments.split(",", -1)) {
                String trimmed = pair.trim();
                if (trimmed.isEmpty()) {
                    throw new IllegalArgumentException("Swizzle agent options '" + arguments + "' hold an empty option (a comma"
                        + " at an end, or two in a row): give key=value pairs separated by single commas. " + validList());
                }
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
                String earlier = given.put(key, value);
                if (earlier != null) {
                    throw new IllegalArgumentException("Swizzle agent option " + key + " is given twice (" + key + "=" + earlier
                        + " and " + key + "=" + value + "); give each option once. " + validList());
                }
            }
        }
        requireCardBarrierForCardSize(given);
        return new AgentOptions(given);
    }

    /**
     * A card size other than the default sets up {@code barrier=card}'s cards, so under any other barrier it would do
     * nothing: most likely {@code barrier=card} was meant and left out. The default size is taken under any barrier,
     * since the recorded options of every enhancement name it.
     */
    private static void requireCardBarrierForCardSize(Map<String, String> given) {
        String card = given.get("card");
        String barrier = given.getOrDefault("barrier", VALID.get("barrier").get(0));
        if (card != null && !card.equals(VALID.get("card").get(0)) && !barrier.equals("card")) {
            throw new IllegalArgumentException("Swizzle agent option card=" + card + " sets the card size of barrier=card"
                + " and does nothing under barrier=" + barrier + "; add barrier=card, or leave card out. " + validList());
        }
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

    /**
     * The installed options; without an agent, the options the classes on the class path were enhanced with
     * at build time ({@link #ENHANCED_RESOURCE}), else the defaults.
     *
     * @throws IllegalStateException when classes enhanced at build time with different options meet
     */
    public static AgentOptions current() {
        AgentOptions options = current;
        return options != null ? options : fromBuild();
    }

    private static synchronized AgentOptions fromBuild() {
        if (current == null) {
            Recorded recorded = recordedAtBuild(AgentOptions.class.getClassLoader(), Thread.currentThread().getContextClassLoader());
            currentRecord = recorded.url();
            current = recorded.options();
        }
        return current;
    }

    /**
     * Where the {@link #current()} options were recorded, when they come from an {@link #ENHANCED_RESOURCE} on the class
     * path; null when they are the defaults for want of one, or the agent's (which callers tell apart first).
     */
    public static String currentRecord() {
        return currentRecord;
    }

    /**
     * The options every {@link #ENHANCED_RESOURCE} that {@code loaders} see names, the defaults if there is none.
     *
     * @throws IncompatibleEnhancementException naming both resources and option sets when two of them differ
     */
    static AgentOptions enhancedAtBuild(ClassLoader... loaders) {
        return recordedAtBuild(loaders).options();
    }

    /** Options and the resource they were read from (the first, when several agree), or the defaults and null. */
    private record Recorded(AgentOptions options, String url) {
    }

    private static Recorded recordedAtBuild(ClassLoader... loaders) {
        Map<String, String> found = new LinkedHashMap<>(); // resource URL -> options
        for (ClassLoader loader : loaders) {
            if (loader == null) {
                continue;
            }
            try {
                for (URL url : Collections.list(loader.getResources(ENHANCED_RESOURCE))) {
                    if (!found.containsKey(url.toString())) {
                        try (InputStream in = url.openStream()) {
                            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
                            found.put(url.toString(), parse(text).toString());
                        }
                    }
                }
            } catch (IOException unreadable) {
                throw new StoreIOException("Cannot read " + ENHANCED_RESOURCE + " from the class path: " + unreadable
                    + ". Check that the jars and class directories on the class path are readable.", unreadable);
            }
        }
        String firstUrl = null;
        String firstOptions = null;
        for (Map.Entry<String, String> entry : found.entrySet()) {
            if (firstOptions == null) {
                firstUrl = entry.getKey();
                firstOptions = entry.getValue();
            } else if (!firstOptions.equals(entry.getValue())) {
                throw new IncompatibleEnhancementException("Classes enhanced at build time with different Swizzle options are on"
                    + " the class path: " + firstUrl + " says " + firstOptions + ", " + entry.getKey() + " says "
                    + entry.getValue() + ". Enhance them all with the same swizzle-maven-plugin configuration.");
            }
        }
        return firstOptions == null ? new Recorded(DEFAULTS, null) : new Recorded(parse(firstOptions), firstUrl);
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
