package org.swizzle.benchmarks.oo7;

import org.swizzle.StoreStats;

/** Plain Java: the module on the heap, no agent, no files; a commit does nothing. */
final class HeapDatabase implements OO7Database {

    private final Module module;

    HeapDatabase(Module module) {
        this.module = module;
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
    }

    @Override
    public StoreStats stats() {
        return null;
    }

    @Override
    public void close() {
    }
}
