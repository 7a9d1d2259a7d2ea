package org.swizzle.it.collections;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.swizzle.it.Phases;

/**
 * A read of a collection whose key's hash reads another collection the read holds, and catches the failure of that
 * read: the read fails too, rather than hold, and let a commit store, the collection that failure left partly filled.
 * Each phase in a JVM of its own, under schemes that read the key and the shelf differently (about 3 s each).
 */
class CaughtReadFailureTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"", "swizzle=eager"})
    void shouldFailAReadWhoseKeyCaughtTheFailureOfACollectionItHolds(String options) {
        failAReadWhoseKeyCaughtTheFailureOfACollectionItHolds(options);
    }

    /** The same reading a segment or a cluster at a fault, with the extended tests (about 9 s each). */
    @Tag("extended")
    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"fault=segment", "fault=cluster,barrier=none"})
    void shouldFailAReadWhoseKeyCaughtTheFailureOfACollectionItHoldsUnderSegmentAndClusterFaults(String options) {
        failAReadWhoseKeyCaughtTheFailureOfACollectionItHolds(options);
    }

    private void failAReadWhoseKeyCaughtTheFailureOfACollectionItHolds(String options) {
        assertEquals("", Phases.failures(CaughtReadFailureWorkload.class, options, dir, "build", "readAfterCaughtFailure",
            "check", "storeKeptSet", "checkClub", "readBesideFailingKey", "readBesideOverflowingKey", "checkCounter",
            "readGroupsAfterCaughtFailure", "checkGroups", "readWatchedAfterCaughtFailure", "checkWatched",
            "readBookAfterCaughtFailure", "checkBook"), "[" + options + "]");
    }
}
