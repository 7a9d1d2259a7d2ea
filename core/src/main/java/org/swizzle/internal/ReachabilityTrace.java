package org.swizzle.internal;

import java.util.function.LongConsumer;

import org.agrona.DirectBuffer;
import org.agrona.collections.LongArrayList;
import org.agrona.collections.LongHashSet;
import org.agrona.concurrent.UnsafeBuffer;
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
    private final ObjectReader reader;
    private final UnsafeBuffer view = new UnsafeBuffer(0, 0);

    ReachabilityTrace(SegmentStore store, Catalog catalog, ObjectReader reader) {
        this.store = store;
        this.catalog = catalog;
        this.reader = reader;
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
            if (!store.contains(oid)) {
                continue;
            }
            DirectBuffer bytes = store.read(oid, view);
            reader.reset(bytes, store.length(oid));
            int classId = store.classId(oid);
            if (catalog.isCollection(classId)) {
                reader.forEachReference(visit);
            } else {
                int shape = reader.readShort() & 0xFFFF;
                reader.forEachReference(catalog.shape(classId, shape), visit);
            }
        }
        long stored = 0;
        for (long oid = SegmentStore.CATALOG_OID + 1; oid < store.oidLimit(); oid++) {
            if (store.contains(oid) && !reached.contains(oid) && !catalog.isCollection(store.classId(oid))) {
                stored++;
            }
        }
        return stored;
    }
}
