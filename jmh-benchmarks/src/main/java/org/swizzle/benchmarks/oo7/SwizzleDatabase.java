package org.swizzle.benchmarks.oo7;

import java.nio.file.Path;

import org.swizzle.ObjectStore;
import org.swizzle.StoreStats;

/**
 * Swizzle with the agent options of the fork and default store options (commits forced): the module is
 * the store's root {@value #ROOT}, faulted in as the operations touch it; the write barrier finds what
 * T2 changed, so {@link #changed} has nothing to do.
 */
final class SwizzleDatabase implements OO7Database {

    static final String ROOT = "oo7";

    private final ObjectStore store;
    private final Module module;

    private SwizzleDatabase(ObjectStore store, Module module) {
        this.store = store;
        this.module = module;
    }

    /** Opens the store in {@code dir}, which holds a module. */
    static SwizzleDatabase open(Path dir) {
        ObjectStore store = ObjectStore.open(dir);
        Module module = store.root(ROOT, Module.class);
        if (module == null) {
            store.close();
            throw new IllegalStateException("No OO7 module (root \"" + ROOT + "\") in the Swizzle store " + dir);
        }
        return new SwizzleDatabase(store, module);
    }

    /** Opens a new store in the empty directory {@code dir} with {@code module} as its root, not yet committed. */
    static SwizzleDatabase create(Path dir, Module module) {
        ObjectStore store = ObjectStore.open(dir);
        store.setRoot(ROOT, module);
        return new SwizzleDatabase(store, module);
    }

    @Override
    public Module module() {
        return module;
    }

    @Override
    public void changed(AtomicPart part) {
    }

    @Override
    public void commit() {
        store.commit();
    }

    @Override
    public StoreStats stats() {
        return store.stats();
    }

    @Override
    public void close() {
        store.close();
    }
}
