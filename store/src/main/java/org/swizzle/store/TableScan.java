package org.swizzle.store;


/**
 * Reads every entry of every segment table, checking each: how the store rebuilds its free space
 * when it opens, and how the tool verifies a store. Where the tables are and how their bytes are
 * read is the caller's.
 */
final class TableScan {
    /** The segment tables to scan. */
    interface Tables {
        long count();

        /** The file offset of the segment's table, 0 if it has none. */
        long tableOffset(long segment);

        /** Fills the heap buffer {@code table} with the {@link SegmentTableDescriptor#TABLE_LENGTH} bytes at {@code position}. */
        void read(long position, LittleEndianBuffer table);
    }

    /** What a scan finds. */
    interface Visitor {
        /** An intact entry (empty ones too); {@code entry} is reused for the next one. */
        void entry(long segment, TableEntry entry);

        /** An entry that fails its checks. */
        void damaged(long oid, long entryPosition, String problem);

        /** Called after each segment, tables or not. */
        default void segmentDone(long segment) {
        }
    }

    /** The tables of an open store: where {@code directory} says they are, read through the mapping of {@code clusters}. */
    static Tables of(ClusterFile clusters, SegmentDirectory directory) {
        return new Tables() {
            @Override
            public long count() {
                return directory.count();
            }

            @Override
            public long tableOffset(long segment) {
                return directory.tableOffset(segment);
            }

            @Override
            public void read(long position, LittleEndianBuffer table) {
                clusters.read(position, table);
            }
        };
    }

    private final Checksums checksums = new Checksums();
    private final LittleEndianBuffer table = LittleEndianBuffer.of(new byte[SegmentTableDescriptor.TABLE_LENGTH]);
    private final TableEntry entry = new TableEntry();

    void scan(Tables tables, Visitor visitor) {
        for (long segment = 0; segment < tables.count(); segment++) {
            long position = tables.tableOffset(segment);
            if (position > 0) {
                tables.read(position, table);
                scanTable(segment, position, visitor);
            }
            visitor.segmentDone(segment);
        }
    }

    private void scanTable(long segment, long position, Visitor visitor) {
        long firstOid = Oids.firstOidOf(segment);
        for (int slot = 0; slot < Oids.SLOTS_PER_SEGMENT; slot++) {
            int index = slot * SegmentTableDescriptor.ENTRY_LENGTH;
            long oid = firstOid + slot;
            String problem = entry.decode(table, index, oid, position + index, checksums);
            if (problem == null) {
                visitor.entry(segment, entry);
            } else {
                visitor.damaged(oid, position + index, problem);
            }
        }
    }
}
