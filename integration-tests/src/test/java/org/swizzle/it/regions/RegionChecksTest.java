package org.swizzle.it.regions;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.swizzle.it.Phases;

/**
 * The accesses the agent leaves unchecked because a check on the same object comes first in their region still find
 * the object resident, and their changes are committed: each method of {@link Tally} runs on an object not touched
 * since the store was opened. {@code target.value = (target = source).value + target.value} stored into the first
 * object unchecked, after checks on the second one only, and the change was lost. Each phase in a JVM of its own.
 */
class RegionChecksTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"", "checks=entry", "barrier=card", "swizzle=edge"})
    void shouldCommitWhatAccessesWithoutTheirOwnCheckChange(String options) {
        assertEquals("", Phases.failures(RegionChecksWorkload.class, options, dir, "build", "change", "verify"),
            "[" + options + "]");
    }
}
