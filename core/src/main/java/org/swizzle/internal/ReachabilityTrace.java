package org.swizzle.internal;

import java.util.function.Consumer;
import java.util.function.LongConsumer;

import org.agrona.collections.LongArrayList;
import org.agrona.collections.LongHashSet;
import org.swizzle.store.SegmentStore;

/**
 * Marks the committed object graph from the roots, reading stored bytes only (no object is faulted),
 * and counts the persistent objects it does not reach (collections, stored things of their own, are
 * traced through but not counted): those an update cut off, for {@code stats()}; and, for the tool's verify, what
 * the roots reach, to tell garbage from what the application can still read.
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
        LongHashSet reached = reached(roots, unreadable -> {
            throw unreadable;
        });
        long stored = 0;
        long limit = store.oidLimit();
        for (long oid = store.nextObject(SegmentStore.CATALOG_OID + 1); oid < limit; oid = store.nextObject(oid + 1)) {
            if (!reached.contains(oid) && !catalog.isValue(store.classId(oid))) {
                stored++;
            }
        }
        return stored;
    }

    /**
     * The OIDs {@code roots} reach through committed images, theirs included. An image whose references cannot be read
     * (damage) is handed to {@code unreadable}, and leads nowhere if it returns.
     */
    LongHashSet reached(LongArrayList roots, Consumer<RuntimeException> unreadable) {
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
            try {
                references.forEach(oid, visit);
            } catch (RuntimeException e) {
                unreadable.accept(e);
            }
        }
        return reached;
    }
}
