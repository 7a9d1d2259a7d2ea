package org.swizzle.it.large;

import java.util.Map;

import org.swizzle.ObjectStore;
import org.swizzle.StoreStats;
import org.swizzle.internal.AgentOptions;
import org.swizzle.internal.Barrier;
import org.swizzle.it.Phases;

/** The child JVM of {@link FixedFieldsTest}, which runs it as {@link Phases}. */
public final class FixedFieldsWorkload {

    static final int SAMPLES = 4_000_000;
    /** The chars of the recording's notes: a 16 MB image, as its samples are stored in pages of their own. */
    static final int NOTES = 16_000_000;
    static final int PLAYS = 20;
    /** The most a commit of a few changed fixed fields may compare and log, for a 16 MB object. */
    static final long COMMIT_LIMIT = 1_024;

    private final String phase;

    private FixedFieldsWorkload(String phase) {
        this.phase = phase;
    }

    public static void main(String[] args) throws Exception {
        FixedFieldsWorkload workload = new FixedFieldsWorkload(args[0]);
        Phases.run(args, Map.of("build", workload::build, "play", workload::play, "verify", workload::verify));
    }

    private void build(ObjectStore store) {
        Recording recording = store.root("recording", Recording.class, Recording::new);
        recording.samples = new long[SAMPLES];
        for (int i = 0; i < SAMPLES; i++) {
            recording.samples[i] = i * 31L;
        }
        recording.notes = "n".repeat(NOTES);
        store.commit();
    }

    /**
     * Each commit of some of the object's fixed fields (its own and its superclass's, numbers and a reference to an
     * object the commit stores) compares and logs about those fields under the remembered set, whose barrier tells
     * them apart from its array; the JVM is killed after the last.
     */
    private void play(ObjectStore store) {
        Recording recording = store.root("recording", Recording.class);
        boolean fixedFieldsKnown = AgentOptions.current().barrier() == Barrier.REMSET;
        Phases.check(phase, "not played yet", recording.plays == 0); // faults the object in before the timing
        long slowest = 0;
        for (int i = 0; i < PLAYS; i++) {
            StoreStats before = store.stats();
            long start = System.nanoTime();
            recording.plays++;
            recording.lastPlayed = 1_000L + i;
            if (i % 4 == 1) {
                recording.rating += 0.5;
                recording.favourite = !recording.favourite;
            }
            if (i % 5 == 2) {
                recording.previous = new Recording(); // a reference to an object this commit stores
            }
            store.commit();
            slowest = Math.max(slowest, System.nanoTime() - start);
            StoreStats after = store.stats();
            long compared = after.bytesCompared() - before.bytesCompared();
            long logged = after.bytesLogged() - before.bytesLogged();
            if (fixedFieldsKnown) {
                Phases.check(phase, "commit " + i + " rewrote the fixed fields",
                    after.fixedFieldRewrites() - before.fixedFieldRewrites() == 1);
                Phases.check(phase, "commit " + i + " compared " + compared + " bytes", compared <= COMMIT_LIMIT);
                Phases.check(phase, "commit " + i + " logged " + logged + " bytes", logged <= COMMIT_LIMIT);
            }
        }
        System.out.println("the slowest of " + PLAYS + " commits of fixed fields of a " + NOTES + "-byte object took "
            + slowest / 1_000 + " µs");
        Phases.halt(phase);
    }

    /** The fields as last committed, and every sample as built: the object's checksum is checked when it faults in. */
    private void verify(ObjectStore store) {
        Recording recording = store.root("recording", Recording.class);
        Phases.check(phase, "plays " + recording.plays, recording.plays == PLAYS);
        Phases.check(phase, "last played " + recording.lastPlayed, recording.lastPlayed == 1_000L + PLAYS - 1);
        Phases.check(phase, "rating " + recording.rating, recording.rating == 0.5 * ((PLAYS + 2) / 4));
        Phases.check(phase, "favourite " + recording.favourite, recording.favourite == ((PLAYS + 2) / 4 % 2 == 1));
        Phases.check(phase, "the last recording made before", recording.previous != null && recording.previous.samples == null
            && recording.previous != recording);
        long[] samples = recording.samples;
        boolean intact = samples.length == SAMPLES;
        for (int i = 0; intact && i < SAMPLES; i++) {
            intact = samples[i] == i * 31L;
        }
        Phases.check(phase, "the samples as built", intact);
        Phases.check(phase, "the notes as built", recording.notes.length() == NOTES && recording.notes.chars().allMatch(c -> c == 'n'));
    }
}
