package org.swizzle.it.threads;

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
 * The fast path under threads, in child JVMs compiled by C2 ({@link ThreadStress}): readers never see an
 * object resident before its fields (the residency check acquires what a fault published), nor a field
 * cleared by re-hollowing (a shared store re-hollows only at commits and aborts, a confined one refuses other
 * threads), a receiver checked at method entry is checked again after a call that re-hollowed it, and the
 * writer's stores are all committed while the card table grows.
 */
@Tag("extended")
class ThreadSafetyTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "[{index}] {0}")
    @ValueSource(strings = {"", "swizzle=edge", "swizzle=none,checks=entry", "swizzle=eager,fault=segment",
        "checks=entry,barrier=card"})
    void shouldNeverShowAReaderAnObjectBeforeItsFields(String scheme) {
        String output = run(scheme, "publish");
        assertTrue(output.contains("PUBLISH ok"), scheme + ": " + output);
        assertEquals((long) ThreadStress.READERS * ThreadStress.ROUNDS * ThreadStress.CELLS, number("reads", output),
            scheme + ": every reader checked every cell in every round; " + output);
        assertTrue(number("maxResidentAfterCommit", output) <= ThreadStress.BUDGET + 1,
            scheme + ": commits re-hollow down to the budget; " + output);
        verify(scheme, "publish");
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @ValueSource(strings = {"", "barrier=card,card=16", "swizzle=edge,checks=entry,barrier=object"})
    void shouldNeverClearFieldsUnderReaders(String scheme) {
        String output = run(scheme, "rehollow");
        assertTrue(output.contains("REHOLLOW ok"), scheme + ": " + output);
        assertTrue(number("reads", output) > 0, scheme + ": " + output);
        assertEquals(0, number("rehollowedByFaults", output), scheme + ": faults of a shared store re-hollow nothing; " + output);
        assertTrue(number("maxResidentBeforeCommit", output) > ThreadStress.CELLS - ThreadStress.BUDGET,
            scheme + ": so what the threads faulted stays resident until the commit; " + output);
        assertTrue(number("maxResidentAfterCommit", output) <= ThreadStress.BUDGET + 1,
            scheme + ": and the commit re-hollows down to the budget; " + output);
        verify(scheme, "rehollow");
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @ValueSource(strings = {"", "checks=entry"})
    void shouldRehollowOnFaultsOnlyInAConfinedStoreAndRefuseOtherThreads(String scheme) {
        String output = run(scheme, "confined");
        assertTrue(output.contains("CONFINED ok"), scheme + ": " + output);
        assertTrue(output.contains("refusedCall=true"), scheme + ": another thread's call is refused; " + output);
        if (scheme.contains("checks=entry")) {
            // a method may be running on any resident object: only commits and aborts re-hollow
            assertEquals(0, number("rehollowedByFaults", output), scheme + ": " + output);
        } else {
            assertTrue(number("rehollowedByFaults", output) > ThreadStress.CELLS - 2 * ThreadStress.BUDGET, scheme + ": " + output);
            assertTrue(output.contains("refusedFault=true"), scheme + ": another thread's fault is refused; " + output);
            assertTrue(number("maxResident", output) <= ThreadStress.BUDGET + 2, scheme + ": faults keep the budget; " + output);
        }
        verify(scheme, "confined");
    }

    @Test
    void shouldCheckTheReceiverAgainAfterACallUnderChecksEntry() {
        String scheme = "checks=entry";
        String output = run(scheme, "receiver");
        assertTrue(output.contains("RECEIVER ok"), scheme + ": " + output);
        verify(scheme, "receiver");
    }

    private String run(String scheme, String mode) {
        String output = Jvm.withAgent(scheme).withC2().run(ThreadStress.class, mode, dir.resolve("db").toString()).ok().output;
        output.lines().filter(line -> line.contains(" ok")).forEach(line -> System.out.println("[" + scheme + "] " + line));
        return output;
    }

    private void verify(String scheme, String mode) {
        String output = Jvm.withAgent(scheme).run(ThreadStress.class, "verify", dir.resolve("db").toString(), mode).ok().output;
        assertTrue(output.contains("VERIFIED ok"), scheme + ": every store the writer made was committed; " + output);
    }

    private static long number(String key, String output) {
        Matcher matcher = Pattern.compile(" " + key + "=(\\d+)").matcher(output);
        assertTrue(matcher.find(), "no " + key + " in:\n" + output);
        return Long.parseLong(matcher.group(1));
    }
}
