package org.swizzle.benchmarks.oo7;

import java.nio.file.Path;

import org.swizzle.benchmarks.Directories;

/**
 * One fork's OO7 database: the engine, a working copy of its master files (for plain Java, a module
 * built on the heap), and the database opened on it. {@link #fresh()} puts a new copy in place without
 * opening it, so that a cold benchmark can measure the open.
 */
final class OO7Session implements AutoCloseable {

    private final OO7Engine engine;
    private final int connections;
    private final Path master;
    private Path copy;
    private Module heapModule;
    private OO7Database db;

    OO7Session(OO7Engine engine, int connections) {
        this.engine = engine;
        this.connections = connections;
        this.master = engine.hasFiles() ? OO7Files.master(engine, connections) : null;
    }

    /** Closes the database and puts a new copy in place, not yet opened. */
    void fresh() {
        closeDb();
        Directories.delete(copy);
        copy = null;
        heapModule = null;
        if (engine.hasFiles()) {
            copy = OO7Files.copy(master);
        } else {
            heapModule = ModuleBuilder.build(connections, OO7Files.SEED);
        }
    }

    /** Opens the copy that {@link #fresh()} put in place. */
    OO7Database open() {
        db = engine.open(copy, heapModule);
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
        Directories.delete(copy);
        copy = null;
    }
}
