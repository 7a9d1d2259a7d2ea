package org.swizzle.store;

import java.util.ArrayList;
import java.util.List;

/**
 * Names what overlaps at a position of the cluster file, for the message of a store that fails
 * its space check: a second pass over the tables, taken only once damage is found.
 */
final class Overlaps {
    private Overlaps() {
    }

    static String describe(long position, long previousEnd, TableScan.Tables tables, long segments, ClusterLayout layout) {
        List<String> owners = new ArrayList<>();
        if (position < ClusterFileDescriptor.FIRST_FREE) {
            owners.add("the header page");
        }
        for (long segment = 0; segment < segments; segment++) {
            long table = tables.tableOffset(segment);
            if (table != 0 && table <= position && position < table + SegmentTableDescriptor.TABLE_LENGTH) {
                owners.add("the table of segment " + segment + " at offset " + table);
            }
        }
        new TableScan().scan(tables, new TableScan.Visitor() {
            @Override
            public void entry(long segment, TableEntry entry) {
                if (entry.exists() && entry.offset <= position && position < entry.offset + layout.extent(entry.length)) {
                    owners.add("object " + entry.oid + " (" + entry.length + " bytes at offset " + entry.offset
                        + ", table entry at offset " + entry.position + ')');
                }
            }

            @Override
            public void damaged(long oid, long entryPosition, String problem) {
                // Reported by the first pass.
            }
        });
        return "space used twice: the extent at offset " + position + " starts before the one before it ends, at "
            + previousEnd + "; the byte at " + position + " belongs to " + String.join(" and ", owners);
    }
}
