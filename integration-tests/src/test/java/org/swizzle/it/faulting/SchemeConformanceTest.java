package org.swizzle.it.faulting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.swizzle.it.Jvm;

/**
 * Every faulting and swizzling scheme is selectable and conformant: under each of the 24
 * combinations of {@code swizzle} x {@code checks} x {@code fault}, one JVM writes the conformance
 * graph, another reopens it and checks values, identity, cycles, polymorphism and collections, an
 * abort and a commit, then a third commits in a loop until it is killed with SIGKILL and a fourth
 * finds the last acknowledged commit. The default suite runs the half of the combinations in which every value of
 * each option meets every value of each other option ({@link #pairwiseSchemes}); the other half runs with the
 * extended tests.
 */
class SchemeConformanceTest {

    private static final String[] SWIZZLE = {"node", "edge", "none", "eager"};
    private static final String[] CHECKS = {"access", "entry"};
    private static final String[] FAULT = {"object", "segment", "cluster"};

    @TempDir
    Path dir;

    /**
     * Twelve of the 24 combinations: every pair of a {@code swizzle} and a {@code fault} value once, with the
     * {@code checks} value alternating, so that every pair of values of any two options is among them.
     */
    static List<String> pairwiseSchemes() {
        return schemes(true);
    }

    /** The other twelve. */
    static List<String> otherSchemes() {
        return schemes(false);
    }

    private static List<String> schemes(boolean pairwise) {
        List<String> schemes = new ArrayList<>();
        for (int s = 0; s < SWIZZLE.length; s++) {
            for (int c = 0; c < CHECKS.length; c++) {
                for (int f = 0; f < FAULT.length; f++) {
                    if (((s + f) % CHECKS.length == c) == pairwise) {
                        schemes.add("swizzle=" + SWIZZLE[s] + ",checks=" + CHECKS[c] + ",fault=" + FAULT[f]);
                    }
                }
            }
        }
        return schemes;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pairwiseSchemes")
    void shouldWriteReopenAbortCommitAndSurviveAKill(String scheme) throws Exception {
        writeReopenAbortCommitAndSurviveAKill(scheme);
    }

    @Tag("extended")
    @ParameterizedTest(name = "{0}")
    @MethodSource("otherSchemes")
    void shouldWriteReopenAbortCommitAndSurviveAKillUnderTheOtherCombinations(String scheme) throws Exception {
        writeReopenAbortCommitAndSurviveAKill(scheme);
    }

    private void writeReopenAbortCommitAndSurviveAKill(String scheme) throws Exception {
        Path store = dir.resolve("db");

        String written = Jvm.withAgent(scheme).run(SchemeConformance.class, "write", store.toString()).ok().output;
        String writtenDigest = ChildOutput.find("^DIGEST gen=0 (\\S+)$", written, scheme);

        String checked = Jvm.withAgent(scheme).run(SchemeConformance.class, "check", store.toString()).ok().output;
        assertEquals(writtenDigest, ChildOutput.find("^OPENED gen=0 (\\S+)$", checked, scheme),
            scheme + ": another JVM reads back other objects than the writer committed");
        assertEquals(ChildOutput.find("^MODEL gen=1 (\\S+)$", checked, scheme), ChildOutput.find("^COMMITTED gen=1 (\\S+) ", checked, scheme),
            scheme + ": the update committed after an abort differs from the model");

        long acked = killWhileCommitting(scheme, store);

        String reopened = Jvm.withAgent(scheme).run(SchemeConformance.class, "check", store.toString()).ok().output;
        long generation = Long.parseLong(ChildOutput.find("^OPENED gen=(\\d+) ", reopened, scheme));
        assertTrue(generation >= acked, scheme + ": commit " + acked + " was acknowledged before the kill but the store holds generation " + generation);
        assertTrue(generation <= acked + 1, scheme + ": the store holds generation " + generation + " but only " + acked + " was committed before the kill");
        assertEquals(ChildOutput.find("^MODEL gen=" + generation + " (\\S+)$", reopened, scheme),
            ChildOutput.find("^OPENED gen=" + generation + " (\\S+)$", reopened, scheme),
            scheme + ": the store recovered after the kill differs from the model of generation " + generation);
    }

    /** Starts the committing child, kills it (SIGKILL) a few acknowledged commits in, returns the last acknowledged generation. */
    private long killWhileCommitting(String scheme, Path store) throws Exception {
        Path log = dir.resolve("crash.log");
        SplittableRandom random = new SplittableRandom(scheme.hashCode());
        long wanted = 1 + 3 + random.nextInt(10);
        Process child = Jvm.withAgent(scheme).start(log, SchemeConformance.class, "crash", store.toString());
        long acked = 1;
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (acked < wanted && child.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(5);
                acked = ChildOutput.lastAck(log, acked);
            }
        } finally {
            child.destroyForcibly().waitFor();
        }
        acked = ChildOutput.lastAck(log, acked);
        String output = ChildOutput.read(log);
        assertTrue(acked >= wanted, scheme + ": the committing child acknowledged only up to generation " + acked
            + " (wanted " + wanted + ") before it was killed or died; output:\n" + output);
        return acked;
    }
}
