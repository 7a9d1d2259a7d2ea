package org.swizzle.it.reclaim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.swizzle.it.Phases;

/**
 * A collection cycle frees nothing the application can still store: objects it holds instances of that it got while
 * the cycle marked, and what the roots were bound to before a change not committed yet. Each phase in a JVM of its
 * own.
 */
class ReachedDuringCycleTest {

    @TempDir
    Path dir;

    @Test
    void shouldKeepWhatAnInstanceMadeDuringTheCycleRefersTo() {
        assertEquals("", Phases.failures(ReachedDuringCycleWorkload.class, "", dir, "build", "race", "verify"));
    }

    /** Under {@code swizzle=edge}, where filling an object makes no instance of what it refers to. */
    @Test
    void shouldNotBringBackThroughAnIndexWhatTheSweepFrees() {
        assertEquals("", Phases.failures(ReachedDuringCycleWorkload.class, "swizzle=edge", dir, "buildIndexed",
            "lookUpWhileSweeping", "verifyIndexed"));
    }

    @Test
    void shouldKeepWhatARootWasBoundToUntilTheChangeIsCommitted() {
        assertEquals("", Phases.failures(ReachedDuringCycleWorkload.class, "", dir, "build", "unbind", "verify", "rebind", "verify"));
    }
}
