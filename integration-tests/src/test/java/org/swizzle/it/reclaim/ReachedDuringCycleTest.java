package org.swizzle.it.reclaim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.swizzle.it.Phases;
import org.swizzle.internal.tool.SwizzleTool;

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

    /**
     * Under {@code fault=segment}, a fault while the cycle sweeps reads no garbage cell of the segment: one made then,
     * unmarked, would keep its place and make an instance of the garbage cell it refers to, whose list the sweep frees,
     * leaving a store that refers to freed objects (outside trial 44a).
     */
    @Test
    void shouldNotReadGarbageWithAFaultUnitWhileTheCycleSweeps() throws IOException {
        assertEquals("", Phases.failures(SegmentSweepWorkload.class, "fault=segment", dir, "build", "faultWhileSweeping"));
        ByteArrayOutputStream verified = new ByteArrayOutputStream();
        int exit = SwizzleTool.run(new String[] {"verify", dir.toString()}, new PrintStream(verified, true, StandardCharsets.UTF_8),
            System.err);
        String report = verified.toString(StandardCharsets.UTF_8);
        assertEquals(0, exit, report);
        assertTrue(!report.contains("WARNING references"), "no garbage refers to freed objects either: " + report);
        assertEquals("", Phases.failures(SegmentSweepWorkload.class, "fault=segment", dir, "verify"));
    }

    @Test
    void shouldKeepWhatARootWasBoundToUntilTheChangeIsCommitted() {
        assertEquals("", Phases.failures(ReachedDuringCycleWorkload.class, "", dir, "build", "unbind", "verify", "rebind", "verify"));
    }
}
