package org.swizzle.it.faulting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.swizzle.it.Jvm;

/**
 * Many threads read and fault one store at once, under each swizzling scheme: one Java object per
 * OID whichever thread faulted it, one fault per object, correct values; and with a small resident
 * budget, rounds of concurrent traversals separated by exclusive updates and commits that
 * re-hollow objects.
 */
class ConcurrentFaultingTest {

    private static final String[] SCHEMES = {"swizzle=node", "swizzle=edge", "swizzle=none", "swizzle=eager",
        "swizzle=node,checks=entry,fault=segment", "swizzle=edge,checks=entry,fault=cluster"};

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @MethodSource("schemes")
    void shouldKeepOneInstancePerOidWhenThreadsFaultConcurrently(String scheme) {
        String output = Jvm.withAgent(scheme).run(ConcurrentTraversal.class, "identity", dir.resolve("db").toString()).ok().output;
        long objects = Long.parseLong(ChildOutput.find("^IDENTITY ok objects=(\\d+) ", output, scheme));
        long faulted = Long.parseLong(ChildOutput.find("^IDENTITY ok .* faulted=(\\d+) ", output, scheme));
        long resident = Long.parseLong(ChildOutput.find("^IDENTITY ok .* resident=(\\d+) ", output, scheme));
        long expected = ConcurrentTraversal.IDENTITY_VERTICES + ConcurrentTraversal.IDENTITY_VERTICES / 50 + 1;
        assertEquals(expected, objects, scheme + ": objects reached by every thread; " + output);
        assertEquals(objects, faulted, scheme + ": every object is faulted exactly once, however many threads touch it; " + output);
        assertEquals(objects, resident, scheme + ": every object reached is resident once; " + output);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("schemes")
    void shouldReadCommittedValuesAcrossRehollowingRounds(String scheme) {
        String output = Jvm.withAgent(scheme).run(ConcurrentTraversal.class, "stress", dir.resolve("db").toString()).ok().output;
        long reads = Long.parseLong(ChildOutput.find("^STRESS ok .* reads=(\\d+) ", output, scheme));
        long rehollowed = Long.parseLong(ChildOutput.find("^STRESS ok .* rehollowed=(\\d+) ", output, scheme));
        long maxResident = Long.parseLong(ChildOutput.find("^STRESS ok .* maxResidentAfterCommit=(\\d+) ", output, scheme));
        assertEquals((long) ConcurrentTraversal.THREADS * ConcurrentTraversal.ROUNDS * ConcurrentTraversal.STRESS_VERTICES, reads,
            scheme + ": every reader checked every vertex in every round; " + output);
        assertTrue(rehollowed > 0, scheme + ": commits past the resident budget re-hollow clean objects; " + output);
        assertTrue(maxResident <= ConcurrentTraversal.BUDGET, scheme + ": after a commit at most "
            + ConcurrentTraversal.BUDGET + " objects stay resident; " + output);
        assertTrue(output.contains("REOPENED ok"), scheme + ": " + output);
    }

    static String[] schemes() {
        return SCHEMES.clone();
    }
}
