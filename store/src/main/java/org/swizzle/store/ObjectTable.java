package org.swizzle.store;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.swizzle.StoreCorruptedException;

/**
 * Finds committed objects: the segment directory gives the table of the OID's segment, the table
 * entry (read through the mapping) gives the object's offset, length and class id. Two array
 * lookups, no hashing and no allocation, except a copy for the rare object that spans two regions.
 */
final class ObjectTable {
    /** {@link #entryPosition} of an OID whose segment has no table. */
    static final long NO_ENTRY = -1;

    private static final byte[] NO_BYTES = new byte[0];

    private final SegmentDirectory directory;
    private final ClusterFile clusters;
    private final MappedRegions regions;

    ObjectTable(SegmentDirectory directory, ClusterFile clusters) {
        this.directory = directory;
        this.clusters = clusters;
        this.regions = clusters.regions();
    }

    /** The cluster file offset of the OID's table entry, or {@link #NO_ENTRY}. */
    long entryPosition(long oid) {
        if (oid <= 0) {
            return NO_ENTRY;
        }
        long table = directory.tableOffset(Oids.segment(oid));
        return table == 0 ? NO_ENTRY : SegmentTableDescriptor.entryPosition(table, oid);
    }

    boolean contains(long oid) {
        long entry = entryPosition(oid);
        return entry != NO_ENTRY && objectOffset(entry) != 0;
    }

    /** The entry of an object that exists; {@link StoreCorruptedException} if it does not. */
    long existingEntry(long oid) {
        if (oid <= 0) {
            throw new IllegalArgumentException("OID must be positive, found " + oid + " (0 is the null OID)");
        }
        long entry = entryPosition(oid);
        if (entry == NO_ENTRY) {
            long segment = Oids.segment(oid);
            throw new StoreCorruptedException(directory.file(), SegmentDirectoryDescriptor.entryPosition(segment),
                "object " + oid + " does not exist: its segment " + segment + " has no table");
        }
        if (objectOffset(entry) == 0) {
            throw new StoreCorruptedException(clusters.file(), entry, "object " + oid + " does not exist");
        }
        return entry;
    }

    long objectOffset(long entry) {
        return SegmentTableDescriptor.objectOffset(regions.region(entry), regions.offsetInRegion(entry));
    }

    int length(long entry) {
        return SegmentTableDescriptor.length(regions.region(entry), regions.offsetInRegion(entry));
    }

    int classId(long entry) {
        return SegmentTableDescriptor.classId(regions.region(entry), regions.offsetInRegion(entry));
    }

    /** Wraps {@code view} over the committed bytes of the object whose entry is {@code entry}. */
    DirectBuffer read(long oid, long entry, UnsafeBuffer view) {
        long offset = objectOffset(entry);
        int length = length(entry);
        if (length < 0 || offset < ClusterFileDescriptor.FIRST_FREE || offset + length > regions.mappedLength()) {
            throw new StoreCorruptedException(clusters.file(), entry, "object " + oid + " has offset " + offset
                + " and length " + length + ", outside the " + regions.mappedLength() + " bytes of the file");
        }
        if (length == 0) {
            view.wrap(NO_BYTES); // its offset may be the end of the mapping
        } else if (regions.inOneRegion(offset, length)) {
            regions.wrap(view, offset, length);
        } else {
            byte[] copy = new byte[length];
            regions.copy(offset, copy);
            view.wrap(copy);
        }
        return view;
    }
}
