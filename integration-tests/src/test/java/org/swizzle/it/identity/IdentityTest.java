package org.swizzle.it.identity;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.swizzle.it.Jvm;

/**
 * A stored collection is one thing with an identity (issue 16): every reference to it, from fields of several
 * objects or from other collections, finds the same Java instance after a reload, as with persistent objects, and a
 * change made through one reference is seen through every other. Every {@link Scenario} is written by one JVM,
 * reloaded, checked and changed by a second, and checked again by a third, under the default agent options and
 * under each other barrier, swizzling scheme, fault unit and entry checks. One test per option set; a scenario
 * fails with every check of it that did not hold.
 */
class IdentityTest {

    private static final String[] PHASES = {"write", "update", "verify"};
    /** {@code CHECK scenario phase kind PASS|FAIL label}, as {@link Checks} prints it. */
    private static final Pattern CHECK = Pattern.compile("CHECK (\\S+) (\\S+ \\S+) (PASS|FAIL) .*");

    @TempDir
    Path dir;

    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"", "barrier=card", "swizzle=edge", "swizzle=none", "checks=entry"})
    void shouldFindOneInstanceOfEverySharedCollectionAfterAReload(String options) {
        findOneInstanceOfEverySharedCollectionAfterAReload(options);
    }

    /** The same under the other barriers, swizzling and faults, with the extended tests (about 15 s). */
    @Tag("extended")
    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"barrier=object", "barrier=none", "swizzle=eager", "fault=segment"})
    void shouldFindOneInstanceOfEverySharedCollectionAfterAReloadUnderOtherSchemes(String options) {
        findOneInstanceOfEverySharedCollectionAfterAReload(options);
    }

    private void findOneInstanceOfEverySharedCollectionAfterAReload(String options) {
        List<String> lines = new ArrayList<>();
        for (String phase : PHASES) {
            String output = Jvm.withAgent(options).run(IdentityWorkload.class, phase, dir.toString()).ok().output;
            lines.addAll(Arrays.asList(output.split("\\R")));
        }
        String label = options.isEmpty() ? "defaults" : options;
        assertAll(Arrays.stream(Scenario.values()).map(scenario -> (Executable) () -> assertHolds(label, scenario, lines)));
    }

    /** Every phase of {@code scenario} ran to its end and every check it made held. */
    private static void assertHolds(String options, Scenario scenario, List<String> lines) {
        List<String> failures = new ArrayList<>();
        int checks = 0;
        for (String line : lines) {
            Matcher check = CHECK.matcher(line);
            if (check.matches() && check.group(1).equals(scenario.id)) {
                checks++;
                if (check.group(3).equals("FAIL")) {
                    failures.add(line.substring("CHECK ".length()));
                }
            } else if (line.startsWith("CRASH " + scenario.id + " ")) {
                failures.add(line);
            }
        }
        for (String phase : PHASES) {
            String ended = scenario.id + " " + phase;
            if (!lines.contains("DONE " + ended) && lines.stream().noneMatch(line -> line.startsWith("CRASH " + ended + " "))) {
                failures.add(ended + " did not run to its end");
            }
        }
        String failed = failures.stream().map(line -> "  " + line).collect(Collectors.joining("\n"));
        assertTrue(failures.isEmpty(), "[" + options + "] " + scenario.id + " (" + scenario.description + "), "
            + checks + " checks made:\n" + failed);
        assertTrue(checks > 0, "[" + options + "] " + scenario.id + " made no check");
    }
}
