package org.swizzle.benchmarks.oo7;

import java.nio.file.Path;

import org.eclipse.serializer.persistence.types.Storer;
import org.eclipse.store.storage.embedded.types.EmbeddedStorage;
import org.eclipse.store.storage.embedded.types.EmbeddedStorageManager;
import org.swizzle.StoreStats;

/**
 * EclipseStore embedded storage holding the same model classes, unenhanced (its fork has no agent). The
 * small database is a few megabytes, so it is stored as plain object graph without {@code Lazy}
 * references: EclipseStore loads it whole when it starts. A commit stores each part T2 changed with one
 * {@link Storer} ({@code store(part)} as the part changes, {@code commit()} at the end), as EclipseStore
 * asks of its users; the first commit of a new database stores the root. EclipseStore 2.x writes with
 * {@code FileChannel.write} and has no option to force its files at a commit: its commits survive the
 * process, not the machine.
 */
final class EclipseStoreDatabase implements OO7Database {

    private final EmbeddedStorageManager storage;
    private final Module module;
    private boolean rootStored;
    private Storer storer;

    private EclipseStoreDatabase(EmbeddedStorageManager storage, Module module, boolean rootStored) {
        this.storage = storage;
        this.module = module;
        this.rootStored = rootStored;
    }

    /** Starts the storage in {@code dir}, which holds a module. */
    static EclipseStoreDatabase open(Path dir) {
        EmbeddedStorageManager storage = EmbeddedStorage.start(dir);
        if (!(storage.root() instanceof Module)) {
            storage.shutdown();
            throw new IllegalStateException("No OO7 module at the root of the EclipseStore storage " + dir);
        }
        return new EclipseStoreDatabase(storage, (Module) storage.root(), true);
    }

    /**
     * Starts a new storage in the empty directory {@code dir} with {@code module} as its root, stored at the first
     * commit ({@code start(root, dir)} would store it while starting).
     */
    static EclipseStoreDatabase create(Path dir, Module module) {
        EmbeddedStorageManager storage = EmbeddedStorage.start(dir);
        storage.setRoot(module);
        return new EclipseStoreDatabase(storage, module, false);
    }

    @Override
    public Module module() {
        return module;
    }

    @Override
    public void changed(AtomicPart part) {
        if (storer == null) {
            storer = storage.createStorer();
        }
        storer.store(part);
    }

    @Override
    public void commit() {
        if (!rootStored) {
            storage.storeRoot();
            rootStored = true;
        }
        if (storer != null) {
            storer.commit();
            storer = null;
        }
    }

    @Override
    public StoreStats stats() {
        return null;
    }

    @Override
    public void close() {
        storage.shutdown();
    }
}
