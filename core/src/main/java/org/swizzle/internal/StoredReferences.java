package org.swizzle.internal;

import java.util.function.LongConsumer;

import org.swizzle.store.LittleEndianBuffer;
import org.swizzle.store.SegmentStore;

/**
 * The references in the committed image of a stored object or collection, read from its bytes alone (nothing is
 * swizzled or faulted): what the reachability trace and the collector follow, and what {@code abort()} closes its
 * revert over. Used under the object manager's lock, one image at a time.
 */
final class StoredReferences {

    private final SegmentStore store;
    private final Catalog catalog;
    private final ObjectReader reader;
    private final LittleEndianBuffer view = LittleEndianBuffer.empty();

    StoredReferences(SegmentStore store, Catalog catalog, ObjectReader reader) {
        this.store = store;
        this.catalog = catalog;
        this.reader = reader;
    }

    /** Hands the OID of each object and collection committed image {@code oid} refers to to {@code action}; none if there is no such image. */
    void forEach(long oid, LongConsumer action) {
        if (!store.contains(oid) || catalog.isArrayPage(store.classId(oid))) {
            return; // an array's page refers to nothing
        }
        LittleEndianBuffer bytes = store.read(oid, view);
        reader.reset(bytes, store.length(oid));
        int classId = store.classId(oid);
        if (catalog.isCollection(classId)) {
            reader.forEachReference(action);
        } else {
            int shape = reader.readShort() & 0xFFFF;
            reader.forEachReference(catalog.shape(classId, shape), action);
        }
    }
}
