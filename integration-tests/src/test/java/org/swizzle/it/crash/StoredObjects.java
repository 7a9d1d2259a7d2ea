package org.swizzle.it.crash;

import java.util.Map;
import java.util.TreeMap;

import org.swizzle.store.LittleEndianBuffer;
import org.swizzle.store.SegmentStore;

/**
 * The committed objects of a store as {@link FreeWorkload} sees them: OID to class id and bytes, with
 * the transaction sequence number in the roots object. Read from a store, or kept by the workload
 * beside it; {@link #digest()} checksums it, so that a freed object that comes back, or a live object
 * lost or changed, gives another digest.
 */
final class StoredObjects {
    /** One stored object. */
    record Stored(int classId, byte[] bytes) {
    }

    final TreeMap<Long, Stored> objects = new TreeMap<>();

    /** Every object of {@code store}, read through its public API (each object's checksum is checked). */
    static StoredObjects read(SegmentStore store) {
        StoredObjects read = new StoredObjects();
        LittleEndianBuffer view = LittleEndianBuffer.of(new byte[0]);
        for (long oid = SegmentStore.ROOTS_OID; oid < store.oidLimit(); oid++) {
            if (store.contains(oid)) {
                LittleEndianBuffer bytes = store.read(oid, view);
                byte[] copy = new byte[bytes.capacity()];
                bytes.getBytes(0, copy);
                read.objects.put(oid, new Stored(store.classId(oid), copy));
            }
        }
        return read;
    }

    StoredObjects copy() {
        StoredObjects copy = new StoredObjects();
        copy.objects.putAll(objects);
        return copy;
    }

    /** Transactions committed: the number in the roots object, 0 before the first commit. */
    long seq() {
        Stored roots = objects.get(SegmentStore.ROOTS_OID);
        return roots == null ? 0 : LittleEndianBuffer.of(roots.bytes()).getLong(0);
    }

    /** The digest of every object, in OID order; {@link StateDigest#EMPTY} before the first commit. */
    String digest() {
        if (objects.isEmpty()) {
            return StateDigest.EMPTY;
        }
        Hash64 hash = new Hash64().add(objects.size());
        for (Map.Entry<Long, Stored> object : objects.entrySet()) {
            hash.add(object.getKey()).add(object.getValue().classId()).add(object.getValue().bytes().length);
            for (byte b : object.getValue().bytes()) {
                hash.add(b);
            }
        }
        return hash.hex();
    }
}
