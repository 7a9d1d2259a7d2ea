package org.swizzle.benchmarks.oo7;

import org.swizzle.StoreStats;

/**
 * One system holding the OO7 module: the heap (plain Java), Swizzle, or EclipseStore. The operations
 * run on {@link #module()} directly; what differs is how a change is made durable.
 */
interface OO7Database extends AutoCloseable {

    /** The root of the database. */
    Module module();

    /** Notes an atomic part changed by T2 (EclipseStore stores it; the others need not be told). */
    void changed(AtomicPart part);

    /** Makes every change since the last commit durable, in the system's own way. */
    void commit();

    /** The store's counters (Swizzle), or null. */
    StoreStats stats();

    @Override
    void close();
}
