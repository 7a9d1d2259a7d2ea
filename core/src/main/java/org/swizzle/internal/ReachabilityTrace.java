package org.swizzle.internal;

import java.util.function.LongConsumer;

import org.agrona.collections.LongArrayList;
import org.agrona.collections.LongHashSet;
import org.swizzle.store.SegmentStore;

/**
 * Marks the committed object graph from the roots, reading stored bytes only (no object is faulted),
 * and counts the persistent objects it does not reach (collections, stored things of their own, are
 * traced through but not counted): those an update cut off. They are left in place
 * for now; a collector can reclaim them later.
 */
final class ReachabilityTrace {

    private final SegmentStore store;
    private final Catalog catalog;
    private final StoredReferences references;

    ReachabilityTrace(SegmentStore store, Catalog catalog, StoredReferences references) {
        this.store = store;
        this.catalog = catalog;
        this.references = references;
    }

    /** Stored objects not reachable from {@code roots}. */
    long countUnreachable(LongArrayList roots) {
        LongHashSet reached = new LongHashSet();
        LongArrayList pending = new LongArrayList();
        LongConsumer visit = oid -> {
            if (reached.add(oid)) {
                pending.addLong(oid);
            }
        };
        for (int i = 0; i < roots.size(); i++) {
            visit.accept(roots.getLong(i));
        }
        while (!pending.isEmpty()) {
            int last = pending.size() - 1;
            long oid = pending.getLong(last);
            pending.fastUnorderedRemove(last);
            references.forEach(oid, visit);
        }
        long stored = 0;
        long limit = store.oidLimit();
        for (long oid = store.nextObject(SegmentStore.CATALOG_OID + 1); oid < limit; oid = store.nextObject(oid + 1)) {
            if (!reached.contains(oid) && !catalog.isValue(store.classId(oid))) {
                stored++;
            }
        }
        return stored;
    }
}
