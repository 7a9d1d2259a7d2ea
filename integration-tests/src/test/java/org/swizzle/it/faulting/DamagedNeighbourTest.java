package org.swizzle.it.faulting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.swizzle.it.Jvm;
import org.swizzle.it.Phases;
import org.swizzle.it.StoreSurgery;

/**
 * One damaged object does not make the intact objects beside it unreadable: not those its fault unit reads with it
 * ({@code fault=segment}, {@code cluster}), nor one that refers to it, whose fault reads its targets too under
 * {@code swizzle=eager}. The damaged one is refused where the application reaches it. Each phase in a JVM of its own.
 */
class DamagedNeighbourTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"", "swizzle=eager", "fault=segment", "fault=cluster", "swizzle=eager,fault=segment",
        "swizzle=edge", "swizzle=none"})
    void shouldReadTheObjectsBesideADamagedOne(String options) throws IOException {
        assertEquals("", Phases.failures(DamagedNeighbourWorkload.class, options, dir, "build"));
        long damaged = StoreSurgery.referenceIn(dir, StoreSurgery.rootOid(dir, "first"), "next");
        Path clusters = dir.resolve("swizzle.clusters");
        byte[] bytes = Files.readAllBytes(clusters);
        bytes[(int) StoreSurgery.lastByteOf(dir, damaged)] ^= 0x5A;
        Files.write(clusters, bytes);
        String read = Jvm.withAgent(options).run(DamagedNeighbourWorkload.class, "read", dir.toString()).ok().output;
        assertTrue(read.contains("DONE read") && !read.contains("FAIL "), "[" + options + "] " + read);
        boolean readWithOthers = options.contains("eager") || options.contains("fault=");
        assertEquals(readWithOthers ? 1 : 0, read.split("Object " + damaged + " \\(", -1).length - 1,
            "[" + options + "] the damaged object is logged once where a fault reads it with another: " + read);
    }
}
