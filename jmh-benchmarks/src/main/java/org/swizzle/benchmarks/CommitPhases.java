package org.swizzle.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.swizzle.ObjectStore;
import org.swizzle.StoreStats;
import org.swizzle.internal.AgentOptions;
import org.swizzle.samples.oo1.OO1;
import org.swizzle.samples.oo1.Part;
import org.swizzle.samples.oo1.PartIndex;

/**
 * The commit of an OO1 update traversal, broken down as Hosking, Brown &amp; Moss do: for
 * p = 0.05 and p = 1, the bytes logged and the time of each commit phase under the scheme the agent
 * was started with. A counting tool, not a timing benchmark: run it once per scheme and compare the
 * rows ({@code jmh-benchmarks/commit-phases.sh} does).
 *
 * <pre>
 * java -javaagent:agent/target/swizzle-agent-0.1.0-SNAPSHOT.jar=barrier=remset -cp jmh-benchmarks/target/benchmarks.jar org.swizzle.benchmarks.CommitPhases
 * </pre>
 */
public final class CommitPhases {

    private static final int WARMUP = 5;
    private static final int ROUNDS = 20;

    private CommitPhases() {
    }

    public static void main(String[] args) throws IOException {
        Path dir = Files.createTempDirectory("swizzle-commit-phases");
        OO1 oo1 = new OO1(42);
        try (ObjectStore store = ObjectStore.open(dir)) {
            store.setRoot("oo1", oo1.build(OO1.PARTS));
            store.commit();
        }
        try (ObjectStore store = ObjectStore.open(dir)) {
            PartIndex index = store.root("oo1", PartIndex.class);
            for (double p : new double[] {0.05, 1.0}) {
                Totals totals = new Totals();
                for (int round = -WARMUP; round < ROUNDS; round++) {
                    Part start = index.get(oo1.randomId(index));
                    oo1.traverse(start, OO1.DEPTH);
                    store.commit();
                    StoreStats before = store.stats();
                    int updates = oo1.update(start, OO1.DEPTH, p);
                    store.commit();
                    if (round >= 0) {
                        totals.add(updates, before, store.stats());
                    }
                }
                totals.print(AgentOptions.current().toString(), p);
            }
        }
    }

    /** Sums over the measured update commits only (the resident traversal before each is committed apart). */
    private static final class Totals {
        long updates;
        long records;
        long payload;
        long logged;
        long collect;
        long unswizzle;
        long diff;
        long write;
        long force;
        long apply;
        long install;

        void add(int made, StoreStats before, StoreStats after) {
            updates += made;
            records += after.recordsLogged() - before.recordsLogged();
            payload += after.payloadBytesLogged() - before.payloadBytesLogged();
            logged += after.bytesLogged() - before.bytesLogged();
            collect += after.collectNanos() - before.collectNanos();
            unswizzle += after.unswizzleNanos() - before.unswizzleNanos();
            diff += after.diffNanos() - before.diffNanos();
            write += after.writeNanos() - before.writeNanos();
            force += after.forceNanos() - before.forceNanos();
            apply += after.applyNanos() - before.applyNanos();
            install += after.installNanos() - before.installNanos();
        }

        void print(String scheme, double p) {
            System.out.printf("%-52s p=%-4s per commit: updates=%5d records=%5d payload=%6d logged=%6d bytes"
                    + " | us: collect=%6.1f unswizzle=%6.1f diff=%6.1f write=%6.1f force=%7.1f apply=%6.1f install=%6.1f%n",
                scheme, p, updates / ROUNDS, records / ROUNDS, payload / ROUNDS, logged / ROUNDS,
                micros(collect), micros(unswizzle), micros(diff), micros(write), micros(force), micros(apply), micros(install));
        }

        private static double micros(long nanos) {
            return nanos / 1e3 / ROUNDS;
        }
    }
}
