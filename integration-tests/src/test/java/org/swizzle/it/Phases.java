package org.swizzle.it;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import org.swizzle.ObjectStore;
import org.swizzle.StoreCorruptedException;
import org.swizzle.StoreOptions;

/**
 * A workload run as phases, each in a JVM of its own on one store: the child runs the phase it is named and prints
 * {@code FAIL phase: what} for each check that did not hold, then {@code DONE phase}; the test collects the failures.
 */
public final class Phases {

    /** One phase of a workload, on the store the child opened. */
    public interface Phase {
        void run(ObjectStore store) throws Exception;
    }

    /** The system property that gives the child's store a resident budget, in objects. */
    public static final String BUDGET_PROPERTY = "swizzle.it.residentBudget";

    private Phases() {
    }

    /** A child's main: {@code PHASE DIR} runs {@code phases.get(PHASE)} on the store in {@code DIR}. */
    public static void run(String[] args, Map<String, Phase> phases) throws Exception {
        String budget = System.getProperty(BUDGET_PROPERTY);
        StoreOptions.Builder options = StoreOptions.builder();
        if (budget != null) {
            options.residentBudget(Long.parseLong(budget));
        }
        run(args, options.build(), phases);
    }

    /** A child's main, as {@link #run(String[], Map)}, on the store opened with {@code options}. */
    public static void run(String[] args, StoreOptions options, Map<String, Phase> phases) throws Exception {
        Phase phase = phases.get(args[0]);
        if (phase == null) {
            throw new IllegalArgumentException(args[0]);
        }
        try (ObjectStore store = ObjectStore.open(Path.of(args[1]), options)) {
            phase.run(store);
        }
        System.out.println("DONE " + args[0]);
    }

    /** Ends the JVM at once, as a kill would (the store is not closed), once {@code phase} has run to here. */
    public static void halt(String phase) {
        System.out.println("DONE " + phase);
        System.out.flush();
        Runtime.getRuntime().halt(0);
    }

    /** Reports {@code what} as failed in {@code phase} unless it {@code holds}. */
    public static void check(String phase, String what, boolean holds) {
        if (!holds) {
            System.out.println("FAIL " + phase + ": " + what);
        }
    }

    /**
     * Under the resident budget {@link #BUDGET_PROPERTY} gives, reports {@code phase} as failed unless the store let
     * pages of large collections go: a phase that reads more entries than the budget must.
     */
    public static void checkPagesLetGo(String phase, ObjectStore store) {
        if (System.getProperty(BUDGET_PROPERTY) != null) {
            check(phase, "no page was let go under a budget of " + System.getProperty(BUDGET_PROPERTY) + " objects: "
                + store.stats(), store.stats().pagesReleased() > 0);
        }
    }

    /**
     * Reports {@code what} as failed in {@code phase} unless {@code read} is refused as corrupt with a message that
     * mentions each of {@code mentions}.
     */
    public static void checkCorrupt(String phase, String what, Supplier<?> read, String... mentions) {
        try {
            Object result = read.get();
            check(phase, what + " returned " + result + " instead of failing", false);
        } catch (StoreCorruptedException e) {
            check(phase, what + ": the error says: " + e.getMessage(), Arrays.stream(mentions).allMatch(e.getMessage()::contains));
        }
    }

    /**
     * Runs {@code phases} of {@code workload} in turn, each in a JVM of its own with the agent and {@code options},
     * on the store in {@code dir}; returns each failure and each phase that did not end, one a line, or "".
     */
    public static String failures(Class<?> workload, String options, Path dir, String... phases) {
        return failures(workload, Jvm.withAgent(options), dir, phases);
    }

    /** As {@link #failures(Class, String, Path, String...)}, each phase in a JVM as {@code jvm} starts it. */
    public static String failures(Class<?> workload, Jvm jvm, Path dir, String... phases) {
        StringBuilder failures = new StringBuilder();
        for (String phase : phases) {
            String output = jvm.run(workload, phase, dir.toString()).ok().output;
            failures.append(Arrays.stream(output.split("\\R")).filter(line -> line.startsWith("FAIL "))
                .map(line -> line + "\n").collect(Collectors.joining()));
            if (!output.contains("DONE " + phase)) {
                failures.append(phase).append(" did not run to its end:\n").append(output);
            }
        }
        return failures.toString();
    }
}
