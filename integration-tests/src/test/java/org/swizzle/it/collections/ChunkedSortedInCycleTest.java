package org.swizzle.it.collections;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.swizzle.it.Jvm;
import org.swizzle.it.Phases;

/**
 * A sorted set and map stored in chunks, whose keys' order reads a set that holds, through another object, the node
 * that holds them, and whose node's hash reads them: read while that set is, a chunk's keys compare out of order, and
 * the chunk's check waits for the read to be whole. Before, both were refused as out of order at every read once
 * stored in chunks (committed data no read could get back). Keys out of order once the read is whole are refused at
 * every touch, a chunk holding arrays too. A set whose keys are hashed by a lookup in a chunk out of order, outside a
 * cycle, is refused with it: a first version, which checked such a chunk once the read was whole, left its keys where
 * no lookup finds them once the order was put back, and an add stored one twice. The cycle reached through a paged
 * list's element (a page read, not a fault) too: it was refused at every read. Each phase in a JVM of its own.
 */
class ChunkedSortedInCycleTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"", "fault=segment"})
    void shouldCheckTheOrderOfAChunkReadInACycleOnceTheReadIsWhole(String options) {
        checkTheOrderOfAChunkReadInACycleOnceTheReadIsWhole(options);
    }

    /** The same under eager swizzling, with the extended tests (about 10 s). */
    @Tag("extended")
    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"swizzle=eager"})
    void shouldCheckTheOrderOfAChunkReadInACycleOnceTheReadIsWholeUnderEagerSwizzling(String options) {
        checkTheOrderOfAChunkReadInACycleOnceTheReadIsWhole(options);
    }

    private void checkTheOrderOfAChunkReadInACycleOnceTheReadIsWhole(String options) {
        assertEquals("", Phases.failures(ChunkedSortedInCycleWorkload.class, Jvm.withAgent(options), dir, "build",
            "readAndAdd", "checkAdded", "refuseOutOfOrder", "checkAdded", "buildShelf", "addToIndex", "refuseLookupOutOfOrder",
            "checkShelf", "buildPaged", "growPaged", "checkPaged", "refusePagedOutOfOrder"), "[" + options + "]");
    }

    /**
     * The same shelf under a resident budget that lets the chunk go during the read (the hash walks a long list after it),
     * with the extended tests (about 4 s).
     */
    @Tag("extended")
    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {""})
    void shouldCheckAChunkTheBudgetLetGoDuringTheRead(String options) {
        Jvm jvm = Jvm.withAgent(options).jvmOption("-D" + Phases.BUDGET_PROPERTY + "=1000")
            .jvmOption("-D" + ChunkedSortedInCycleWorkload.WALK + "=true");
        assertEquals("", Phases.failures(ChunkedSortedInCycleWorkload.class, jvm, dir, "buildShelf", "addToIndex",
            "refuseLookupOutOfOrder", "checkShelf"), "[" + options + "]");
    }
}
