package org.swizzle.it.tracked;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.swizzle.it.Jvm;

/**
 * No update is lost through a value taken from a persistent object: every {@link Patterns mutation
 * pattern}, held across one and across three commits, on a loaded bag and on one made in the session, under
 * every barrier and swizzling scheme and entry checks, is found by a fresh JVM. Reading every value and
 * committing logs nothing; values taken before an abort refuse changes.
 */
class TrackedCollectionsTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"", "barrier=card", "barrier=none", "swizzle=none", "checks=entry"})
    void shouldCommitEveryChangeMadeThroughATakenValue(String scheme) {
        commitEveryChangeMadeThroughATakenValue(scheme);
    }

    /** The same under the other barriers, swizzling schemes and faults, with the extended tests (about 25 s). */
    @Tag("extended")
    @ParameterizedTest
    @ValueSource(strings = {"barrier=object", "barrier=card,card=16", "swizzle=edge", "swizzle=eager", "fault=segment"})
    void shouldCommitEveryChangeMadeThroughATakenValueUnderTheOtherSchemes(String scheme) {
        commitEveryChangeMadeThroughATakenValue(scheme);
    }

    private void commitEveryChangeMadeThroughATakenValue(String scheme) {
        Path store = dir.resolve("db");
        Jvm.withAgent(scheme).run(TrackedWorkload.class, "setup", store.toString()).ok();
        String mutated = Jvm.withAgent(scheme).run(TrackedWorkload.class, "mutate", store.toString()).ok().output;
        String stored = Jvm.withAgent(scheme).run(TrackedWorkload.class, "render", store.toString()).ok().output;
        assertEquals(find("MODEL (.*)", mutated), find("STORED (.*)", stored),
            "[" + scheme + "] a fresh JVM finds the bag the model predicts after " + find("PATTERNS (\\d+)", mutated) + " patterns");
    }

    @Test
    void shouldLogNothingAndDiffNothingAfterAReadOnlyPass() {
        Path store = dir.resolve("db");
        Jvm.withAgent().run(TrackedWorkload.class, "setup", store.toString()).ok();
        String output = Jvm.withAgent().run(TrackedWorkload.class, "readonly", store.toString()).ok().output;
        assertTrue(output.matches("(?s).*READONLY seen=\\d+ logged=0 diffed=0 compared=\\d+.*"), output);
        // the loaded bag's arrays were read through for-each loops only except vectors' elements, whose list
        // hands them out: that bag is compared, never diffed
    }

    @Test
    void shouldRefuseChangesThroughValuesTakenBeforeAnAbortAndRevert() {
        Path store = dir.resolve("db");
        Jvm.withAgent().run(TrackedWorkload.class, "setup", store.toString()).ok();
        String output = Jvm.withAgent().run(TrackedWorkload.class, "detach", store.toString()).ok().output;
        assertTrue(output.contains("DETACHED ok"), output);
        String stored = Jvm.withAgent().run(TrackedWorkload.class, "render", store.toString()).ok().output;
        assertTrue(stored.contains("after reading again") && !stored.contains("abort"), stored);
    }

    @Test
    void shouldCommitChangesThroughACollectionOfAnObjectTheBudgetUnloaded() {
        Path store = dir.resolve("db");
        Jvm.withAgent().run(TrackedWorkload.class, "setup", store.toString()).ok();
        String output = Jvm.withAgent().run(TrackedWorkload.class, "budget", store.toString()).ok().output;
        assertTrue(output.contains("BUDGET [title 0, kept]"), output);
    }

    private static String find(String regex, String output) {
        Matcher matcher = Pattern.compile(regex).matcher(output);
        assertTrue(matcher.find(), "no " + regex + " in:\n" + output);
        return matcher.group(1);
    }
}
