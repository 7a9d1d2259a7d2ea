package org.swizzle.it.abort;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
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
    private int stores;

    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"", "barrier=card", "barrier=none", "barrier=object", "swizzle=edge"})
    void shouldKeepEveryChangeMadeThroughValuesKeptAcrossAnAbort(String options) {
        String both = assertChecksPass(options, "write", "verify", 8);
        assertTrue(both.contains("DONE write") && both.contains("DONE verify"), both);
    }

    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"", "barrier=card", "barrier=none", "swizzle=edge"})
    void shouldKeepAnArrayTheApplicationHoldsWhenAbortRevertsAFieldOfItsObject(String options) {
        assertChecksPass(options, "writeWithFieldStore", "verifyWithFieldStore", 7);
    }

    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"", "barrier=card", "barrier=none", "swizzle=edge"})
    void shouldKeepArraysTheApplicationHoldsFromCollectionsThatAbortReadsAgain(String options) {
        assertChecksPass(options, "writeWithRevertedHolder", "verifyWithRevertedHolder", 5);
    }

    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"", "barrier=card", "swizzle=edge"})
    void shouldAbortAndCloseAnObjectHoldingAPagedSetBesideCollectionsOfArrays(String options) {
        String both = assertChecksPass(options, "writeWithLargeSet", "verifyWithLargeSet", 2);
        assertTrue(both.contains("DONE writeWithLargeSet"), "close() with a change not committed: " + both);
    }

    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"", "barrier=card", "swizzle=edge"})
    void shouldKeepACollectionSharedWithAPlainMapWhenAbortRevertsTheMapsHolder(String options) {
        assertChecksPass(options, "writeWithSharedInPlainMap", "verifyWithSharedInPlainMap", 3);
    }

    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"", "barrier=card", "swizzle=none"})
    void shouldKeepTheCollectionsOfAnObjectThatNoLongerSharesOneWithTheObjectAbortReverts(String options) {
        keepTheCollectionsOfAnObjectThatNoLongerSharesOneWithTheObjectAbortReverts(options);
    }

    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"", "barrier=card"})
    void shouldGiveBackItsOwnArrayToAnObjectWhoseFieldTheAbortedChangeGaveAnothersArray(String options) {
        giveBackItsOwnArrayToAnObjectWhoseFieldTheAbortedChangeGaveAnothersArray(options);
    }

    @Test
    void shouldKeepTheKeyArraysOfAMapKeyedByArrays() {
        keepTheKeyArraysOfAMapKeyedByArrays("");
    }

    @Test
    void shouldGiveBackItsOwnRowsToAnArrayOfArraysWhoseRowTheAbortedChangeGaveAnothersRow() {
        giveBackItsOwnRowsToAnArrayOfArraysWhoseRowTheAbortedChangeGaveAnothersRow("");
    }

    @Test
    void shouldKeepAnArrayHeldFromAListNoObjectReadHoldsAnyLonger() {
        keepAnArrayHeldFromAListNoObjectReadHoldsAnyLonger("");
    }

    /** The four above under the other barriers and schemes, with the extended tests (about 16 s each). */
    @Tag("extended")
    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"barrier=card", "barrier=none", "barrier=object", "swizzle=edge"})
    void shouldGiveBackTheArraysAndRowsAbortedChangesMovedUnderEveryScheme(String options) {
        giveBackItsOwnArrayToAnObjectWhoseFieldTheAbortedChangeGaveAnothersArray(options);
        keepTheKeyArraysOfAMapKeyedByArrays(options);
        giveBackItsOwnRowsToAnArrayOfArraysWhoseRowTheAbortedChangeGaveAnothersRow(options);
        keepAnArrayHeldFromAListNoObjectReadHoldsAnyLonger(options);
    }

    private void giveBackItsOwnArrayToAnObjectWhoseFieldTheAbortedChangeGaveAnothersArray(String options) {
        assertChecksPass(options, 2, "writeWithArrayOfAnother", "verifyWithArrayOfAnother");
        assertChecksPass(options, 2, "writeWithEqualArraysSwapped", "verifyWithEqualArraysSwapped");
        assertChecksPass(options, 5, "writeWithEqualArraysInCollections", "verifyWithEqualArraysInCollections");
        assertChecksPass(options, 12, "writeWithSetsOfArrays", "changeSetsOfArrays", "verifySetsOfArrays");
    }

    private void keepTheKeyArraysOfAMapKeyedByArrays(String options) {
        assertChecksPass(options, 10, "writeWithArrayKeys", "changeArrayKeys", "verifyArrayKeys");
    }

    private void giveBackItsOwnRowsToAnArrayOfArraysWhoseRowTheAbortedChangeGaveAnothersRow(String options) {
        assertChecksPass(options, 2, "buildGrids", "writeWithRowsOfAnother", "verifyWithRowsOfAnother");
        assertChecksPass(options, 2, "buildAndWriteWithRowsOfAnother", "verifyWithRowsOfAnother");
    }

    private void keepAnArrayHeldFromAListNoObjectReadHoldsAnyLonger(String options) {
        assertChecksPass(options, 2, "shareRows", "writeWithRowsHandedOver", "verifyWithRowsHandedOver");
        assertChecksPass(options, 2, "shareShelves", "writeWithShelvesHandedOver", "verifyWithShelvesHandedOver");
        assertChecksPass(options, 2, "shareCycle", "writeWithCycleHandedOver", "verifyWithCycleHandedOver");
        assertChecksPass(options, 2, "writeWithClearedPagedList", "verifyWithClearedPagedList");
    }

    /** The same under the other barriers and schemes, with the extended tests (about 3 s each). */
    @Tag("extended")
    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"barrier=none", "barrier=object", "swizzle=edge", "checks=entry"})
    void shouldKeepTheCollectionsOfAnObjectThatNoLongerSharesOneUnderEveryScheme(String options) {
        keepTheCollectionsOfAnObjectThatNoLongerSharesOneWithTheObjectAbortReverts(options);
    }

    private void keepTheCollectionsOfAnObjectThatNoLongerSharesOneWithTheObjectAbortReverts(String options) {
        assertChecksPass(options, 4, "shareWithFormerlyShared", "writeWithFormerlyShared", "verifyWithFormerlyShared");
    }

    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"", "barrier=card"})
    void shouldAbortAChangeToAListOfArraysInAMapThatHoldsItself(String options) {
        assertChecksPass(options, "writeWithCycle", "verifyWithCycle", 2);
    }

    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"", "barrier=card"})
    void shouldDiscardTheRestOfARemoveIfWhoseFilterAborts(String options) {
        assertChecksPass(options, "writeWithAbortInFilter", "verifyWithAbortInFilter", 3);
    }

    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"", "barrier=card", "barrier=none", "swizzle=edge"})
    void shouldGiveArraysTheApplicationHoldsBackToWhereTheyWereCommitted(String options) {
        assertChecksPass(options, "writeWithMovedArrays", "verifyWithMovedArrays", 11);
    }

    /**
     * Runs {@link AbortWorkload}'s phases {@code write} and {@code verify} and asserts that {@code checks} checks
     * passed and none failed; returns their output.
     */
    private String assertChecksPass(String options, String write, String verify, int checks) {
        return assertChecksPass(options, checks, write, verify);
    }

    /** Runs {@code phases} of {@link AbortWorkload} on a new store, each in a fresh JVM, and asserts as above. */
    private String assertChecksPass(String options, int checks, String... phases) {
        String store = dir.resolve("db" + stores++).toString();
        StringBuilder output = new StringBuilder();
        for (String phase : phases) {
            output.append(Jvm.withAgent(options).run(AbortWorkload.class, phase, store).ok().output);
        }
        String all = output.toString();
        assertFalse(all.contains("CHECK FAIL"), all);
        assertTrue(all.lines().filter(line -> line.startsWith("CHECK PASS")).count() == checks, all);
        return all;
    }
}
