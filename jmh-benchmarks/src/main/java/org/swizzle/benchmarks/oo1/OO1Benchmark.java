package org.swizzle.benchmarks.oo1;

import java.util.SplittableRandom;

import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * What every OO1 benchmark shares: the database size, the fork's {@link OO1Session}, the generator
 * of start parts and lookup ids, and the generator of update choices (each seeded alike in every
 * fork, so that the n-th iteration of every system starts from the same part). A benchmark class extends this with its operations and declares
 * one nested subclass per system, each a fork of its own with its own JVM arguments.
 *
 * <p>Part of the OO1 benchmarks; run them with {@code jmh-benchmarks/run.sh [smoke|quick|full]} from the
 * repository root (see {@code jmh-benchmarks/README.md}).
 */
@State(Scope.Benchmark)
public abstract class OO1Benchmark {

    /** The seed of the database every system holds. */
    public static final long DATABASE_SEED = 42;
    /** The seed of the start parts and lookup ids. */
    public static final long RUN_SEED = 4242;
    /** The seed of the update choices. */
    public static final long CHOICE_SEED = 424242;

    /** Parts in the database: 20,000 (small); 200,000 (large) in full mode. */
    @Param({"20000"})
    public int parts;

    protected OO1Session session;
    protected OO1Database db;
    protected SplittableRandom random;
    protected SplittableRandom choices;

    /** The system this fork measures. */
    protected abstract Engine engine();

    /** Makes the master copy if needed and opens a working copy. */
    protected void openSession() {
        createSession();
        db = session.open();
    }

    /** Makes the master copy if needed, opening nothing. */
    protected void createSession() {
        random = new SplittableRandom(RUN_SEED);
        choices = new SplittableRandom(CHOICE_SEED);
        session = new OO1Session(engine(), parts, DATABASE_SEED);
    }

    protected void closeSession() {
        if (session != null) {
            session.close();
            session = null;
            db = null;
        }
    }

    /** A random part id of the original database. */
    protected int randomId() {
        return 1 + random.nextInt(parts);
    }

    /** The ids of an OO1 lookup: 1,000 random parts. */
    protected int[] randomIds() {
        int[] ids = new int[OO1Data.LOOKUPS];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = randomId();
        }
        return ids;
    }
}
