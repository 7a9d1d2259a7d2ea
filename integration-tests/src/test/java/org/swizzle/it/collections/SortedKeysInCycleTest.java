package org.swizzle.it.collections;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.swizzle.it.Jvm;
import org.swizzle.it.Phases;

/**
 * Keys whose order or equality reads a set that holds, through another object, their own collection: read while that
 * set is, they meet equal keys or go out of order, and the read keeps them aside and puts the collection together once
 * the set is whole. Before, the sorted set was refused as holding equal keys at every read (committed data no read
 * could get back), and one put together in reverse stayed so. An order that fails as the kept keys are put in leaves no
 * collection short of them for the retry. Each phase in a JVM of its own.
 */
class SortedKeysInCycleTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"", "swizzle=eager", "swizzle=edge", "fault=segment"})
    void shouldPutTogetherKeysMetEqualWhileTheSetTheyReadWasRead(String options) {
        Jvm jvm = Jvm.withAgent(options).jvmOption("-D" + SortedKeysInCycleWorkload.KEPT_ASIDE + "=" + !options.startsWith("fault="));
        assertEquals("", Phases.failures(SortedKeysInCycleWorkload.class, jvm, dir, "build", "readAndAdd", "checkAdded",
            "failPuttingTogether", "refuseEqualKeys", "checkAdded"), "[" + options + "]");
    }
}
