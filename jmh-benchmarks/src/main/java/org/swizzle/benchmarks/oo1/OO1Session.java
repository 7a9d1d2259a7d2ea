package org.swizzle.benchmarks.oo1;

import java.nio.file.Path;

/**
 * One fork's OO1 database: the engine, a working copy of the master files, and the open database.
 * {@link #reopen()} closes and opens the same copy again (warm runs); {@link #fresh()} replaces the
 * copy with a new one from the master (cold runs, which must not see earlier commits).
 *
 * <p>Part of the OO1 benchmarks; run them with {@code jmh-benchmarks/run.sh [smoke|quick|full]} from the
 * repository root (see {@code jmh-benchmarks/README.md}).
 */
public final class OO1Session implements AutoCloseable {

    private final Engine engine;
    private final OO1Data data;
    private final Path master;
    private Path copy;
    private OO1Database db;

    public OO1Session(Engine engine, int parts, long seed) {
        this.engine = engine;
        this.data = OO1Data.generate(parts, seed);
        this.master = engine.hasFiles() ? DatabaseFiles.master(engine, parts, seed) : null;
    }

    /** The open database, after {@link #open()}. */
    public OO1Database db() {
        return db;
    }

    public Engine engine() {
        return engine;
    }

    /** Opens a new copy of the database. */
    public OO1Database open() {
        closeDb();
        DatabaseFiles.delete(copy);
        copy = master == null ? null : DatabaseFiles.copy(master);
        return reopen();
    }

    /** Closes the database and opens the same copy again. */
    public OO1Database reopen() {
        closeDb();
        db = engine.open(copy, data);
        return db;
    }

    /** Closes the database and puts a new copy in place, not yet opened (for a cold open to measure). */
    public void fresh() {
        closeDb();
        DatabaseFiles.delete(copy);
        copy = master == null ? null : DatabaseFiles.copy(master);
    }

    /** Opens the copy that {@link #fresh()} put in place. */
    public OO1Database openCopy() {
        db = engine.open(copy, data);
        return db;
    }

    private void closeDb() {
        if (db != null) {
            db.close();
            db = null;
        }
    }

    @Override
    public void close() {
        closeDb();
        DatabaseFiles.delete(copy);
        copy = null;
    }
}
