package org.swizzle.store;

import org.swizzle.StoreCorruptedException;

/**
 * Finds committed objects and checks them as they are read: the segment directory gives the table
 * of the OID's segment, the table entry (read through the mapping, its checksum checked, once in a
 * transaction: see {@link VerifiedEntries}) gives the object's offset, length, class id and checksum,
 * and reading the object checks its bytes against that checksum. Two array lookups and at most two
 * CRC32C computations, no allocation, except a copy for the rare object that spans two mapped regions.
 */
final class ObjectTable {
    private static final byte[] NO_BYTES = new byte[0];

    private final SegmentDirectory directory;
    private final ClusterFile clusters;
    private final MappedRegions regions;
    private final StoreState state;
    private final ClusterLayout layout;
    private final Checksums checksums = new Checksums();
    /** The entries the open transaction checked: its later reads of them are not checked again. */
    private final VerifiedEntries verified = new VerifiedEntries();
    private boolean inTransaction;

    ObjectTable(SegmentDirectory directory, ClusterFile clusters, StoreState state, ClusterLayout layout) {
        this.directory = directory;
        this.clusters = clusters;
        this.regions = clusters.regions();
        this.state = state;
        this.layout = layout;
    }

    /** A transaction begins: the entries it reads are checked once in it. */
    void transactionBegun() {
        verified.clear();
        inTransaction = true;
    }

    /** The transaction ended: every entry read is checked again until the next begins. */
    void transactionEnded() {
        verified.clear();
        inTransaction = false;
    }

    /** The slots of the entries verified in a transaction, which the next one starts with. */
    int verifiedSlots() {
        return verified.slots();
    }

    /**
     * Loads the entry of {@code oid} into {@code entry}, checking it; returns whether the object
     * exists. {@code false} without touching {@code entry} when the OID's segment has no table.
     *
     * @throws StoreCorruptedException the entry fails its checks
     */
    boolean load(long oid, TableEntry entry) {
        long table = tableOf(oid);
        if (table == 0) {
            return false;
        }
        String problem = check(oid, table, entry);
        if (problem != null) {
            throw new StoreCorruptedException(clusters.file(), entry.position, problem);
        }
        return entry.exists();
    }

    /** Whether {@code oid} has an entry that says the object exists or fails its checks; loads it into {@code entry}. */
    boolean existsOrDamaged(long oid, TableEntry entry) {
        long table = tableOf(oid);
        return table != 0 && (check(oid, table, entry) != null || entry.exists());
    }

    /** Whether {@code oid} has an intact entry that says the object exists; loads it into {@code entry}. */
    boolean existsIntact(long oid, TableEntry entry) {
        long table = tableOf(oid);
        return table != 0 && check(oid, table, entry) == null && entry.exists();
    }

    /** The file offset of the table of {@code oid}'s segment; 0 if it has none. */
    private long tableOf(long oid) {
        return oid <= 0 ? 0 : directory.tableOffset(Oids.segment(oid));
    }

    /** Loads the entry of {@code oid}, in {@code table}, into {@code entry}; what is wrong with it, null if it is intact. */
    private String check(long oid, long table, TableEntry entry) {
        long position = SegmentTableDescriptor.entryPosition(table, oid);
        boolean trusted = inTransaction && verified.contains(oid);
        String problem = entry.decode(regions.region(position), regions.offsetInRegion(position), oid, position,
            trusted ? null : checksums);
        if (problem == null && !trusted && entry.exists()) {
            problem = layout.objectProblem(oid, entry.offset, entry.length, state.allocatedEnd);
        }
        if (problem == null) {
            problem = entry.commitProblem(state.lastCommit);
        }
        if (problem == null && inTransaction && !trusted) {
            verified.add(oid);
        }
        return problem;
    }

    /** Loads the entry of an object that exists; {@link StoreCorruptedException} if it does not. */
    void loadExisting(long oid, TableEntry entry) {
        if (oid <= 0) {
            throw new IllegalArgumentException("OID must be positive, found " + oid + " (0 is the null OID)");
        }
        if (!load(oid, entry)) {
            long segment = Oids.segment(oid);
            long table = directory.tableOffset(segment);
            if (table == 0) {
                throw new StoreCorruptedException(directory.file(), SegmentDirectoryDescriptor.entryPosition(segment),
                    "object " + oid + " does not exist: its segment " + segment + " has no table");
            }
            throw new StoreCorruptedException(clusters.file(), entry.position, "object " + oid + " does not exist");
        }
    }

    /**
     * Wraps {@code view} over the committed bytes of the object whose entry is {@code entry}, after
     * checking them against the entry's checksum.
     *
     * @throws StoreCorruptedException the bytes fail their checksum
     */
    LittleEndianBuffer read(TableEntry entry, LittleEndianBuffer view) {
        view(entry, view);
        int crc;
        if (entry.length > 0 && regions.inOneRegion(entry.offset, entry.length)) {
            checksums.reset();
            regions.checksum(checksums, entry.offset, entry.length); // through the region's own view: no allocation
            crc = checksums.value();
        } else {
            crc = checksums.of(view, 0, entry.length);
        }
        if (crc != entry.crc) {
            throw new StoreCorruptedException(clusters.file(), entry.offset, "object " + entry.oid + " (" + entry.length
                + " bytes) fails its checksum: CRC32C " + Formats.hex(crc) + ", its table entry at offset "
                + entry.position + " says " + Formats.hex(entry.crc));
        }
        return view;
    }

    /** Wraps {@code view} over the committed bytes of the object whose entry is {@code entry}, unchecked. */
    LittleEndianBuffer view(TableEntry entry, LittleEndianBuffer view) {
        return view(entry, entry.length, view);
    }

    /**
     * Wraps {@code view} over the first {@code prefix} committed bytes (at most all of them) of the object whose
     * entry is {@code entry}, unchecked: an object that does not lie in one mapped region is copied, and a prefix
     * copies only itself.
     */
    LittleEndianBuffer view(TableEntry entry, int prefix, LittleEndianBuffer view) {
        long offset = entry.offset;
        int length = Math.min(prefix, entry.length);
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
