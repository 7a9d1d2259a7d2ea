package org.swizzle.internal;

import org.swizzle.store.LittleEndianBuffer;
import org.swizzle.store.SegmentStore;

/**
 * Reads the two stored objects that describe the others, what opening a store reads before any object: the
 * class catalog ({@link SegmentStore#CATALOG_OID}) and the root directory ({@link SegmentStore#ROOTS_OID}).
 * Neither loads a class of the application.
 */
final class StoreDirectory {

    private StoreDirectory() {
    }

    /** Fills {@code catalog} and {@code roots} from {@code store} (both empty for a new store); a damaged store if either does not parse. */
    static void read(SegmentStore store, Catalog catalog, Roots roots, ObjectReader reader) {
        if (store.contains(SegmentStore.CATALOG_OID)) {
            LittleEndianBuffer bytes = store.read(SegmentStore.CATALOG_OID, LittleEndianBuffer.empty());
            try {
                catalog.read(bytes, store.length(SegmentStore.CATALOG_OID));
            } catch (IllegalStateException | IndexOutOfBoundsException e) {
                throw store.corruptObject(SegmentStore.CATALOG_OID, "the class catalog does not parse (" + e.getMessage() + ")");
            }
        }
        readRoots(store, roots, reader);
    }

    /** Fills {@code roots} with the committed root directory of {@code store} (none in a new store). */
    static void readRoots(SegmentStore store, Roots roots, ObjectReader reader) {
        if (store.contains(SegmentStore.ROOTS_OID)) {
            LittleEndianBuffer bytes = store.read(SegmentStore.ROOTS_OID, LittleEndianBuffer.empty());
            try {
                roots.read(reader, bytes, store.length(SegmentStore.ROOTS_OID));
            } catch (IllegalStateException | IndexOutOfBoundsException e) {
                throw store.corruptObject(SegmentStore.ROOTS_OID, "the root directory does not parse (" + e.getMessage() + ")");
            }
        } else {
            roots.read(reader, LittleEndianBuffer.of(new byte[4]), 4);
        }
    }
}
