package org.swizzle.benchmarks.oo1.peers;

import java.nio.file.Path;

import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.swizzle.benchmarks.oo1.OO1Data;

/**
 * H2's MVStore as its documentation shows it: an {@code MVMap<Integer, byte[]>} of
 * {@link PartCodec} values in one file, auto-commit off, and each OO1 commit an
 * {@code MVStore.commit()} followed by {@code sync()} (a force of the file), so that it is durable
 * as a Swizzle commit is.
 *
 * <p>Part of the OO1 benchmarks; run them with {@code jmh-benchmarks/run.sh [smoke|quick|full]} from the
 * repository root (see {@code jmh-benchmarks/README.md}).
 */
public final class H2Database extends KeyValueDatabase {

    static final String FILE = "oo1.mv.db";

    private final MVStore store;
    private final MVMap<Integer, byte[]> parts;

    private H2Database(MVStore store, MVMap<Integer, byte[]> parts) {
        super(parts.size());
        this.store = store;
        this.parts = parts;
    }

    /** Opens the database in {@code dir}. */
    public static H2Database open(Path dir) {
        MVStore store = new MVStore.Builder().fileName(dir.resolve(FILE).toString()).autoCommitDisabled().open();
        return new H2Database(store, store.openMap("parts"));
    }

    /** Writes {@code data} into a new database in {@code dir}. */
    public static void create(Path dir, OO1Data data) {
        try (H2Database db = open(dir)) {
            db.load(data);
            db.commit();
        }
    }

    @Override
    byte[] get(int id) {
        return parts.get(id);
    }

    @Override
    void put(int id, byte[] part) {
        parts.put(id, part);
    }

    @Override
    public void commit() {
        store.commit();
        store.sync();
    }

    @Override
    public void close() {
        store.close();
    }
}
