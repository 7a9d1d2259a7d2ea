package org.swizzle.it.abort;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.swizzle.it.Jvm;

/**
 * {@code abort()} and values the application keeps in locals: an array or a plain collection that abort() reverts
 * gets its committed contents back in place and stays the object's, so later changes through it are committed (an
 * array inside an array or a list too);
 * an object abort() does not revert keeps its collections attached, under every barrier (those that mark more
 * than the objects stored into compare before they revert).
 */
class AbortTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"", "barrier=card", "barrier=none", "barrier=object", "swizzle=edge"})
    void shouldKeepEveryChangeMadeThroughValuesKeptAcrossAnAbort(String options) {
        String store = dir.resolve("db").toString();
        String written = Jvm.withAgent(options).run(AbortWorkload.class, "write", store).ok().output;
        String verified = Jvm.withAgent(options).run(AbortWorkload.class, "verify", store).ok().output;
        String both = written + verified;
        assertTrue(both.contains("DONE write") && both.contains("DONE verify"), both);
        assertFalse(both.contains("CHECK FAIL"), both);
        assertTrue(both.lines().filter(line -> line.startsWith("CHECK PASS")).count() == 8, both);
    }

    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"", "barrier=card", "barrier=none", "swizzle=edge"})
    void shouldKeepAnArrayTheApplicationHoldsWhenAbortRevertsAFieldOfItsObject(String options) {
        String both = writeThenVerify(options, "writeWithFieldStore", "verifyWithFieldStore");
        assertFalse(both.contains("CHECK FAIL"), both);
        assertTrue(both.lines().filter(line -> line.startsWith("CHECK PASS")).count() == 7, both);
    }

    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"", "barrier=card", "barrier=none", "swizzle=edge"})
    void shouldKeepArraysTheApplicationHoldsFromCollectionsThatAbortReadsAgain(String options) {
        String both = writeThenVerify(options, "writeWithRevertedHolder", "verifyWithRevertedHolder");
        assertFalse(both.contains("CHECK FAIL"), both);
        assertTrue(both.lines().filter(line -> line.startsWith("CHECK PASS")).count() == 5, both);
    }

    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"", "barrier=card", "swizzle=edge"})
    void shouldAbortAndCloseAnObjectHoldingAPagedSetBesideCollectionsOfArrays(String options) {
        String both = writeThenVerify(options, "writeWithLargeSet", "verifyWithLargeSet");
        assertFalse(both.contains("CHECK FAIL"), both);
        assertTrue(both.lines().filter(line -> line.startsWith("CHECK PASS")).count() == 2, both);
        assertTrue(both.contains("DONE writeWithLargeSet"), "close() with a change not committed: " + both);
    }

    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"", "barrier=card", "swizzle=edge"})
    void shouldKeepACollectionSharedWithAPlainMapWhenAbortRevertsTheMapsHolder(String options) {
        String both = writeThenVerify(options, "writeWithSharedInPlainMap", "verifyWithSharedInPlainMap");
        assertFalse(both.contains("CHECK FAIL"), both);
        assertTrue(both.lines().filter(line -> line.startsWith("CHECK PASS")).count() == 3, both);
    }

    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"", "barrier=card"})
    void shouldAbortAChangeToAListOfArraysInAMapThatHoldsItself(String options) {
        String both = writeThenVerify(options, "writeWithCycle", "verifyWithCycle");
        assertFalse(both.contains("CHECK FAIL"), both);
        assertTrue(both.lines().filter(line -> line.startsWith("CHECK PASS")).count() == 2, both);
    }

    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"", "barrier=card"})
    void shouldDiscardTheRestOfARemoveIfWhoseFilterAborts(String options) {
        String both = writeThenVerify(options, "writeWithAbortInFilter", "verifyWithAbortInFilter");
        assertFalse(both.contains("CHECK FAIL"), both);
        assertTrue(both.lines().filter(line -> line.startsWith("CHECK PASS")).count() == 2, both);
    }

    /** The output of {@link AbortWorkload}'s phase {@code write} on a new store, then of {@code verify} in a fresh JVM. */
    private String writeThenVerify(String options, String write, String verify) {
        String store = dir.resolve("db").toString();
        return Jvm.withAgent(options).run(AbortWorkload.class, write, store).ok().output
            + Jvm.withAgent(options).run(AbortWorkload.class, verify, store).ok().output;
    }
}
