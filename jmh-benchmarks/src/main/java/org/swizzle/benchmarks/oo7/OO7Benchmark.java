package org.swizzle.benchmarks.oo7;

import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * What the OO7 benchmarks share: the connections per atomic part, the fork's {@link OO7Session} and the
 * open database. A benchmark class extends this with its operations and declares one nested subclass per
 * system, each a fork of its own with its own JVM arguments.
 *
 * <p>Part of the OO7 benchmarks; run them with {@code jmh-benchmarks/run.sh [smoke|quick|full]} from the
 * repository root (see {@code jmh-benchmarks/README.md}).
 */
@State(Scope.Benchmark)
public abstract class OO7Benchmark {

    /** Connections per atomic part: 3 (also 6 and 9 in the paper). */
    @Param({"3"})
    public int connections;

    protected OO7Session session;
    protected OO7Database db;
    protected Operations operations = new Operations();

    /** The system this fork measures. */
    protected abstract OO7Engine engine();

    /** Makes the master copy if needed, opening nothing. */
    protected void createSession() {
        session = new OO7Session(engine(), connections);
    }

    /** Makes the master copy if needed and opens a working copy. */
    protected void openSession() {
        createSession();
        session.fresh();
        db = session.open();
    }

    /**
     * Makes the whole database but the documents and the manual resident (every assembly, composite and atomic
     * part, connection and the index) and commits, checking that the design holds the atomic parts T1 visits.
     * It reaches them through fields no measured operation reads ({@link Operations#warm}), so that no fault
     * enters the profile of the accessors the benchmarks measure.
     */
    protected void makeResident() {
        int parts = operations.warm(db.module());
        if (parts != Operations.T1_VISITS) {
            throw new IllegalStateException("the design holds " + parts + " atomic parts, not " + Operations.T1_VISITS);
        }
        db.commit();
    }

    protected void closeSession() {
        if (session != null) {
            session.close();
            session = null;
            db = null;
        }
    }
}
